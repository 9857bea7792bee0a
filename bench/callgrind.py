#!/usr/bin/env python3
"""Instructions per request for three paths, counted by valgrind's callgrind in the server.

Wall-clock and CPU figures drift with whatever else the machine runs; the instructions the
server executes for one request do not, so a regression shows even on a noisy machine. The
release server runs under `valgrind --tool=callgrind` against the benchmark database; for each
path a warm-up (caches, prepared statements, the verified-token memo) is followed by counters
zeroed with `callgrind_control`, a fixed number of requests one after the other on one
keep-alive connection, and a dump whose total is divided by the requests. Only the server's
instructions are counted, not PostgreSQL's.

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


def measure():
    if not shutil.which("valgrind"):
        raise RuntimeError("valgrind is not installed (apt-get install valgrind)")
    directory = tempfile.mkdtemp(prefix="staffbook-callgrind-")
    # valgrind 3.19 cannot read the DWARF 5 debug information Swift's toolchain writes and gives
    # up; a copy without it runs (the symbol table stays, so callgrind_annotate names functions).
    binary = os.path.join(directory, "staffbook")
    subprocess.run(["objcopy", "--strip-debug", bench.BIN, binary], check=True)
    env = bench.env()
    env["HTTP_PORT"] = str(PORT)
    process = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={directory}/callgrind.out.%p", binary, "serve", "--no-migrate"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {}
    try:
        bench.wait_until_ready(URL, 300, 0.5, "the server under valgrind")

        def sign_in(email):
            # The first requests run under valgrind, far slower than natively.
            return bench.sign_in(email, url=URL, timeout=120)["accessToken"]
        admin, worker = sign_in("person1@bench.example"), sign_in("person3@bench.example")
        for name, path, token in paths(admin, worker):
            session = requests.Session()
            headers = {"Authorization": f"Bearer {token}"}
            for _ in range(WARM_UP):
                session.get(URL + path, headers=headers, timeout=60).raise_for_status()
            for old in glob.glob(os.path.join(directory, "callgrind.out*")):
                os.remove(old)
            subprocess.run(["callgrind_control", "--zero", str(process.pid)], check=True, capture_output=True)
            for _ in range(REQUESTS):
                session.get(URL + path, headers=headers, timeout=60).raise_for_status()
            subprocess.run(["callgrind_control", "--dump", str(process.pid)], check=True, capture_output=True)
            per_request = total_instructions(directory) / REQUESTS
            results[name] = per_request
            print(f"  callgrind {name}: {per_request:,.0f} instructions a request ({REQUESTS} requests)", flush=True)
            session.close()
    finally:
        process.terminate()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(directory, ignore_errors=True)
    return results


if __name__ == "__main__":
    measure()
