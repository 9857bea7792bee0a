#!/usr/bin/env python3
"""The HTTP stack's own floor for `make bench`: `staffbook-ceiling` (bench/Ceiling) serves a
constant, one row by key and the admin list's page with Hummingbird and PostgresNIO alone, and
is driven as the server is, so the server's CPU per request reads against what the stack costs
without any of Staffbook.

Used by bench/run.py after the server's rows (the two never run at once); alone:
`python3 bench/ceiling.py` once the benchmark database exists.
"""
import os
import sys

import requests

sys.path.insert(0, os.path.dirname(__file__))
import run as bench  # noqa: E402  (the same database, environment and wrk runs as the server's rows)

BIN = os.path.join(os.path.dirname(bench.BIN), "staffbook-ceiling")
CEILING_PORT = 18092
# The account the keyed read returns: the contractor the server's /v1/me row signs in as.
ACCOUNT = "10000000-0000-4000-8000-000000000003"


def rows(account, worker=None, admin=None):
    """The stack's own cost, with nothing of Staffbook (bench/Ceiling): Hummingbird's router
    answering a constant, one prepared PostgresNIO statement by key, and the admin list's page
    statement, each written as JSON by hand. Driven as the server's rows are: the floor under
    the server's CPU per request on this machine. With the worker's and the admin's access
    tokens, also `/v1/me` and the admin list's page behind the same bearer check as the server's
    and the peer's: the same work as theirs."""
    e = bench.env()
    e.update({"HTTP_PORT": str(CEILING_PORT), "CEILING_ACCOUNT": account})
    found = []
    with bench.measured([BIN], CEILING_PORT, "/me", e, "the ceiling server", limit_seconds=30) as url:
        bench.wrk("warm-up", BENCH_PATH="/live", seconds=2)
        # The A/B of the admin list's page: rows decoded by PostgresNIO and written by the server,
        # and the same JSON written by PostgreSQL (json_agg) and sent as it comes. They must be
        # the same document (PostgreSQL spaces it differently) for the comparison to mean anything.
        decoded, written = (requests.get(url + path, timeout=30).json() for path in ("/invoices", "/invoices-json"))
        if decoded != written or len(decoded["items"]) != 20:
            raise RuntimeError("the ceiling's two admin pages differ: the A/B would not compare the same work")
        for name, path in [("ceiling: constant (no database)", "/live"), ("ceiling: one row by key", "/me"),
                           ("ceiling: the admin list's page", "/invoices"),
                           ("ceiling: the admin list's page, PostgreSQL writes the JSON", "/invoices-json")]:
            found.append(bench.wrk(name, BENCH_PATH=path))
        checked = [("ceiling: /v1/me with the bearer check", "/v1/me", worker),
                   ("ceiling: the admin list's page with the bearer check", "/v1/invoices", admin)]
        for name, path, token in checked:
            if token:
                requests.get(url + path, headers={"Authorization": f"Bearer {token}"}, timeout=30).raise_for_status()
                found.append(bench.wrk(name, BENCH_PATH=path, BENCH_TOKEN=token))
    return found


if __name__ == "__main__":
    for row in rows(ACCOUNT):
        print(f"  {row['path']}: {row['rps']:.0f} req/s, p99 {row['p99_ms']:.2f} ms, server CPU {row['server_cpu_ms']:.3f} ms, PostgreSQL CPU {row['postgres_cpu_ms']:.3f} ms")
