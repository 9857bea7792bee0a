#!/usr/bin/env python3
"""`make bench`: the hot paths under wrk next to their main query under pgbench.

Prepares (once) a database with 10,000 people, 1,000,000 invoices and 5,000,000 time entries, starts the release
server, drives each path with wrk (32 connections, BENCH_SECONDS each) and its SQL with pgbench
(prepared, and unprepared as the server sends it; 32 clients, same duration), and prints one table; the same goes as JSON to
bench-results/. Only loopback is used.
"""
import base64
import contextlib
import datetime
import concurrent.futures as futures
import json
import os
import re
import subprocess
import sys
import time
import uuid

import requests

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PG_PORT = os.environ.get("STAFFBOOK_PG_PORT", "54329")
PGBIN = "/usr/lib/postgresql/15/bin"
DB = "staffbook_bench"
BIN = os.environ.get("BENCH_BIN", os.path.join(ROOT, ".build", "release", "staffbook"))
PORT = 18090
URL = f"http://127.0.0.1:{PORT}"
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
CONNECTIONS = 32
THREADS = 2
OUT = os.path.join(ROOT, "bench-results")
KEY = "bench:" + base64.b64encode(b"bench signing key, 48 bytes long, not a secret!!").decode()


def psql(database, sql, *extra):
    return subprocess.run([f"{PGBIN}/psql", "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", PG_PORT, "-U", "staffbook",
                           "-d", database, "-v", "ON_ERROR_STOP=1", *extra, "-c", sql],
                          check=True, capture_output=True, text=True).stdout.strip()


HISTORY_DB = DB + "_history"


def env(database=DB):
    e = dict(os.environ)
    e.update({"DATABASE_URL": f"postgres://staffbook@127.0.0.1:{PG_PORT}/{database}", "AUTH_SIGNING_KEY": KEY,
              "HTTP_PORT": str(PORT), "LOG_LEVEL": "error", "AUTH_MAX_FAILURES_PER_ADDRESS": "100000",
              # Personal access tokens are counted per minute; the bench measures the check, not the limit.
              "AUTH_PERSONAL_TOKEN_REQUESTS_PER_MINUTE": "1000000",
              # The bench signs the demo admin in with a password; a second step is not what it measures.
              "AUTH_ADMIN_SECOND_FACTOR": "optional", "PAYMENTS_FOUR_EYES": "off",
              "DATABASE_MAX_CONNECTIONS": os.environ.get("BENCH_POOL", "4"),
              # The job worker would retry the notifications that earlier runs' approvals queued
              # (no mail server here) while the requests are measured: its CPU is not theirs.
              "JOBS_WORKER": "false",
              "SCHEMA_DIRECTORY": os.path.join(ROOT, "schema")})
    return e


def load(name, database=DB):
    started = time.time()
    subprocess.run([f"{PGBIN}/psql", "-X", "-q", "-h", "127.0.0.1", "-p", PG_PORT, "-U", "staffbook", "-d", database,
                    "-v", "ON_ERROR_STOP=1", "-1", "-f", os.path.join(ROOT, "bench", name)], check=True)
    print(f"bench/{name} loaded in {time.time() - started:.0f} s", flush=True)


def prepare_time():
    """Time entries came later than the rest: a database made before them gets them once."""
    if psql(DB, "SELECT count(*) FROM pg_tables WHERE tablename = 'bench_time_ready'") == "0":
        load("time.sql")
        psql(DB, "CREATE TABLE bench_time_ready ()")


def prepare_absences():
    """Absences came later still: a database made before them gets them once."""
    if psql(DB, "SELECT count(*) FROM pg_tables WHERE tablename = 'bench_absences_ready'") == "0":
        load("absences.sql")
        psql(DB, "CREATE TABLE bench_absences_ready ()")


def prepare_history():
    """A copy of the benchmark database with six more years of entries (20,000,000 in all), made
    once and kept: the month's reports must cost the same on it."""
    exists = psql("postgres", f"SELECT 1 FROM pg_database WHERE datname = '{HISTORY_DB}'")
    if exists and psql(HISTORY_DB, "SELECT count(*) FROM pg_tables WHERE tablename = 'bench_history_ready'") == "1":
        subprocess.run([BIN, "migrate"], env=env(HISTORY_DB), check=True, capture_output=True)
        return
    psql("postgres", f"DROP DATABASE IF EXISTS {HISTORY_DB} WITH (FORCE)")
    psql("postgres", f"CREATE DATABASE {HISTORY_DB} TEMPLATE {DB}")
    load("time-history.sql", HISTORY_DB)
    psql(HISTORY_DB, "CREATE TABLE bench_history_ready ()")


