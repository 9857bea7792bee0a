#!/usr/bin/env python3
"""Instructions per request for three paths, counted by valgrind's callgrind in the server.

Wall-clock and CPU figures drift with whatever else the machine runs; the instructions the
server executes for one request do not, so a regression shows even on a noisy machine. The
release server runs under `valgrind --tool=callgrind` against the benchmark database; for each
path a warm-up (caches, prepared statements, the verified-token memo) is followed by counters
zeroed with `callgrind_control`, a fixed number of requests one after the other on one
keep-alive connection, and a dump whose total is divided by the requests. Only the server's
instructions are counted, not PostgreSQL's.

The same count runs for `staffbook-ceiling` (bench/Ceiling: Hummingbird and PostgresNIO alone),
the floor the server's counts are read against.

Used by bench/run.py (`make bench`); alone: `python3 bench/callgrind.py` once the benchmark
database exists. Prints one line per path and returns the figures.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import requests

sys.path.insert(0, os.path.dirname(__file__))
import run as bench  # noqa: E402  (the same database, key and environment as the wrk runs)

WARM_UP = 200
REQUESTS = int(os.environ.get("BENCH_CALLGRIND_REQUESTS", "1000"))
PORT = 18091
URL = f"http://127.0.0.1:{PORT}"


def paths(admin, worker):
    return [
        ("GET /health/live", "/health/live", worker),
        ("GET /v1/me", "/v1/me", worker),
        ("GET /v1/invoices (first page)", "/v1/invoices?period=2026-09&state=approved&limit=20", admin),
    ]


def total_instructions(directory):
    """The sum of `totals:` over every dump file (one per thread when threads are separated)."""
    total = 0
    for name in glob.glob(os.path.join(directory, "callgrind.out*")):
        for line in open(name, errors="replace"):
            m = re.match(r"^(?:totals|summary):\s+(\d+)", line)
            if m:
                total += int(m.group(1))
                break
    return total


def start(directory, binary, arguments, env):
    """`binary` under callgrind, from a copy valgrind can read."""
    if not shutil.which("valgrind"):
        raise RuntimeError("valgrind is not installed (apt-get install valgrind)")
    # valgrind 3.19 cannot read the DWARF 5 debug information Swift's toolchain writes and gives
    # up; a copy without it runs (the symbol table stays, so callgrind_annotate names functions).
    copy = os.path.join(directory, os.path.basename(binary))
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    return subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={directory}/callgrind.out.%p", copy, *arguments],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def count(process, directory, url, paths, label):
    """Instructions per request for each (name, path, headers), after a warm-up."""
    results = {}
    for name, path, headers in paths:
        session = requests.Session()
        for _ in range(WARM_UP):
            session.get(url + path, headers=headers, timeout=60).raise_for_status()
        for old in glob.glob(os.path.join(directory, "callgrind.out*")):
            os.remove(old)
        subprocess.run(["callgrind_control", "--zero", str(process.pid)], check=True, capture_output=True)
        for _ in range(REQUESTS):
            session.get(url + path, headers=headers, timeout=60).raise_for_status()
        subprocess.run(["callgrind_control", "--dump", str(process.pid)], check=True, capture_output=True)
        per_request = total_instructions(directory) / REQUESTS
        results[name] = per_request
        print(f"  {label} {name}: {per_request:,.0f} instructions a request ({REQUESTS} requests)", flush=True)
        session.close()
    return results


def stop(process, directory):
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
    shutil.rmtree(directory, ignore_errors=True)


def measure():
    directory = tempfile.mkdtemp(prefix="staffbook-callgrind-")
    env = bench.env()
    env["HTTP_PORT"] = str(PORT)
    process = start(directory, bench.BIN, ["serve", "--no-migrate"], env)
    try:
        bench.wait_until_ready(URL, 300, 0.5, "the server under valgrind")

        def sign_in(email):
            # The first requests run under valgrind, far slower than natively.
            return bench.sign_in(email, url=URL, timeout=120)["accessToken"]
        admin, worker = sign_in("person1@bench.example"), sign_in("person3@bench.example")
        return count(process, directory, URL,
                     [(name, path, {"Authorization": f"Bearer {token}"}) for name, path, token in paths(admin, worker)],
                     "callgrind")
    finally:
        stop(process, directory)


def measure_ceiling():
    """The same count for the stack alone (bench/Ceiling): the floor under the server's figures."""
    import ceiling
    directory = tempfile.mkdtemp(prefix="staffbook-callgrind-ceiling-")
    env = bench.env()
    env.update({"HTTP_PORT": str(PORT), "CEILING_ACCOUNT": ceiling.ACCOUNT})
    process = start(directory, ceiling.BIN, [], env)
    try:
        started = time.time()
        while True:
            try:
                requests.get(URL + "/live", timeout=60).raise_for_status()
                break
            except requests.RequestException:
                if time.time() - started > 300:
                    raise RuntimeError("the ceiling did not start under valgrind")
                time.sleep(0.5)
        return count(process, directory, URL,
                     [("constant", "/live", {}), ("one row by key", "/me", {}), ("the admin list's page", "/invoices", {})],
                     "callgrind ceiling:")
    finally:
        stop(process, directory)


if __name__ == "__main__":
    measure()
    measure_ceiling()
