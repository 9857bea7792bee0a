"""Runs the Python peer (bench/peer.py: Starlette, asyncpg, orjson, two uvicorn workers) on the
benchmark database and drives its paths as the server's are: the rows `make bench` reads the
server's throughput and p99 against (bench/targets.json)."""
import os
import subprocess
import sys

import requests

sys.path.insert(0, os.path.dirname(__file__))
import run as bench  # noqa: E402

PORT = 18093
VENV = os.path.join(bench.ROOT, ".local", "bench-venv")
# uvicorn[standard]: uvloop and httptools, as a service in production runs it.
PACKAGES = ["starlette==1.10.0", "asyncpg==0.32.0", "orjson==3.13.0", "uvicorn[standard]==0.54.0"]


def python():
    """A virtual environment of its own with the peer's packages from PyPI, made once."""
    executable = os.path.join(VENV, "bin", "python")
    probe = subprocess.run([executable, "-c", "import starlette, asyncpg, orjson, uvicorn, uvloop, httptools"], capture_output=True) \
        if os.path.exists(executable) else None
    if probe is None or probe.returncode != 0:
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([executable, "-m", "pip", "install", "--quiet", *PACKAGES], check=True)
    return executable


def rows(worker, admin, uri):
    e = bench.env()
    # Two workers with two connections each: the server's pool of four.
    e.update({"PEER_POOL": str(max(int(e["DATABASE_MAX_CONNECTIONS"]) // 2, 1))})
    command = [python(), "-m", "uvicorn", "peer:app", "--workers", "2", "--host", "127.0.0.1", "--port", str(PORT),
               "--loop", "uvloop", "--http", "httptools", "--log-level", "warning", "--no-access-log"]
    found = []
    with bench.measured(command, PORT, "/v1/me", e, "the Python peer", cwd=os.path.dirname(__file__),
                        headers={"Authorization": f"Bearer {worker}"}) as url:
        page = requests.get(url + uri, headers={"Authorization": f"Bearer {admin}"}, timeout=30)
        page.raise_for_status()
        if len(page.json()["items"]) != 20:
            raise RuntimeError("the Python peer's page is not the server's")
        bench.wrk("warm-up", BENCH_PATH="/health/live", seconds=2)
        for name, path, token in [("peer: GET /health/live", "/health/live", worker), ("peer: GET /v1/me", "/v1/me", worker),
                                  ("peer: GET /v1/invoices (first page)", uri, admin)]:
            found.append(bench.wrk(name, BENCH_PATH=path, BENCH_TOKEN=token))
            print(f"  {name}: {found[-1]['rps']:.0f} req/s", flush=True)
    return found