def prepare():
    exists = psql("postgres", f"SELECT 1 FROM pg_database WHERE datname = '{DB}'")
    if exists and psql(DB, "SELECT count(*) FROM pg_tables WHERE tablename = 'bench_ready'") == "1":
        # Schema files added since the data was generated apply to it as to any database.
        subprocess.run([BIN, "migrate"], env=env(), check=True, capture_output=True)
        prepare_time()
        prepare_absences()
        print("benchmark database is there; reusing it", flush=True)
        return
    psql("postgres", f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    psql("postgres", f"CREATE DATABASE {DB}")
    subprocess.run([BIN, "migrate"], env=env(), check=True, capture_output=True)
    load("data.sql")
    psql(DB, "CREATE TABLE bench_ready ()")
    prepare_time()
    prepare_absences()


def wait_until_ready(url, limit_seconds, pause, what="server"):
    """Polls /health/ready until it answers 200; the seconds it took."""
    started = time.time()
    while True:
        try:
            if requests.get(url + "/health/ready", timeout=max(pause, 1)).status_code == 200:
                return time.time() - started
        except requests.RequestException:
            pass
        if time.time() - started > limit_seconds:
            raise RuntimeError(f"{what} did not start")
        time.sleep(pause)


@contextlib.contextmanager
def measured(command, port, probe, env, what, cwd=None, headers=None, limit_seconds=60):
    """Starts another program serving on `port` (the ceiling, the Python peer), waits until
    `probe` answers, and points wrk and the CPU counters at it until the block ends."""
    global URL, SERVER_PID
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    saved = URL, SERVER_PID
    URL, SERVER_PID = f"http://127.0.0.1:{port}", process.pid
    try:
        started = time.time()
        while True:
            try:
                requests.get(URL + probe, headers=headers or {}, timeout=5).raise_for_status()
                break
            except requests.RequestException:
                if time.time() - started > limit_seconds:
                    raise RuntimeError(f"{what} did not start")
                time.sleep(0.05)
        yield URL
    finally:
        process.terminate()
        process.wait(timeout=30)
        URL, SERVER_PID = saved


class Server:
    def __init__(self, database=DB):
        self.database = database

    def start(self):
        self.process = subprocess.Popen([BIN, "serve", "--no-migrate"], env=env(self.database), stdout=subprocess.DEVNULL)
        return wait_until_ready(URL, 30, 0.01)

    def peak_rss_mb(self):
        status = open(f"/proc/{self.process.pid}/status").read()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def sign_in(email, url=URL, timeout=30):
    r = requests.post(url + "/v1/auth/password", json={"email": email, "password": "staffbook-demo"}, timeout=timeout)
    r.raise_for_status()
    return r.json()


def desk_cookie(email, url=URL):
    """Signs in to the desk through its form; the session cookie a browser would then send."""
    browser = requests.Session()
    form = browser.get(url + "/desk/sign-in", timeout=30)
    token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    signed = browser.post(url + "/desk/sign-in", data={"csrf": token, "email": email, "password": "staffbook-demo"},
                          allow_redirects=False, timeout=30)
    if signed.status_code != 303 or "sb_desk" not in browser.cookies:
        raise RuntimeError(f"desk sign-in failed: {signed.status_code}")
    return "sb_desk=" + browser.cookies["sb_desk"]


TICKS = os.sysconf("SC_CLK_TCK")
SERVER_PID = None


def cpu_seconds(pid, children=False):
    """User + system CPU of a process from /proc/<pid>/stat (with its reaped children's if asked)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / TICKS


def tree_cpu_seconds(pid):
    """A process's CPU with its reaped children's and its live descendants' (uvicorn's workers)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    total, stack = 0.0, [pid]
    while stack:
        current = stack.pop()
        try:
            total += cpu_seconds(current, children=True)
        except (OSError, ValueError):
            pass
        stack += children.get(current, [])
    return total


def postgres_cpu_seconds():
    """PostgreSQL's CPU: every process of the cluster, including backends that ended meanwhile."""
    postmaster = int(open(os.path.join(ROOT, ".local", "postgres", "data", "postmaster.pid")).readline())
    total = cpu_seconds(postmaster, children=True)
    for pid in postgres_backends():
        try:
            total += cpu_seconds(pid)
        except (OSError, ValueError):
            pass
    return total


def wrk(name, script="request.lua", seconds=SECONDS, connections=CONNECTIONS, **variables):
    # wrk wants at least a connection per thread (a report alone runs on one).
    threads = min(THREADS, connections)
    e = dict(os.environ, BENCH_THREADS=str(threads), **{k: str(v) for k, v in variables.items()})
    # The server's CPU with its children's: the PDF attachment helper runs per PDF upload.
    server_before, postgres_before = tree_cpu_seconds(SERVER_PID), postgres_cpu_seconds()
    out = subprocess.run(["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency", "-s",
                          os.path.join(ROOT, "bench", "wrk", script), URL], env=e, capture_output=True, text=True).stdout

    def latency(label):
        m = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)", out, re.M)
        if not m:
            return None
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    requests_done = max(int(re.search(r"(\d+) requests in", out).group(1)), 1)
    server_ms = (tree_cpu_seconds(SERVER_PID) - server_before) * 1000 / requests_done
    postgres_ms = (postgres_cpu_seconds() - postgres_before) * 1000 / requests_done
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    errors = (int(non2xx.group(1)) if non2xx else 0) + (sum(int(x) for x in socket.groups()) if socket else 0)
    if errors:
        print(f"  {name}: {(non2xx.group(0) + '; ') if non2xx else ''}{socket.group(0) if socket else ''}", flush=True)
    return {"path": name, "rps": rps, "p50_ms": latency("50"), "p99_ms": latency("99"), "errors": errors,
            "server_cpu_ms": server_ms, "postgres_cpu_ms": postgres_ms}


