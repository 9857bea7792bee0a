#!/usr/bin/env python3
"""The pay run at size: a run of 1,000 approved invoices created and its ABO and pain.001 written,
then a camt.053 of 10,000 lines (those 1,000 payments and 9,000 other movements) imported. Wall
time per step and the server's and PostgreSQL's CPU for it; `bench/run.py` calls `measure` on the
benchmark database, and it runs alone against any server (`payrun.py URL DATABASE_URL ADMIN_TOKEN`).

The invoices are the first 1,000 of a month no other path reads, put back to approved (with an
account, a variable symbol and passing checks) at every run; earlier runs are cancelled first.
"""
import os
import subprocess
import sys
import time

import requests

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUR_IBAN = "CZ2720100000002000100027"
SUPPLIER = "CZ8808000000002001000001"


def psql(database_url, sql):
    return subprocess.run(["psql", "-X", "-q", "-tA", database_url, "-v", "ON_ERROR_STOP=1", "-c", sql],
                          check=True, capture_output=True, text=True).stdout.strip()


def timed(step, cpu):
    """Runs `step`; its wall time in ms, and the CPU ms `cpu()` counted meanwhile (server, PostgreSQL)."""
    before = cpu()
    started = time.time()
    result = step()
    wall = (time.time() - started) * 1000
    after = cpu()
    return result, wall, tuple((a - b) * 1000 for a, b in zip(after, before))


def measure(url, database_url, admin, month="2025-06-01", cpu=lambda: (0.0, 0.0), rss=lambda: None):
    auth = {"Authorization": f"Bearer {admin}"}
    psql(database_url, "UPDATE payment_run_items SET state = 'cancelled' WHERE state = 'pending'; "
                       "UPDATE payment_runs SET state = 'cancelled', cancelled_at = now() WHERE state IN ('draft', 'sent', 'partially_paid')")
    psql(database_url, f"""
        UPDATE invoices SET state = 'approved', approved_at = now(), paid_at = NULL, version = version + 1,
               bank_account = '{SUPPLIER}', variable_symbol = (700000 + n)::text, needs_attention = false, kind = 'uploaded',
               statement_hours = NULL, statement_rate = NULL, return_reason = NULL
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM invoices WHERE period = '{month}' ORDER BY id LIMIT 1000) chosen
        WHERE invoices.id = chosen.id""")
    rows = psql(database_url, f"SELECT id || ':' || amount || ':' || variable_symbol FROM invoices WHERE period = '{month}' "
                              f"AND variable_symbol::bigint > 700000 ORDER BY id LIMIT 1000").split("\n")
    chosen = [row.split(":") for row in rows]
    requests.put(url + "/v1/settings/payments", headers=auth, timeout=30,
                 json={"name": "Bench s.r.o.", "account": OUR_IBAN, "format": "abo"}).raise_for_status()
    results = []

    def create():
        r = requests.post(url + "/v1/payment-runs", headers=auth, json={"invoiceIds": [c[0] for c in chosen]}, timeout=120)
        r.raise_for_status()
        return r.json()["run"]
    run, wall, (server, postgres) = timed(create, cpu)
    results.append({"path": f"POST /v1/payment-runs ({len(run['items'])} invoices)", "wall_ms": wall, "server_cpu_ms": server,
                    "postgres_cpu_ms": postgres})
    for file_format in ("abo", "pain001"):
        def download():
            r = requests.get(url + f"/v1/payment-runs/{run['id']}/file?format={file_format}", headers=auth, timeout=120)
            r.raise_for_status()
            return r.content
        content, wall, (server, postgres) = timed(download, cpu)
        results.append({"path": f"GET run file, {file_format} ({len(content) // 1024} KB, written)", "wall_ms": wall,
                        "server_cpu_ms": server, "postgres_cpu_ms": postgres})
    arguments = [sys.executable, os.path.join(ROOT, "scripts", "demo-bank-statement.py"), "--account", OUR_IBAN,
                 "--id", f"BENCH-{time.time_ns()}"]
    for invoice_id, amount, symbol in chosen:
        arguments += ["--payment", f"{amount}:{symbol}:{SUPPLIER}:Bench"]
    for n in range(9000):
        arguments += ["--credit", f"{100 + n % 500}.00:{900000 + n}:CZ7501000000002000100019:Klient"]
    statement = subprocess.run(arguments, check=True, capture_output=True).stdout

    def import_statement():
        r = requests.post(url + "/v1/payment-runs/statements?confirm=true", headers=dict(auth, **{"Content-Type": "application/xml"}),
                          data=statement, timeout=300)
        r.raise_for_status()
        return r.json()
    answer, wall, (server, postgres) = timed(import_statement, cpu)
    results.append({"path": f"POST statement ({answer['lines']:,} lines, {len(statement) // 1024 // 1024} MiB, "
                            f"{len(answer['matched'])} matched)", "wall_ms": wall, "server_cpu_ms": server, "postgres_cpu_ms": postgres})
    for row in results:
        print(f"  {row['path']}: {row['wall_ms']:.0f} ms (server CPU {row['server_cpu_ms']:.0f} ms, "
              f"PostgreSQL CPU {row['postgres_cpu_ms']:.0f} ms)", flush=True)
    peak = rss()
    if peak:
        print(f"  peak RSS after the pay run: {peak:.0f} MB", flush=True)
    return results, peak


if __name__ == "__main__":
    measure(sys.argv[1], sys.argv[2], sys.argv[3])
