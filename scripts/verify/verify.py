#!/usr/bin/env python3
"""`make verify`: what needs real processes and minutes rather than unit tests.

- the contract fuzzed by schemathesis as a worker, a team leader and an admin;
- races between two `staffbook serve` instances on one database;
- faults: PostgreSQL stopped under load, SIGTERM and SIGKILL during uploads;
- hardening (hardening.py): sign-in timing, slow and idle clients, the connection cap, demo accounts;
- the month-end (monthend.py): two instances on one occurrence, the mail server away, a killed instance;
- unbounded work (unbounded.py): hostile documents, the PDF helper's limits, slow-body floods
  directly and through nginx;
- the reference page (docs.py) in headless Chromium;
- the client package's example app (client.py) built and run against a real server.

Only loopback addresses are used. Ends with one line "N passed, N failed".
"""
import concurrent.futures as futures
import os
import re
import signal
import socket
import subprocess
import sys
import time
import traceback
import uuid

import requests

from fuzzing import fuzz_targets
from hardening import connection_cap, demo_accounts, mutated_isdoc_pdfs, slow_clients, timing
from client import client_example
from desk import desk
from events import events
from personal import personal_data
from replica import replica
from safeguards import four_eyes, second_factor
from docs import reference_page
from unbounded import hostile_documents, pdf_helper, sixteen_address_trickle, slow_body_flood
from documents import documents
from monthend import killed_mid_job, mail_outage, push_that_never_answers, two_instances
from harness import (
    BIN, PDF, ROOT, VENV, Server, SlowUpload, auth, check, fresh_database, integrity, new_contractor, print_crashes, psql, results,
    capacities, kept_capacity_matches, rollups_match, verification_admin, server_env, set_password, sign_in, upload,
)


def fuzz():
    database = "staffbook_verify_fuzz"
    fresh_database(database)
    server = Server(database, 18081).start()
    examples = os.environ.get("FUZZ_EXAMPLES", "25")
    total_cases = 0
    try:
        # The months' capacity is kept before the fuzzing writes contracts, time off and weekly
        # capacity; afterwards it must equal the same months computed again.
        checker, admin = verification_admin(server.url, sign_in(server.url, "admin@staffbook.example")["accessToken"], database)
        capacities(server.url, admin)
        for role, email in [("worker", "jan.novak@staffbook.example"), ("team leader", "lead.mobile@staffbook.example"),
                            ("admin", "admin@staffbook.example")]:
            token = sign_in(server.url, email)["accessToken"]
            report = f"/tmp/staffbook-fuzz-{role.replace(' ', '-')}.json"
            run = subprocess.run([
                os.path.join(VENV, "schemathesis"), "run", os.path.join(ROOT, "openapi.yaml"), "--url", server.url,
                "-H", f"Authorization: Bearer {token}", "--max-examples", examples, "--seed", "20261122",
                "--workers", "1", "--phases", "examples,coverage,fuzzing",
                # The contract's data shapes, statuses, headers and bodies; "valid data accepted" is left
                # out because business rules (an ICO month, a cursor we issued, If-Match) are not schema.
                "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                            "response_headers_conformance,response_schema_conformance,negative_data_rejection,"
                            "unsupported_method",
                # One worker: hypothesis describing strategies from several threads trips a CPython
                # AST race ("recursion depth mismatch") that is not about our API.
                # Signing out would end the session the rest of the run uses.
                "--exclude-operation-id", "logout",
                "--warnings", "off", "--report", "ndjson", "--report-ndjson-path", report,
            ], capture_output=True, text=True, timeout=1800)
            summary = re.search(r"(\d+) generated", run.stdout)
            cases = int(summary.group(1)) if summary else 0
            total_cases += cases
            failures = re.findall(r"^\s*❌ (.+)$", run.stdout, re.M)
            check(f"fuzz as {role}: no 5xx, every response conforms to the spec", run.returncode == 0 and cases > 0,
                  f"{cases} cases" if run.returncode == 0 else "; ".join(failures) + "\n" + run.stdout[-4000:])
        mismatches, sums = rollups_match(database)
        check("after the fuzzing's writes, the tracked-time sums equal the entries summed again", mismatches == 0,
              f"{sums} sums, {mismatches} differ")
        # The token from before (signing in after the fuzzing's failed attempts may be throttled),
        # unless its session ended.
        if requests.get(server.url + "/v1/me", headers=auth(admin), timeout=10).status_code != 200:
            admin = sign_in(server.url, checker)["accessToken"]
        differ, people = kept_capacity_matches(server.url, admin, database)
        check("after the fuzzing's writes, the capacity kept per month equals the months computed again", differ == 0 and people > 0,
              f"{people} people's months, {differ} differ")
    finally:
        server.stop()
    print(f"fuzzing ran {total_cases} cases in all", flush=True)