def upload_body(pdf, boundary, name, amount=None):
    """A multipart upload of `pdf` (and an amount), written to OUT/name for wrk to send."""
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.pdf\"\r\n"
            f"Content-Type: application/pdf\r\n\r\n").encode() + pdf
    if amount:
        body += f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"amount\"\r\n\r\n{amount}".encode()
    body += f"\r\n--{boundary}--\r\n".encode()
    path = os.path.join(OUT, name)
    open(path, "wb").write(body)
    return path


def pgbench(script, mode="prepared", **defines):
    args = [f"{PGBIN}/pgbench", "-n", "-M", mode, "-c", str(CONNECTIONS), "-j", str(THREADS), "-T", str(SECONDS),
            "-h", "127.0.0.1", "-p", PG_PORT, "-U", "staffbook", "-f", os.path.join(ROOT, "bench", "pgbench", script)]
    for key, value in defines.items():
        args += ["-D", f"{key}={value}"]
    before = set(postgres_backends())
    out = subprocess.run(args + [DB], capture_output=True, text=True).stdout
    # pgbench's backends are still exiting when it returns; their CPU reaches the postmaster's
    # children's total when they are reaped, which must not happen during the next path's run.
    deadline = time.time() + 10
    while set(postgres_backends()) - before and time.time() < deadline:
        time.sleep(0.05)
    m = re.search(r"tps = ([\d.]+)", out)
    return float(m.group(1)) if m else None


def postgres_backends():
    """The pids of the cluster's processes (the postmaster's children)."""
    postmaster = int(open(os.path.join(ROOT, ".local", "postgres", "data", "postmaster.pid")).readline())
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1]) == postmaster:
                    pids.append(int(entry))
            except (OSError, ValueError):
                pass
    return pids


JOBS = int(os.environ.get("BENCH_JOB_COUNT", "159000"))


