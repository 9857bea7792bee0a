"""The rows `make bench`'s targets are read from (bench/targets.json): the server, the Python peer
(bench/peer.py: Starlette, asyncpg, orjson, two uvicorn workers) and the stack's own floor
(bench/Ceiling) on the same paths of the benchmark database, in interleaved rounds.

This machine's speed drifts by a fifth and more within minutes (a neighbour's load), so a ratio
of two rows measured minutes apart says as much about the drift as about the two programs. All
three run at once (idle while another is driven) and each round drives every path of each in
turn; a row's figures are the medians over the rounds (BENCH_TARGET_ROUNDS, default 3)."""
import os
import statistics
import subprocess
import sys

import requests

sys.path.insert(0, os.path.dirname(__file__))
import ceiling  # noqa: E402
import run as bench  # noqa: E402

PORT = 18093
VENV = os.path.join(bench.ROOT, ".local", "bench-venv")
# uvicorn[standard]: uvloop and httptools, as a service in production runs it.
PACKAGES = ["starlette==1.10.0", "asyncpg==0.32.0", "orjson==3.13.0", "uvicorn[standard]==0.54.0"]
ROUNDS = int(os.environ.get("BENCH_TARGET_ROUNDS", "3"))


def python():
    """A virtual environment of its own with the peer's packages from PyPI, made once."""
    executable = os.path.join(VENV, "bin", "python")
    probe = subprocess.run([executable, "-c", "import starlette, asyncpg, orjson, uvicorn, uvloop, httptools"], capture_output=True) \
        if os.path.exists(executable) else None
    if probe is None or probe.returncode != 0:
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([executable, "-m", "pip", "install", "--quiet", *PACKAGES], check=True)
    return executable


def median_row(name, rows):
    """One row of `rows` (the same path's rounds): each figure's median."""
    row = {"path": name, "rounds": len(rows)}
    for key in ("rps", "p50_ms", "p99_ms", "server_cpu_ms", "postgres_cpu_ms"):
        row[key] = statistics.median(r[key] or 0 for r in rows)
    row["errors"] = sum(r["errors"] for r in rows)
    return row


def rows(worker, admin, uri, server, account=ceiling.ACCOUNT):
    """The target rows, named "targets: …": the server's (`server`: its URL and process id, running),
    the peer's ("targets: peer: …") and the ceiling's ("targets: ceiling: …", the same work: the
    bearer check before the read). `server` is passed in: run.py runs as `__main__`, so the
    `run` imported here is another copy of it, whose URL and process id are not the server's."""
    server_url, server_pid = server
    e = bench.env()
    # Two workers with two connections each: the server's pool of four.
    e.update({"PEER_POOL": str(max(int(e["DATABASE_MAX_CONNECTIONS"]) // 2, 1))})
    peer = [python(), "-m", "uvicorn", "peer:app", "--workers", "2", "--host", "127.0.0.1", "--port", str(PORT),
            "--loop", "uvloop", "--http", "httptools", "--log-level", "warning", "--no-access-log"]
    floor = bench.env()
    floor.update({"HTTP_PORT": str(ceiling.CEILING_PORT), "CEILING_ACCOUNT": account})
    with bench.measured(peer, PORT, "/v1/me", e, "the Python peer", cwd=os.path.dirname(__file__),
                        headers={"Authorization": f"Bearer {worker}"}) as peer_url:
        peer_pid = bench.SERVER_PID
        page = requests.get(peer_url + uri, headers={"Authorization": f"Bearer {admin}"}, timeout=30)
        page.raise_for_status()
        if len(page.json()["items"]) != 20:
            raise RuntimeError("the Python peer's page is not the server's")
        with bench.measured([ceiling.BIN], ceiling.CEILING_PORT, "/live", floor, "the ceiling server", limit_seconds=30) as ceiling_url:
            programs = [
                ("", server_url, server_pid, [("GET /health/live (no database)", "/health/live", worker),
                                              ("GET /v1/me", "/v1/me", worker), ("GET /v1/invoices (first page)", uri, admin)]),
                ("peer: ", peer_url, peer_pid, [("GET /health/live", "/health/live", worker), ("GET /v1/me", "/v1/me", worker),
                                                ("GET /v1/invoices (first page)", uri, admin)]),
                ("ceiling: ", ceiling_url, bench.SERVER_PID, [("constant (no database)", "/live", worker),
                                                         ("/v1/me with the bearer check", "/v1/me", worker),
                                                         ("the admin list's page with the bearer check", "/v1/invoices", admin)]),
            ]
            found = {}
            for _, url, pid, _ in programs:
                bench.URL, bench.SERVER_PID = url, pid
                bench.wrk("warm-up", BENCH_PATH="/v1/me", BENCH_TOKEN=worker, seconds=2)
            for round in range(ROUNDS):
                for prefix, url, pid, paths in programs:
                    bench.URL, bench.SERVER_PID = url, pid
                    for name, path, token in paths:
                        row = bench.wrk(name, BENCH_PATH=path, BENCH_TOKEN=token or "")
                        found.setdefault(f"targets: {prefix}{name}", []).append(row)
                        print(f"  round {round + 1}: {prefix}{name}: {row['rps']:.0f} req/s", flush=True)
    return [median_row(name, rounds) for name, rounds in found.items()]