# ---------------------------------------------------------------------------------------------
def bad_input():
    database = "staffbook_verify_input"
    fresh_database(database)
    server = Server(database, 18081).start()
    try:
        # A 100 MB body is refused from its Content-Length, before it is sent.
        with socket.create_connection(("127.0.0.1", 18081), timeout=10) as s:
            s.sendall(b"POST /v1/auth/password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 104857600\r\n\r\n{")
            answer = s.recv(65536).decode(errors="replace")
        check("a 100 MB body answers 413 without being read", " 413 " in answer.split("\r\n")[0], answer.split("\r\n")[0])
        # 64 KB of headers: refused, not a crash.
        with socket.create_connection(("127.0.0.1", 18081), timeout=10) as s:
            s.sendall(b"GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 65536 + b"\r\n\r\n")
            try:
                answer = s.recv(65536).decode(errors="replace")
            except OSError:
                answer = ""
        first = answer.split("\r\n")[0] if answer else "(connection closed)"
        check("64 KB of headers are refused or answered, never a 5xx", not re.search(r" 5\d\d ", first), first)
        check("the server still answers after that", requests.get(server.url + "/health/live", timeout=5).status_code == 200)
    finally:
        server.stop()


# ---------------------------------------------------------------------------------------------
def races():
    database = "staffbook_verify_races"
    fresh_database(database)
    a, b = Server(database, 18081).start(), Server(database, 18082).start()
    pool = futures.ThreadPoolExecutor(max_workers=16)
    try:
        admin = sign_in(a.url, "admin@staffbook.example")["accessToken"]
        person, email = new_contractor(a.url, admin, "race")
        set_password(database, email)
        worker = sign_in(a.url, email)["accessToken"]

        # Conflicting actions on one invoice from both instances: exactly one wins.
        invoice = upload(a.url, worker, "2025-01").json()["invoiceId"]
        etag = requests.get(f"{a.url}/v1/invoices/{invoice}", headers=auth(admin), timeout=10).headers["ETag"]
        f1 = pool.submit(requests.post, f"{a.url}/v1/invoices/{invoice}/actions/approve",
                         headers={**auth(admin), "If-Match": etag}, timeout=10)
        f2 = pool.submit(requests.post, f"{b.url}/v1/invoices/{invoice}/actions/return",
                         headers={**auth(admin), "If-Match": etag}, json={"reason": "race"}, timeout=10)
        codes = sorted([f1.result().status_code, f2.result().status_code])
        events = psql(database, f"SELECT count(*) FROM invoice_events WHERE invoice_id = '{invoice}'")
        check("two instances act on one invoice at once: exactly one wins", codes in ([200, 409], [200, 412]) and events == "2",
              f"statuses {codes}, events {events}")

        # Uploads for one period from both instances: one invoice, every file kept.
        uploads = [pool.submit(upload, (a if i % 2 == 0 else b).url, worker, "2025-02", PDF + f"% {i}\n".encode() + b"%%EOF\n")
                   for i in range(6)]
        statuses = sorted(f.result().status_code for f in uploads)
        counts = psql(database, f"SELECT count(DISTINCT i.id) || '/' || count(f.id) FROM invoices i JOIN invoice_files f "
                                f"ON f.invoice_id = i.id WHERE i.account_id = '{person}' AND i.period = '2025-02-01'")
        check("six uploads for one month over both instances: one invoice, six files", counts == "1/6" and statuses == [200] * 5 + [201],
              f"{counts}, statuses {statuses}")

        # One refresh token on both instances at once: one successor.
        tokens = sign_in(a.url, email)
        refreshes = [pool.submit(requests.post, (a if i % 2 == 0 else b).url + "/v1/auth/refresh",
                                 json={"refreshToken": tokens["refreshToken"]}, timeout=10) for i in range(10)]
        answers = [f.result() for f in refreshes]
        successors = {r.json().get("refreshToken") for r in answers if r.status_code == 200}
        check("ten concurrent refreshes of one token over both instances: all succeed, one successor",
              all(r.status_code == 200 for r in answers) and len(successors) == 1, f"{[r.status_code for r in answers]}")

        # Time written by four people from both instances at once (entries, edits, deletions,
        # batches, the timer): the sums reports read equal the entries summed again, and no
        # write failed on a lock (two writers meeting on one sum wait for each other).
        people = ["jan.novak@staffbook.example", "petra.svobodova@staffbook.example", "katerina.novakova@staffbook.example",
                  "lukas.cermak@staffbook.example"]
        project = "00000000-0000-4000-b000-000000000004"  # Interní, open to everyone

        def write_time(index, email):
            token = sign_in(a.url, email)["accessToken"]
            statuses = []
            for n in range(12):
                url = (a if (n + index) % 2 == 0 else b).url
                day = f"2026-11-{16 + n % 4:02d}"
                start, end = f"{day}T{8 + n // 4 * 3:02d}:00:00+01:00", f"{day}T{9 + n // 4 * 3:02d}:30:00+01:00"
                made = requests.post(url + "/v1/me/time-entries", headers=auth(token), timeout=30,
                                     json={"projectId": project, "start": start, "end": end, "description": f"race {n}", "billable": n % 2 == 0})
                statuses.append(made.status_code)
                if made.status_code != 201:
                    continue
                entry, etag = made.json()["id"], made.headers.get("ETag", "")
                if n % 3 == 1:
                    edited = requests.patch(f"{url}/v1/me/time-entries/{entry}", headers={**auth(token), "If-Match": etag},
                                            json={"end": f"{day}T{10 + n // 4 * 3:02d}:00:00+01:00", "billable": True}, timeout=30)
                    statuses.append(edited.status_code)
                elif n % 3 == 2:
                    gone = requests.delete(f"{url}/v1/me/time-entries/{entry}", headers={**auth(token), "If-Match": etag}, timeout=30)
                    statuses.append(gone.status_code)
            batch = [{"id": str(uuid.uuid4()), "projectId": project, "start": f"2026-11-20T{8 + i:02d}:00:00+01:00",
                      "end": f"2026-11-20T{8 + i:02d}:45:00+01:00"} for i in range(8)]
            sent = requests.post(b.url + "/v1/me/time-entries/batch", headers=auth(token), json={"items": batch}, timeout=60)
            statuses.append(sent.status_code)
            for press in ("start", "stop"):
                statuses.append(requests.post(f"{a.url}/v1/me/timer/{press}", headers=auth(token), timeout=30,
                                              json={"projectId": project} if press == "start" else None).status_code)
            return statuses

        written = [status for f in [pool.submit(write_time, i, email) for i, email in enumerate(people)] for status in f.result()]
        mismatches, sums = rollups_match(database)
        check("four people write time over both instances at once: every write answered, the sums equal the entries summed",
              all(status < 300 for status in written) and mismatches == 0 and sums > 0,
              f"{len(written)} writes, statuses {sorted(set(written))}, {sums} sums, {mismatches} differ")

        # Deactivation on one instance: the other refuses the person's token within 5 s.
        victim = sign_in(b.url, email)["accessToken"]
        assert requests.get(b.url + "/v1/me", headers=auth(victim), timeout=5).status_code == 200
        started = time.time()
        requests.post(f"{a.url}/v1/users/{person}/deactivate", headers=auth(admin), timeout=10).raise_for_status()
        refused_after = None
        while time.time() - started < 10:
            if requests.get(b.url + "/v1/me", headers=auth(victim), timeout=5).status_code == 401:
                refused_after = time.time() - started
                break
            time.sleep(0.1)
        check("a deactivation on one instance stops the token on the other within 5 s",
              refused_after is not None and refused_after <= 5, f"after {refused_after:.2f} s" if refused_after else "never")
    finally:
        a.stop(); b.stop(); pool.shutdown()

    # Two processes migrating one empty database at once: each file applied exactly once.
    database = "staffbook_verify_migrate"
    psql("postgres", f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    psql("postgres", f"CREATE DATABASE {database}")
    runs = [subprocess.Popen([BIN, "migrate"], env=server_env(database), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    codes = [p.wait(timeout=120) for p in runs]
    files = len([f for f in os.listdir(os.path.join(ROOT, "schema")) if f.endswith(".sql")])
    applied = psql(database, "SELECT count(*) || '/' || count(DISTINCT version) FROM schema_migrations")
    check("two migrations at once: both succeed, each file applied once", codes == [0, 0] and applied == f"{files}/{files}",
          f"exit codes {codes}, applied {applied}")


def faults():
    database = "staffbook_verify_faults"
    fresh_database(database)
    server = Server(database, 18081).start()
    pool = futures.ThreadPoolExecutor(max_workers=8)
    # Set on the way out whatever happens: the load loops below would otherwise keep the
    # interpreter (and CI) waiting for ever after a failure.
    stop = [False]
    try:
        admin = sign_in(server.url, "admin@staffbook.example")["accessToken"]

        # PostgreSQL stops under load: quick 503s, readiness 503, recovery without a restart,
        # and every write that answered 2xx before is there afterwards.
        created, outcomes = [], []

        def load():
            while not stop[0]:
                name = "fault-" + uuid.uuid4().hex[:10]
                began = time.time()
                try:
                    r = requests.post(server.url + "/v1/teams", headers=auth(admin), json={"name": name}, timeout=15)
                    outcomes.append((r.status_code, time.time() - began))
                    if r.status_code == 201:
                        created.append(r.json()["id"])
                except requests.RequestException:
                    outcomes.append((0, time.time() - began))
        loaders = [pool.submit(load) for _ in range(4)]
        time.sleep(2)
        subprocess.run([os.path.join(ROOT, "scripts", "local-postgres.sh"), "stop"], check=True, capture_output=True)
        time.sleep(4)
        ready_down = requests.get(server.url + "/health/ready", timeout=10)
        subprocess.run([os.path.join(ROOT, "scripts", "local-postgres.sh"), "start"], check=True, capture_output=True)
        recovered_after = None
        started = time.time()
        while time.time() - started < 30:
            if requests.get(server.url + "/health/ready", timeout=5).status_code == 200:
                recovered_after = time.time() - started
                break
            time.sleep(0.2)
        time.sleep(1)
        stop[0] = True
        for f in loaders:
            f.result()
        slow = [d for code, d in outcomes if code == 503 and d > 5]
        check("database down: requests answer 503 within the connect timeout",
              any(code == 503 for code, _ in outcomes) and not slow and all(code != 0 for code, _ in outcomes),
              f"{sum(1 for c, _ in outcomes if c == 503)} answered 503, slowest {max((d for c, d in outcomes if c == 503), default=0):.2f} s")
        check("database down: /health/ready answers 503", ready_down.status_code == 503, str(ready_down.status_code))
        check("database back: the service recovers without a restart", recovered_after is not None,
              f"ready again {recovered_after:.2f} s after the start" if recovered_after is not None else "never")
        stored = psql(database, "SELECT count(*) FROM teams WHERE id = ANY(ARRAY[" +
                      ",".join(f"'{i}'::uuid" for i in created) + "]::uuid[])") if created else "0"
        check("every write answered 2xx before the outage is stored", stored == str(len(created)),
              f"{len(created)} answered 201, {stored} stored")

        # SIGTERM during uploads: each upload either completes (2xx and stored) or fails (absent).
        people = []
        for i in range(8):
            person, email = new_contractor(server.url, admin, f"term{i}")
            set_password(database, email)
            people.append((person, sign_in(server.url, email)["accessToken"]))
        big = PDF[:-6] + b"%" + b" " * (2 << 20) + b"\n%%EOF\n"
        # One upload is mid-body when the signal comes; the rest of it is sent afterwards.
        arriving = SlowUpload(server.url, people[0][1], "2025-02", big)
        uploads = [pool.submit(upload, server.url, token, "2025-03", big) for _, token in people]
        time.sleep(0.3)
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        arriving_status = arriving.finish()
        server.process.wait(timeout=30)
        answered = []
        for (person, _), f in zip(people, uploads):
            try:
                answered.append((person, f.result().status_code))
            except requests.RequestException:
                answered.append((person, 0))
        consistent = True
        for person, code in answered:
            present = psql(database, f"SELECT count(*) FROM invoices WHERE account_id = '{person}' AND period = '2025-03-01'")
            if (200 <= code < 300) != (present == "1"):
                consistent = False
        ok, orphans = integrity(database)
        check("SIGTERM during uploads: every upload completed and stored, or failed and absent", consistent and ok,
              f"answers {[c for _, c in answered]}, orphans {orphans}")
        arrived = psql(database, f"SELECT count(*) FROM invoices WHERE account_id = '{people[0][0]}' AND period = '2025-02-01'")
        check("SIGTERM while an upload's body is arriving: the server waits for it, answers 2xx and stores it",
              200 <= arriving_status < 300 and arrived == "1", f"status {arriving_status}, stored {arrived}")
        check("SIGTERM: the server exited 0", server.process.returncode == 0, str(server.process.returncode))

        # SIGKILL mid-transaction: no partial writes after a restart.
        server = Server(database, 18081).start()
        uploads = [pool.submit(upload, server.url, token, "2025-04", big) for _, token in people]
        time.sleep(0.4)
        server.stop(signal.SIGKILL)
        for f in uploads:
            try:
                f.result()
            except requests.RequestException:
                pass
        server = Server(database, 18081).start()
        ok, orphans = integrity(database)
        partial = psql(database, "SELECT count(*) FROM invoices WHERE period = '2025-04-01' AND current_file_id IS NULL")
        check("SIGKILL mid-transaction: no partial writes after a restart", ok and partial == "0", f"orphans {orphans}")
    finally:
        stop[0] = True
        server.stop()
        pool.shutdown(wait=False)
        subprocess.run([os.path.join(ROOT, "scripts", "local-postgres.sh"), "start"], capture_output=True)


# ---------------------------------------------------------------------------------------------
def killed_upload():
    """An instance is killed (SIGKILL) while an upload's body is arriving; the app retries it with
    the same Idempotency-Key against the other instance: stored once, and a further retry is the
    same answer, not a new version."""
    database = "staffbook_verify_killed_upload"
    fresh_database(database)
    a, b = Server(database, 18081).start(), Server(database, 18082).start()
    try:
        admin = sign_in(a.url, "admin@staffbook.example")["accessToken"]
        person, email = new_contractor(a.url, admin, "killed")
        set_password(database, email)
        worker = sign_in(a.url, email)["accessToken"]
        big = PDF[:-6] + b"%" + b" " * (1 << 20) + b"\n%%EOF\n"
        key = "upload-" + uuid.uuid4().hex
        arriving = SlowUpload(a.url, worker, "2025-05", big, key=key)
        time.sleep(0.3)
        a.stop(signal.SIGKILL)
        lost = arriving.finish()
        retried = upload(b.url, worker, "2025-05", big, key=key)
        again = upload(b.url, worker, "2025-05", big, key=key)
        versions = psql(database, "SELECT count(*) FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id "
                                  f"WHERE i.account_id = '{person}' AND i.period = '2025-05-01'")
        ok, orphans = integrity(database)
        check("an instance killed mid-upload: the retry on the other instance stores it once, a second retry changes nothing",
              lost == 0 and retried.status_code == 201 and again.status_code in (200, 201) and versions == "1" and ok,
              f"first attempt {lost}, retry {retried.status_code}, again {again.status_code}, file versions {versions}, orphans {orphans}")
    finally:
        a.stop()
        b.stop()


if __name__ == "__main__":
    steps = sys.argv[1:] or ["fuzz", "fuzz_targets", "bad_input", "timing", "slow_clients", "connection_cap", "demo_accounts",
                               "hostile_documents", "pdf_helper", "slow_body_flood", "sixteen_address_trickle",
                               "two_instances", "mail_outage", "push_that_never_answers", "killed_mid_job", "killed_upload", "mutated_isdoc_pdfs", "documents",
                               "reference_page", "desk", "second_factor", "four_eyes", "events", "personal_data", "replica", "client_example",
                               "races", "faults"]
    began = time.time()
    for step in steps:
        print(f"== {step}", flush=True)
        try:
            globals()[step]()
        except Exception as error:  # a harness failure is a failed check, not a silent pass
            traceback.print_exc()
            check(f"{step} ran to the end", False, repr(error))
    passed = sum(1 for _, ok in results if ok)
    failed = len(results) - passed
    if failed:
        print_crashes(began)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