def drain_jobs(admin, uri):
    """A month-end's worth of invoice checks and more: JOBS `invoice_checks` jobs (the latest
    uploaded person-months) queued through SQL, drained by one `staffbook worker` while the admin
    list's first page is read at 32 connections; the list's throughput before and during."""
    psql(DB, "DELETE FROM jobs WHERE kind = 'invoice_checks'")
    psql(DB, f"""INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, created_at)
        SELECT 'invoice_checks', account_id::text || ':' || to_char(period, 'YYYY-MM'),
               jsonb_build_object('person', account_id::text, 'month', to_char(period, 'YYYY-MM')), 'epoch', 10, now()
        FROM (SELECT account_id, period FROM invoices WHERE kind = 'uploaded' ORDER BY period DESC, account_id LIMIT {JOBS}) x""")
    queued = int(psql(DB, "SELECT count(*) FROM jobs WHERE kind = 'invoice_checks' AND state = 'pending'"))
    before = wrk("GET /v1/invoices (first page) before the drain", BENCH_PATH=uri, BENCH_TOKEN=admin)
    e = env()
    # The worker as deployed by default, one job at a time (JOBS_CONCURRENCY=1): on the same two
    # cores as the server, PostgreSQL and wrk it drains the month-end in about five minutes and
    # takes a tenth of the requests' throughput; two at a time drain it in half the time and take
    # a third (docs/performance.md), which is for a worker on cores of its own.
    e.update({"JOBS_WORKER": "true", "JOBS_POLL_SECONDS": "1", "JOBS_CONCURRENCY": os.environ.get("BENCH_WORKER_CONCURRENCY", "1")})
    started, postgres_before = time.time(), postgres_cpu_seconds()
    worker = subprocess.Popen([BIN, "worker"], env=e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(2)
        during = wrk("GET /v1/invoices (first page) while the worker drains", BENCH_PATH=uri, BENCH_TOKEN=admin)
        # Drained, or stopped after BENCH_DRAIN_SECONDS with the rate so far (the rest projected).
        limit, left = int(os.environ.get("BENCH_DRAIN_SECONDS", "1200")), queued
        while left and time.time() - started < limit:
            time.sleep(1)
            left = int(psql(DB, "SELECT count(*) FROM jobs WHERE kind = 'invoice_checks' AND state IN ('pending', 'running')"))
        seconds = time.time() - started
        worker_cpu = tree_cpu_seconds(worker.pid)
        # What was not reached is not left for the next run's server to find.
        psql(DB, "UPDATE jobs SET state = 'done', finished_at = now() WHERE kind = 'invoice_checks' AND state = 'pending'")
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    failed = int(psql(DB, "SELECT count(*) FROM jobs WHERE kind = 'invoice_checks' AND state = 'failed'"))
    ran = queued - left
    result = {"jobs": queued, "ran": ran, "finished": left == 0, "seconds": seconds,
              "projected_seconds": seconds if left == 0 else queued / max(ran / seconds, 1e-9), "failed": failed, "worker_cpu_s": worker_cpu,
              "postgres_cpu_s": postgres_cpu_seconds() - postgres_before, "rps_before": before["rps"], "rps_during": during["rps"],
              "p99_before_ms": before["p99_ms"], "p99_during_ms": during["p99_ms"], "slowdown": 1 - during["rps"] / before["rps"]}
    print(f"  {ran:,} of {queued:,} invoice_checks ran in {seconds:.0f} s ({failed} failed), worker CPU {worker_cpu:.0f} s; "
          f"the first invoice page {before['rps']:.0f} → {during['rps']:.0f} req/s while it ran", flush=True)
    return result


REPORT_MONTH = "from=2026-10-01&to=2026-10-31"


def report_rows(admin, entries):
    """The month's report by each grouping, one request at a time (its own latency and CPU), and
    eight at once; `entries` names the database's size in the rows."""
    rows = []
    for grouping in ("client", "project", "person", "team"):
        rows.append(wrk(f"GET /v1/reports/time (month, {grouping}) alone, {entries}",
                        BENCH_PATH=f"/v1/reports/time?{REPORT_MONTH}&groupBy={grouping}", BENCH_TOKEN=admin, connections=1))
    rows.append(wrk(f"GET /v1/reports/time (month, team) ×8, {entries}", BENCH_PATH=f"/v1/reports/time?{REPORT_MONTH}&groupBy=team",
                    BENCH_TOKEN=admin, connections=8))
    return rows


def main():
    os.makedirs(OUT, exist_ok=True)
    prepare()
    global SERVER_PID
    server = Server()
    cold = server.start()
    SERVER_PID = server.process.pid
    rows = []
    try:
        worker = sign_in("person3@bench.example")["accessToken"]   # a contractor
        admin = sign_in("person1@bench.example")["accessToken"]
        worker_id = requests.get(URL + "/v1/me", headers={"Authorization": f"Bearer {worker}"}, timeout=30).json()["id"]
        # A page deep in the admin list: follow the cursor 60 pages in.
        uri = "/v1/invoices?period=2026-09&state=approved&limit=20"
        cursor = None
        for _ in range(60):
            page = requests.get(URL + uri + (f"&cursor={cursor}" if cursor else ""), headers={"Authorization": f"Bearer {admin}"}, timeout=30).json()
            cursor = page["nextCursor"]
        position = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))

        # A short unrecorded run first: the first burst of 32 new connections after the cursor walk
        # above saw single requests wait up to 1.2 s (see docs/performance-history.md).
        wrk("warm-up", BENCH_PATH="/health/live", BENCH_TOKEN=worker, seconds=2)
        # Not a hot path: the server's own ceiling on this machine, with no database work.
        rows.append(wrk("GET /health/live (no database)", BENCH_PATH="/health/live", BENCH_TOKEN=worker))
        reads = [
            ("GET /v1/me", dict(BENCH_PATH="/v1/me", BENCH_TOKEN=worker), "me.sql", {}),
            ("GET /v1/me/invoices", dict(BENCH_PATH="/v1/me/invoices?limit=10", BENCH_TOKEN=worker), "my_invoices.sql", {}),
            ("GET /v1/me/rate", dict(BENCH_PATH="/v1/me/rate", BENCH_TOKEN=worker), "my_rate.sql", {}),
            ("GET /v1/invoices (first page)", dict(BENCH_PATH=uri, BENCH_TOKEN=admin), "invoices_first.sql", {}),
            ("GET /v1/invoices (page 61)", dict(BENCH_PATH=uri + f"&cursor={cursor}", BENCH_TOKEN=admin), "invoices_deep.sql",
             {"last": position["l"], "first": position["f"], "person": position["p"]}),
            ("GET /v1/users?q=novak", dict(BENCH_PATH="/v1/users?q=novak", BENCH_TOKEN=admin), "users_search.sql", {}),
        ]
        for name, variables, script, defines in reads:
            row = wrk(name, **variables)
            row["pgbench_tps"] = pgbench(script, **defines)
            row["ratio"] = row["rps"] / row["pgbench_tps"] if row["pgbench_tps"] else None
            # The same statements parsed and planned at every execution, as the server's are
            # (PostgresNIO sends them unnamed): where the gap to the prepared figure comes from.
            row["pgbench_unprepared_tps"] = pgbench(script, mode="extended", **defines)
            rows.append(row)
            print(f"  {name}: {row['rps']:.0f} req/s", flush=True)
        # The desk's two pages an admin opens all month, beside the API's list above: the month
        # (its first 50 invoices with checks, who has not uploaded) and one invoice.
        desk = desk_cookie("person1@bench.example")
        invoice_id = requests.get(URL + uri, headers={"Authorization": f"Bearer {admin}"}, timeout=30).json()["items"][0]["id"]
        for name, path in (("GET /desk/invoices (the month page)", "/desk/invoices?period=2026-09"),
                           ("GET /desk/invoices/{id} (an invoice page)", f"/desk/invoices/{invoice_id}")):
            rows.append(wrk(name, BENCH_PATH=path, BENCH_COOKIE=desk))
            print(f"  {name}: {rows[-1]['rps']:.0f} req/s, p50 {rows[-1]['p50_ms']:.1f} ms", flush=True)
            # One at a time: the page's own latency (bench/targets.json), not a queue of 32.
            rows.append(wrk(name + " alone", BENCH_PATH=path, BENCH_COOKIE=desk, connections=1))
        # The targets' rows: the server, a typical Python service doing the same work on the same
        # database (bench/peer.py) and the stack's own floor, in interleaved rounds (bench/peer_run.py).
        import peer_run
        rows += peer_run.rows(worker, admin, uri, (URL, SERVER_PID))
        # The A/B of who writes the JSON of the admin list and of the month's report by person: the
        # rows above and below had PostgreSQL write it (the default); the same server with
        # HTTP_LIST_JSON=server decodes the rows and writes them.
        e = env()
        e.update({"HTTP_LIST_JSON": "server", "HTTP_PORT": str(PORT + 4)})
        with measured([BIN, "serve", "--no-migrate"], PORT + 4, "/health/ready", e, "the server writing the list's JSON"):
            wrk("warm-up", BENCH_PATH=uri, BENCH_TOKEN=admin, seconds=2)
            for name, path in (("GET /v1/invoices (first page)", uri), ("GET /v1/invoices (page 61)", uri + f"&cursor={cursor}")):
                rows.append(wrk(name + ", the server writes the JSON", BENCH_PATH=path, BENCH_TOKEN=admin))
                print(f"  {rows[-1]['path']}: {rows[-1]['rps']:.0f} req/s", flush=True)
            rows.append(wrk("GET /v1/reports/time (month, person) alone, 5M entries, the server writes the JSON",
                            BENCH_PATH=f"/v1/reports/time?{REPORT_MONTH}&groupBy=person", BENCH_TOKEN=admin, connections=1))
            print(f"  {rows[-1]['path']}: p50 {rows[-1]['p50_ms']:.1f} ms", flush=True)
        # The A/B of the executor: the same server with NIO's own (CONCURRENCY_EXECUTOR=nio), which
        # queues a task on its loop again at every call into nonisolated code.
        e = env()
        e.update({"CONCURRENCY_EXECUTOR": "nio", "HTTP_PORT": str(PORT + 4)})
        with measured([BIN, "serve", "--no-migrate"], PORT + 4, "/health/ready", e, "the server on NIO's executor"):
            wrk("warm-up", BENCH_PATH="/v1/me", BENCH_TOKEN=worker, seconds=2)
            for name, path, token in (("GET /health/live (no database)", "/health/live", worker), ("GET /v1/me", "/v1/me", worker),
                                      ("GET /v1/invoices (first page)", uri, admin)):
                rows.append(wrk(name + ", NIO's executor", BENCH_PATH=path, BENCH_TOKEN=token))
                print(f"  {rows[-1]['path']}: {rows[-1]['rps']:.0f} req/s", flush=True)
        # Time tracking on 5,000,000 entries: a person's week, a team leader reading a member's
        # month, the company's month by team and by project (reports an admin asks for: two at a
        # time, and one alone for its own latency), the timer.
        week = "from=2026-10-19&to=2026-10-25"
        month = "from=2026-10-01&to=2026-10-31"
        leader = sign_in("person2@bench.example")["accessToken"]  # leads Team 3; person302 is a member
        member = "10000000-0000-4000-8000-000000000302"
        rows.append(wrk("GET /v1/me/time-summary (week)", BENCH_PATH=f"/v1/me/time-summary?{week}&groupBy=day", BENCH_TOKEN=worker))
        rows.append(wrk("GET /v1/me/time-entries (week)", BENCH_PATH=f"/v1/me/time-entries?{week}", BENCH_TOKEN=worker))
        rows.append(wrk("GET member's month (team leader)", BENCH_PATH=f"/v1/users/{member}/time-summary?{month}&groupBy=week",
                        BENCH_TOKEN=leader))
        rows += report_rows(admin, "5M entries")
        # Time off at 10,000 people: a leader's month of their team's calendar, and the same team
        # as the calendar feed a phone polls.
        team = "20000000-0000-4000-8000-000000000003"
        rows.append(wrk("GET team calendar (month)", BENCH_PATH=f"/v1/teams/{team}/absences?{month}", BENCH_TOKEN=leader))
        # The desk's pages of a leader and a worker: the team's month (a team of 50, a row a member
        # with hours, capacity, days without entries, days away and the timesheet) and a
        # contractor's two years of invoices.
        # Both also at four connections: people opening their page at once, where its latency is
        # the page's own and not the queue of 32 that two cores serve in turn.
        for name, email, path, connections in (
                ("GET /desk/team (a team of 50, the month)", "person2@bench.example", "/desk/team?month=2026-10", CONNECTIONS),
                ("GET /desk/team (a team of 50, the month) ×4", "person2@bench.example", "/desk/team?month=2026-10", 4),
                ("GET /desk/months (a worker's invoices)", "person3@bench.example", "/desk/months", CONNECTIONS),
                ("GET /desk/months (a worker's invoices) ×4", "person3@bench.example", "/desk/months", 4)):
            rows.append(wrk(name, BENCH_PATH=path, BENCH_COOKIE=desk_cookie(email), connections=connections))
            print(f"  {name}: {rows[-1]['rps']:.0f} req/s, p50 {rows[-1]['p50_ms']:.1f} ms", flush=True)
        feed = requests.post(URL + "/v1/me/calendar-feeds", headers={"Authorization": f"Bearer {leader}"}, json={"teamId": team},
                             timeout=30)
        feed.raise_for_status()
        rows.append(wrk("GET team calendar feed (iCalendar)", BENCH_PATH=feed.json()["url"].removeprefix(URL), BENCH_TOKEN=leader))
        single = []
        for _ in range(5):
            started = time.time()
            requests.get(URL + f"/v1/reports/time?{month}&groupBy=project", headers={"Authorization": f"Bearer {admin}"},
                         timeout=60).raise_for_status()
            single.append((time.time() - started) * 1000)
        month_report_ms = sorted(single)[len(single) // 2]
        print(f"  month report by project, alone: median {month_report_ms:.0f} ms of 5", flush=True)
        read_rss = server.peak_rss_mb()
        timer_tokens = os.path.join(OUT, "timer-tokens.txt")
        with futures.ThreadPoolExecutor(8) as pool:
            presses = list(pool.map(lambda n: sign_in(f"person{n}@bench.example")["accessToken"], range(2000, 2256)))
        open(timer_tokens, "w").write("\n".join(presses) + "\n")
        rows.append(wrk("POST /v1/me/timer start/stop", script="timer.lua", BENCH_TOKENS_FILE=timer_tokens,
                        BENCH_PROJECT="40000000-0000-4000-8000-000000000000"))
        # The same presses with personal access tokens (a button bridge): looked up and counted
        # in PostgreSQL on every request instead of a verified JWT and a cached session.
        def personal_token(n):
            session = sign_in(f"person{n}@bench.example")["accessToken"]
            response = requests.post(URL + "/v1/me/tokens", headers={"Authorization": f"Bearer {session}"},
                                     json={"name": "bench", "scopes": ["timer"]}, timeout=30)
            response.raise_for_status()
            return response.json()["token"]
        key_tokens = os.path.join(OUT, "timer-personal-tokens.txt")
        with futures.ThreadPoolExecutor(8) as pool:
            keys = list(pool.map(personal_token, range(2256, 2512)))
        open(key_tokens, "w").write("\n".join(keys) + "\n")
        rows.append(wrk("POST /v1/me/timer start/stop (personal token)", script="timer.lua", BENCH_TOKENS_FILE=key_tokens,
                        BENCH_PROJECT="40000000-0000-4000-8000-000000000000"))

        # Writes: refresh with rotating tokens, file download and upload (200 KB), approve.
        tokens = os.path.join(OUT, "refresh-tokens.txt")
        with futures.ThreadPoolExecutor(8) as pool:
            sessions = list(pool.map(lambda n: sign_in(f"person{n}@bench.example")["refreshToken"], range(100, 164)))
        open(tokens, "w").write("\n".join(sessions) + "\n")
        rows.append(wrk("POST /v1/auth/refresh", script="refresh.lua", BENCH_TOKENS_FILE=tokens))

        # A 200 KB body that only looks like a PDF (poppler cannot open it: no data is read), and
        # a 200 KB ISDOC.PDF whose attached ISDOC gives the data (the helper, the XML, the checks).
        boundary = "benchboundary7MA4YWxkTrZu0gW"
        body_file = upload_body(b"%PDF-1.4\n%" + b"x" * (200 * 1024) + b"\n%%EOF\n", boundary, "upload-body.bin", amount="1000")
        isdoc_pdf = os.path.join(OUT, "isdoc-200k.pdf")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "demo-isdoc-pdf.py"), isdoc_pdf, "--size-kb", "200"], check=True)
        isdoc_body_file = upload_body(open(isdoc_pdf, "rb").read(), boundary, "upload-isdoc-body.bin")
        body = open(body_file, "rb").read()
        # Uploads go to 2026-11, which the data set leaves empty and the approve run never touches,
        # so the database can be reused by the next run.
        first = requests.put(URL + "/v1/me/invoices/2026-11", headers={"Authorization": f"Bearer {worker}",
                             "Content-Type": f"multipart/form-data; boundary={boundary}"}, data=body, timeout=30).json()
        rows.append(wrk("GET invoice file (200 KB)", BENCH_PATH=f"/v1/invoices/{first['invoiceId']}/file", BENCH_TOKEN=worker))
        rows.append(wrk("PUT /v1/me/invoices (200 KB)", BENCH_METHOD="PUT", BENCH_PATH="/v1/me/invoices/2026-11", BENCH_TOKEN=worker,
                        BENCH_BODY_FILE=body_file, BENCH_CONTENT_TYPE=f"multipart/form-data; boundary={boundary}"))
        rows.append(wrk("PUT /v1/me/invoices (200 KB ISDOC.PDF)", BENCH_METHOD="PUT", BENCH_PATH="/v1/me/invoices/2026-11",
                        BENCH_TOKEN=worker, BENCH_BODY_FILE=isdoc_body_file,
                        BENCH_CONTENT_TYPE=f"multipart/form-data; boundary={boundary}"))
        # Approvals need invoices waiting for one: the first four months of 2025 (paid in the data
        # set, and read by no other path) are put back to submitted at every run.
        psql(DB, "UPDATE invoices SET state = 'submitted', approved_at = NULL, paid_at = NULL, version = version + 1 "
                 "WHERE period BETWEEN '2025-01-01' AND '2025-04-01' AND state <> 'submitted'")
        ids = os.path.join(OUT, "submitted-ids.txt")
        open(ids, "w").write(psql(DB, "SELECT id FROM invoices WHERE state = 'submitted' AND period BETWEEN '2025-01-01' AND '2025-04-01' ORDER BY id") + "\n")
        rows.append(wrk("POST approve (distinct invoices)", BENCH_METHOD="POST", BENCH_PATH="/v1/invoices/{id}/actions/approve",
                        BENCH_TOKEN=admin, BENCH_IDS_FILE=ids, BENCH_IF_MATCH="*"))

        # The pay run at size: 1,000 invoices into a run and its two files, a 10,000-line statement.
        import payrun
        payrun_rows, payrun_rss = payrun.measure(
            URL, f"postgres://staffbook@127.0.0.1:{PG_PORT}/{DB}", admin,
            cpu=lambda: (cpu_seconds(SERVER_PID, children=True), postgres_cpu_seconds()), rss=server.peak_rss_mb)

        # A phone back online: a batch of 500 entries, new and then sent again (all unchanged), for
        # five people whose November the data set leaves empty (cleared at every run).
        people = [(n, sign_in(f"person{n}@bench.example")["accessToken"]) for n in range(2600, 2605)]
        psql(DB, "DELETE FROM time_entries WHERE account_id IN (SELECT id FROM accounts WHERE email LIKE 'person260_@bench.example') "
                 "AND started_at >= '2026-11-01'")
        base = datetime.datetime(2026, 11, 2, tzinfo=datetime.timezone.utc)
        for label in ("new", "sent again"):
            walls, servers, postgreses = [], [], []
            for n, token in people:
                items = [{"id": str(uuid.UUID(int=(n << 16) + i)), "projectId": "40000000-0000-4000-8000-000000000000",
                          "description": "offline", "start": (base + datetime.timedelta(minutes=45 * i)).isoformat(),
                          "end": (base + datetime.timedelta(minutes=45 * i + 30)).isoformat()} for i in range(500)]
                def send():
                    r = requests.post(URL + "/v1/me/time-entries/batch", headers={"Authorization": f"Bearer {token}"},
                                      json={"items": items}, timeout=120)
                    r.raise_for_status()
                    return r.json()
                answer, wall, (server_ms, postgres_ms) = payrun.timed(
                    send, lambda: (cpu_seconds(SERVER_PID, children=True), postgres_cpu_seconds()))
                outcomes = {item["outcome"] for item in answer["items"]}
                assert outcomes == ({"created"} if label == "new" else {"unchanged"}), outcomes
                walls.append(wall)
                servers.append(server_ms)
                postgreses.append(postgres_ms)
            payrun_rows.append({"path": f"POST time-entries/batch (500, {label}; median of 5)", "wall_ms": sorted(walls)[2],
                                "server_cpu_ms": sum(servers) / 5, "postgres_cpu_ms": sum(postgreses) / 5})

        # A 10 MiB upload alone: what reading its multipart body costs the server (the finding
        # that it held an event loop ~0.8 s per MiB in a debug build). The same bytes each time:
        # stored once, so the person's daily upload quota is not spent by repeated runs.
        uploader = sign_in("person2700@bench.example")["accessToken"]
        ten = b"%PDF-1.4\n%" + b"m" * (10 * 1024 * 1024 - 40) + b"\n%%EOF\n"
        walls, servers, postgreses = [], [], []
        for _ in range(5):
            def put():
                r = requests.put(URL + "/v1/me/invoices/2026-11", headers={"Authorization": f"Bearer {uploader}"},
                                 files={"file": ("ten.pdf", ten, "application/pdf"), "amount": (None, "1")}, timeout=120)
                r.raise_for_status()
            _, wall, (server_ms, postgres_ms) = payrun.timed(put, lambda: (cpu_seconds(SERVER_PID, children=True), postgres_cpu_seconds()))
            walls.append(wall)
            servers.append(server_ms)
            postgreses.append(postgres_ms)
        payrun_rows.append({"path": "PUT /v1/me/invoices (10 MiB, median of 5; per MiB: server CPU / 10)", "wall_ms": sorted(walls)[2],
                            "server_cpu_ms": sorted(servers)[2], "postgres_cpu_ms": sorted(postgreses)[2]})

        # 20 concurrent 10 MiB uploads: peak memory.
        people = [(n, sign_in(f"person{n}@bench.example")["accessToken"]) for n in range(200, 220) if n % 10 < 7]
        big = b"%PDF-1.4\n%" + b"y" * (10 * 1024 * 1024 - 40) + b"\n%%EOF\n"
        with futures.ThreadPoolExecutor(20) as pool:
            list(pool.map(lambda p: requests.put(URL + "/v1/me/invoices/2026-11", headers={"Authorization": f"Bearer {p[1]}"},
                                                 files={"file": ("big.pdf", big, "application/pdf"), "amount": (None, "1")}, timeout=120),
                          people * 2))
        upload_rss = server.peak_rss_mb()
        jobs = drain_jobs(admin, uri) if os.environ.get("BENCH_JOBS", "1") != "0" else None
        # Fresh tokens for the ceiling's rows after the server has stopped: an access token lasts
        # minutes, the run since signing in longer.
        worker, admin = (sign_in(f"person{n}@bench.example")["accessToken"] for n in (3, 1))
    finally:
        server.stop()

    import ceiling
    rows += ceiling.rows(worker_id, worker, admin)

    # The same reports on 20,000,000 entries: their cost follows the month's people, not history.
    if os.environ.get("BENCH_HISTORY", "1") != "0":
        prepare_history()
        history = Server(HISTORY_DB)
        history.start()
        SERVER_PID = history.process.pid
        try:
            rows += report_rows(sign_in("person1@bench.example")["accessToken"], "20M entries")
        finally:
            history.stop()

    print()
    def cell(value, width, digits):
        # A row without a pgbench reference (no single statement, or no database) leaves it blank.
        return f"{value:{width}.{digits}f}" if value else " " * width

    print(f"{'path':42} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'pgbench tps':>12} {'ratio':>6} "
          f"{'unprepared':>11} {'srv CPU ms':>10} {'pg CPU ms':>9}")
    for r in rows:
        print(f"{r['path']:42} {r['rps']:9.0f} {r['p50_ms'] or 0:8.2f} {r['p99_ms'] or 0:8.2f} {r['errors']:7d} "
              f"{cell(r.get('pgbench_tps'), 12, 0)} {cell(r.get('ratio'), 6, 2)} {cell(r.get('pgbench_unprepared_tps'), 11, 0)} "
              f"{r['server_cpu_ms']:10.3f} {r['postgres_cpu_ms']:9.3f}")
    print(f"the month's report by project, one request alone: {month_report_ms:.0f} ms (median of 5)")
    for r in payrun_rows:
        print(f"{r['path']:60} {r['wall_ms']:8.0f} ms   srv CPU {r['server_cpu_ms']:6.0f} ms   pg CPU {r['postgres_cpu_ms']:6.0f} ms")
    print(f"peak RSS after the pay run: {payrun_rss:.0f} MB")
    print(f"cold start to ready: {cold * 1000:.0f} ms; peak RSS after reads: {read_rss:.0f} MB; "
          f"after 20 × 10 MiB uploads: {upload_rss:.0f} MB")
    # Webhook delivery on loopback, with the same binary on a small database of its own.
    import webhooks
    backlog, flow = webhooks.measure(BIN)
    webhooks.report(backlog, flow)
    # Instructions per request: the same count on a busy machine, unlike the figures above.
    instructions = {}
    if os.environ.get("BENCH_CALLGRIND", "1") != "0":
        import callgrind
        instructions = callgrind.measure()
        instructions.update({f"ceiling: {name}": figure for name, figure in callgrind.measure_ceiling().items()})
    if jobs:
        print(f"invoice_checks: {jobs['ran']:,} of {jobs['jobs']:,} jobs ran in {jobs['seconds']:.0f} s ({jobs['failed']} failed; all of "
              f"them {'done' if jobs['finished'] else 'projected at'} {jobs['projected_seconds']:.0f} s), worker CPU "
              f"{jobs['worker_cpu_s']:.0f} s, PostgreSQL CPU {jobs['postgres_cpu_s']:.0f} s; the first invoice page "
              f"{jobs['rps_before']:.0f} → {jobs['rps_during']:.0f} req/s, p99 {jobs['p99_before_ms']:.1f} → {jobs['p99_during_ms']:.1f} ms")
    import targets
    missed = targets.report(targets.evaluate(rows, jobs))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    json.dump({"rows": rows, "jobs": jobs, "payrun": payrun_rows, "peak_rss_payrun_mb": payrun_rss, "instructions_per_request": instructions, "month_report_ms": month_report_ms, "cold_start_ms": cold * 1000, "peak_rss_reads_mb": read_rss, "peak_rss_uploads_mb": upload_rss,
               "webhooks": {"backlog": backlog, "steady": flow}, "seconds": SECONDS, "connections": CONNECTIONS}, open(os.path.join(OUT, f"bench-{stamp}.json"), "w"), indent=2)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
