#!/usr/bin/env python3
"""Webhook delivery at size, on loopback: a server with its job worker delivers to a receiver here.

1. A backlog: 10,000 events committed in one transaction (10,000 resources, so nothing waits for
   order); the time until the last arrives, the deliveries per second, the delay from the commit
   to each arrival (p50, p99), and the server's and PostgreSQL's CPU per delivery.
2. A steady flow: 1,000 events, each in its own transaction about 10 ms apart; the delay from each
   commit to its arrival (p50, p99).

It makes its own small database (`staffbook_bench_webhooks`), so it runs alone in a minute or two:
`python3 bench/webhooks.py` (BENCH_BIN names the binary; `bench/run.py` passes the release one).
"""
import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PG_PORT = os.environ.get("STAFFBOOK_PG_PORT", "54329")
PSQL = "/usr/lib/postgresql/15/bin/psql"
DB = "staffbook_bench_webhooks"
PORT = 18190
TICKS = os.sysconf("SC_CLK_TCK")


def psql(database, sql, stdin=None):
    return subprocess.run([PSQL, "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", PG_PORT, "-U", "staffbook", "-d", database,
                           "-v", "ON_ERROR_STOP=1"] + ([] if stdin is not None else ["-c", sql]), input=stdin,
                          check=True, capture_output=True, text=True).stdout.strip()


def cpu_seconds(pid, children=False):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)) / TICKS


def postgres_cpu_seconds():
    postmaster = int(open(os.path.join(ROOT, ".local", "postgres", "data", "postmaster.pid")).readline())
    total = cpu_seconds(postmaster, children=True)
    for pid in psql("postgres", "SELECT pid FROM pg_stat_activity").split():
        try:
            total += cpu_seconds(int(pid))
        except (OSError, ValueError):
            pass
    return total


class Receiver:
    """Answers 200 at once and notes when each event arrived (by its `n`)."""

    def __init__(self):
        self.arrived = {}
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                now = time.time()
                data = json.loads(body)["data"]
                with receiver.lock:
                    receiver.arrived[data["n"]] = (now, data.get("t"))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        ThreadingHTTPServer.request_queue_size = 1024
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count, limit):
        deadline = time.time() + limit
        while time.time() < deadline:
            with self.lock:
                if len(self.arrived) >= count:
                    return True
            time.sleep(0.05)
        return False


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def events_sql(first, count, stamped):
    stamp = ", 't', extract(epoch FROM clock_timestamp())" if stamped else ""
    return (f"INSERT INTO events (type, resource, subject, data) SELECT 'time_entry.created', 'time_entry', 'bench-' || g, "
            f"jsonb_build_object('n', g{stamp}) FROM generate_series({first}, {first + count - 1}) g;")


def measure(binary):
    psql("postgres", f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    psql("postgres", f"CREATE DATABASE {DB}")
    env = dict(os.environ)
    env.update({"DATABASE_URL": f"postgres://staffbook@127.0.0.1:{PG_PORT}/{DB}", "AUTH_SIGNING_KEY": "bench:" + "k" * 48,
                "HTTP_PORT": str(PORT), "LOG_LEVEL": "error", "AUTH_ADMIN_SECOND_FACTOR": "optional", "PAYMENTS_FOUR_EYES": "off",
                "NOTIFY_WEBHOOK_ALLOW_HTTP": "true", "NOTIFY_WEBHOOK_ALLOW_PRIVATE_ADDRESSES": "true", "JOBS_POLL_SECONDS": "1",
                "SCHEMA_DIRECTORY": os.path.join(ROOT, "schema"), "SEEDS_DIRECTORY": os.path.join(ROOT, "seeds")})
    subprocess.run([binary, "migrate"], env=env, check=True, capture_output=True)
    subprocess.run([binary, "seed"], env=env, check=True, capture_output=True)
    receiver = Receiver()
    server = subprocess.Popen([binary, "serve", "--no-migrate"], env=env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{PORT}"
    try:
        for _ in range(300):
            try:
                if requests.get(url + "/health/ready", timeout=1).status_code == 200:
                    break
            except requests.RequestException:
                pass
            time.sleep(0.1)
        token = requests.post(url + "/v1/auth/password", json={"email": "admin@staffbook.example", "password": "staffbook-demo"},
                              timeout=30).json()["accessToken"]
        created = requests.post(url + "/v1/webhooks", headers={"Authorization": f"Bearer {token}"}, timeout=30,
                                json={"url": receiver.url, "eventTypes": ["time_entry.created"]})
        created.raise_for_status()

        # 1. The backlog.
        server_cpu, postgres_cpu = cpu_seconds(server.pid), postgres_cpu_seconds()
        psql(DB, events_sql(1, 10_000, False))
        committed = time.time()
        complete = receiver.wait(10_000, 600)
        with receiver.lock:
            arrivals = [at for at, _ in receiver.arrived.values()]
        server_ms = (cpu_seconds(server.pid) - server_cpu) * 1000
        postgres_ms = (postgres_cpu_seconds() - postgres_cpu) * 1000
        last = max(arrivals) - committed
        delays = [(at - committed) * 1000 for at in arrivals]
        backlog = {"events": len(arrivals), "complete": complete, "seconds": last, "per_second": len(arrivals) / last,
                   "p50_ms": percentile(delays, 0.5), "p99_ms": percentile(delays, 0.99),
                   "server_cpu_ms_per_delivery": server_ms / max(len(arrivals), 1),
                   "postgres_cpu_ms_per_delivery": postgres_ms / max(len(arrivals), 1)}

        # 2. A steady flow: one event per transaction, about 100 a second.
        with receiver.lock:
            receiver.arrived.clear()
        script = "\n".join(events_sql(100_001 + n, 1, True) + " SELECT pg_sleep(0.01);" for n in range(1000))
        psql(DB, None, stdin=script)
        receiver.wait(1000, 120)
        with receiver.lock:
            steady = [(at - t) * 1000 for at, t in receiver.arrived.values()]
        flow = {"events": len(steady), "p50_ms": percentile(steady, 0.5), "p99_ms": percentile(steady, 0.99)}
        return backlog, flow
    finally:
        server.terminate()
        server.wait(timeout=30)
        receiver.server.shutdown()


def report(backlog, flow):
    print(f"webhooks, 10,000 queued events: {backlog['events']} delivered in {backlog['seconds']:.1f} s "
          f"({backlog['per_second']:.0f}/s), commit→arrival p50 {backlog['p50_ms']:.0f} ms, p99 {backlog['p99_ms']:.0f} ms; "
          f"CPU per delivery: server {backlog['server_cpu_ms_per_delivery']:.2f} ms, "
          f"PostgreSQL {backlog['postgres_cpu_ms_per_delivery']:.2f} ms")
    print(f"webhooks, a steady 100 events/s: {flow['events']} delivered, commit→arrival p50 {flow['p50_ms']:.0f} ms, "
          f"p99 {flow['p99_ms']:.0f} ms")


if __name__ == "__main__":
    binary = os.environ.get("BENCH_BIN", os.path.join(ROOT, ".build", "release", "staffbook"))
    if not os.path.exists(binary):
        sys.exit(f"{binary} is missing: swift build -c release --product staffbook (or BENCH_BIN=…)")
    report(*measure(binary))
