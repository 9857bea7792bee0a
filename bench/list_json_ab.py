#!/usr/bin/env python3
"""The A/B of who writes a response's JSON, alone: the release server started with
HTTP_LIST_JSON=database (PostgreSQL writes the rows; the default) and with =server (rows decoded
and written by the server), in alternating rounds, each driven as `make bench` drives it and
measured with the same CPU counters: the first invoice page (32 connections; BENCH_AB=list, the
default) or the month's report by person (one at a time; BENCH_AB=report). `make bench` runs
each way once; this repeats them, since two runs on a small machine differ by about a tenth.
Needs the benchmark database (`make bench` makes it once): `python3 bench/list_json_ab.py`
(BENCH_ROUNDS, default 3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import run  # noqa: E402  (the same database, environment and wrk runs as the bench's rows)

PORT = run.PORT + 5
PATHS = {
    "list": ("first page", "/v1/invoices?period=2026-09&state=approved&limit=20", run.CONNECTIONS),
    "report": ("report by person", f"/v1/reports/time?{run.REPORT_MONTH}&groupBy=person", 1),
}


def main():
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    what, uri, connections = PATHS[os.environ.get("BENCH_AB", "list")]
    token = None
    totals = {"database": [], "server": []}
    for round_ in range(rounds):
        for writer in ("database", "server"):
            e = run.env()
            e.update({"HTTP_LIST_JSON": writer, "HTTP_PORT": str(PORT)})
            with run.measured([run.BIN, "serve", "--no-migrate"], PORT, "/health/ready", e, "the server") as url:
                token = token or run.sign_in("person1@bench.example", url=url)["accessToken"]
                run.wrk("warm-up", BENCH_PATH=uri, BENCH_TOKEN=token, seconds=2, connections=connections)
                row = run.wrk(f"{what}, {writer} writes the JSON", BENCH_PATH=uri, BENCH_TOKEN=token, connections=connections)
            totals[writer].append(row)
            print(f"round {round_ + 1}, {writer:8} writes: {row['rps']:6.0f} req/s, p50 {row['p50_ms']:6.2f} ms, "
                  f"p99 {row['p99_ms']:6.2f} ms, CPU ms server "
                  f"{row['server_cpu_ms']:.3f} + PostgreSQL {row['postgres_cpu_ms']:.3f} = "
                  f"{row['server_cpu_ms'] + row['postgres_cpu_ms']:.3f}", flush=True)
    for writer, rows in totals.items():
        def mean(key):
            return sum(r[key] for r in rows) / len(rows)
        print(f"mean, {writer:8} writes: {mean('rps'):6.0f} req/s, p50 {mean('p50_ms'):6.2f} ms, p99 {mean('p99_ms'):6.2f} ms, CPU ms server "
              f"{mean('server_cpu_ms'):.3f} + PostgreSQL {mean('postgres_cpu_ms'):.3f} = "
              f"{mean('server_cpu_ms') + mean('postgres_cpu_ms'):.3f}")


if __name__ == "__main__":
    main()
