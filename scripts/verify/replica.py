"""A read replica against the real server: a streaming replica of the local cluster made with
`pg_basebackup` and started on a second port, a server with `DATABASE_READ_URL` pointing at it.
A report is answered from the replica (its sessions say so) while the primary takes writes, and
shows them once replayed; with the replica's replay paused the report says how fresh it is and
the accountant's export is read from the primary; with the replica stopped the primary answers."""
import os
import shutil
import socket
import subprocess
import threading
import time

import requests

from harness import PG_PORT, ROOT, Server, auth, check, fresh_database, psql, sign_in

PGBIN = "/usr/lib/postgresql/15/bin"
BASE = os.path.join(ROOT, ".local", "replica")
DATA = os.path.join(BASE, "data")
JAN = "jan.novak@staffbook.example"
ADMIN = "admin@staffbook.example"
DAY = "2026-11-21"


def as_owner(*command):
    """The cluster belongs to the postgres user when this runs as root (PostgreSQL refuses root)."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    return subprocess.run(prefix + list(command), check=True, capture_output=True, text=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def replica_sql(port, database, sql):
    return subprocess.run([f"{PGBIN}/psql", "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", str(port), "-U", "staffbook",
                           "-d", database, "-c", sql], check=True, capture_output=True, text=True).stdout.strip()


def start_replica(port):
    shutil.rmtree(BASE, ignore_errors=True)
    os.makedirs(BASE)
    if os.geteuid() == 0:
        shutil.chown(BASE, "postgres", "postgres")
    # -R writes standby.signal and the primary's address: the copy starts as a streaming replica.
    as_owner(f"{PGBIN}/pg_basebackup", "-h", "127.0.0.1", "-p", PG_PORT, "-U", "staffbook", "-D", DATA, "-R", "-X", "stream",
             "-c", "fast")
    # A hot standby needs at least the primary's connection slots (the local cluster has 1,000).
    as_owner(f"{PGBIN}/pg_ctl", "-D", DATA, "-l", os.path.join(BASE, "server.log"), "-w", "-t", "60", "start", "-o",
             f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=1000 -c hot_standby=on -c fsync=off")


def stop_replica():
    if os.path.exists(os.path.join(DATA, "postmaster.pid")):
        subprocess.run((["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []) +
                       [f"{PGBIN}/pg_ctl", "-D", DATA, "-w", "stop", "-m", "fast"], capture_output=True)


def replica():
    database = "staffbook_verify_replica"
    fresh_database(database)
    port = free_port()
    start_replica(port)
    server = Server(database, 18102, settings={
        "DATABASE_READ_URL": f"postgres://staffbook@127.0.0.1:{port}/{database}", "DATABASE_READ_MAX_LAG_SECONDS": "2",
        "DATABASE_READ_CONNECT_TIMEOUT_MS": "500"}).start()
    stop = threading.Event()
    written = []
    try:
        url = server.url
        admin, jan = auth(sign_in(url, ADMIN)["accessToken"]), auth(sign_in(url, JAN)["accessToken"])
        jan_id = psql(database, f"SELECT id FROM accounts WHERE email = '{JAN}'")

        def write():
            # Six-minute entries one after another on a free Saturday: 0.10 h each.
            slot = 0
            while not stop.is_set() and slot < 230:
                minutes = slot * 6
                start, end = f"{minutes // 60:02d}:{minutes % 60:02d}", f"{(minutes + 6) // 60:02d}:{(minutes + 6) % 60:02d}"
                made = requests.post(url + "/v1/me/time-entries", headers=jan, timeout=30, json={
                    "projectId": "00000000-0000-4000-b000-000000000004", "start": f"{DAY}T{start}:00+01:00",
                    "end": f"{DAY}T{end}:00+01:00", "description": "replica"})
                written.append(made.status_code)
                slot += 1
                time.sleep(0.05)

        def hours():
            response = requests.get(f"{url}/v1/reports/time?from={DAY}&to={DAY}&groupBy=person", headers=admin, timeout=30)
            row = next((r for r in response.json().get("items", []) if r["key"] == jan_id), {}) if response.ok else {}
            return response, float(row.get("hours", "0"))

        writer = threading.Thread(target=write)
        writer.start()
        before = int(replica_sql(port, database, "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))
        answers = []
        for _ in range(10):
            answers.append(hours())
            time.sleep(0.2)
        after = int(replica_sql(port, database, "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))
        stop.set()
        writer.join()
        # Replayed within moments: the last report sees every entry the primary took.
        expected = round(sum(1 for s in written if s == 201) * 0.1, 2)
        deadline, seen = time.time() + 10, None
        while time.time() < deadline:
            response, seen = hours()
            if abs(seen - expected) < 0.001:
                break
            time.sleep(0.2)
        in_recovery = replica_sql(port, database, "SELECT pg_is_in_recovery()")
        check("replica: reports are answered from a streaming replica (pg_basebackup, second port) while the primary takes writes",
              in_recovery == "t" and all(r.status_code == 200 for r, _ in answers) and after - before >= 10
              and written and all(s == 201 for s in written) and abs(seen - expected) < 0.001,
              f"in recovery {in_recovery}, {len(answers)} reports {sorted({r.status_code for r, _ in answers})}, "
              f"replica transactions +{after - before}, {len(written)} entries written, report {seen} h of {expected} h")

        # The accountant's export, while the replica is current, is read there.
        period, invoice_id = psql(database, "SELECT to_char(period, 'YYYY-MM') || '|' || id FROM invoices WHERE state = 'approved' "
                                            "ORDER BY period DESC, id LIMIT 1").split("|")
        before = int(replica_sql(port, database, "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))
        current = requests.get(f"{url}/v1/invoices/export?period={period}&format=csv", headers=admin, timeout=30)
        after = int(replica_sql(port, database, "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))
        check("replica: the accountant's invoice export is read from the replica while it is current",
              current.status_code == 200 and invoice_id in current.text and after - before >= 2,
              f"{current.status_code}, replica transactions +{after - before}")

        replica_sql(port, database, "SELECT pg_wal_replay_pause()")
        for slot in range(3):
            requests.post(url + "/v1/me/time-entries", headers=jan, timeout=30, json={
                "projectId": "00000000-0000-4000-b000-000000000004", "start": f"{DAY}T23:{slot * 6:02d}:00+01:00",
                "end": f"{DAY}T23:{slot * 6 + 6:02d}:00+01:00", "description": "while paused"})
        time.sleep(3.5)
        stale, stale_hours = hours()
        freshness = stale.json().get("freshness") if stale.ok else None
        metrics = requests.get(url + "/metrics", timeout=10).text
        lag = next((float(line.split()[-1]) for line in metrics.splitlines() if line.startswith("staffbook_db_replica_lag_seconds")), -1)
        check("replica: with its replay paused the report is the replica's older figure and says how fresh it is; the lag is a metric",
              stale.status_code == 200 and abs(stale_hours - expected) < 0.001 and freshness and freshness.get("lagSeconds", 0) >= 2
              and lag >= 2,
              f"{stale.status_code}, {stale_hours} h, freshness {freshness}, staffbook_db_replica_lag_seconds {lag}")
        # A file cannot say how fresh it is: with the replica lagging the export is the primary's.
        psql(database, f"UPDATE invoices SET invoice_number = 'LAGGED-EXPORT' WHERE id = '{invoice_id}'")
        time.sleep(0.2)
        lagging = requests.get(f"{url}/v1/invoices/export?period={period}&format=csv", headers=admin, timeout=30)
        metrics = requests.get(url + "/metrics", timeout=10).text
        lagged = next((float(line.split()[-1]) for line in metrics.splitlines()
                       if line.startswith("staffbook_db_replica_lagged_reads_total")), 0)
        check("replica: with the replica lagging the accountant's export is read from the primary, current, and that is counted",
              lagging.status_code == 200 and "LAGGED-EXPORT" in lagging.text and lagged >= 1,
              f"{lagging.status_code}, {'current' if 'LAGGED-EXPORT' in lagging.text else 'stale'}, "
              f"staffbook_db_replica_lagged_reads_total {lagged}")
        replica_sql(port, database, "SELECT pg_wal_replay_resume()")

        stop_replica()
        started = time.time()
        fallback, fresh_hours = hours()
        took = time.time() - started
        again, _ = hours()
        metrics = requests.get(url + "/metrics", timeout=10).text
        check("replica: with the replica stopped the primary answers the report, current, and the fallback is counted",
              fallback.status_code == 200 and again.status_code == 200 and abs(fresh_hours - expected - 0.3) < 0.001
              and "freshness" not in fallback.json() and "staffbook_db_replica_fallbacks_total" in metrics and took < 5,
              f"{fallback.status_code} in {took:.2f} s, {fresh_hours} h (expected {expected + 0.3:.2f}), then {again.status_code}")
    finally:
        stop.set()
        server.stop()
        stop_replica()
        shutil.rmtree(BASE, ignore_errors=True)
