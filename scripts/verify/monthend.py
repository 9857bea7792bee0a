"""`make verify` checks of the month-end with real processes: two instances on one occurrence,
the mail server away for a minute, an instance killed in the middle of a job."""
import datetime
import email
import os
import signal
import subprocess
import tempfile
import time
import zoneinfo

import requests

from harness import ROOT, Server, auth, check, fresh_database, psql, sign_in


class Sink:
    """scripts/mail-sink.py on a port, writing to a folder; restartable on the same port."""

    def __init__(self, port, hold=0):
        self.port, self.hold = port, hold
        self.folder = tempfile.mkdtemp(prefix="staffbook-verify-mail-")
        self.process = None

    def start(self):
        arguments = ["python3", os.path.join(ROOT, "scripts", "mail-sink.py"), "--dir", self.folder, "--port", str(self.port)]
        if self.hold:
            arguments += ["--hold-first-recipient", str(self.hold)]
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                with __import__("socket").create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("mail sink did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def messages(self):
        found = []
        for name in sorted(os.listdir(self.folder)):
            if name.endswith(".eml"):
                with open(os.path.join(self.folder, name), "rb") as f:
                    found.append(email.message_from_bytes(f.read()))
        return found

    def wait(self, count, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline and len(self.messages()) < count:
            time.sleep(0.5)
        return self.messages()


def settings(port, catch_up_days=0):
    """Short leases and retries, so the checks take seconds; the retries outlast a minute's outage.
    No catch-up by default: on the first days of a month, the month-end's own statements and
    reminders would otherwise be due as well, and their mail would mingle with the check's."""
    return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(port), "SMTP_SECURITY": "none", "SMTP_TIMEOUT_SECONDS": "90",
            "JOBS_POLL_SECONDS": "1", "JOBS_LEASE_SECONDS": "5", "JOBS_RETRY_BASE_SECONDS": "2", "JOBS_RETRY_CAP_SECONDS": "10",
            "JOBS_MAX_ATTEMPTS": "100", "JOBS_CATCH_UP_DAYS": str(catch_up_days)}


def two_instances():
    """Both instances schedule the month's reminder occurrence (the 1st, set as the only reminder
    day) and work the queue: each person missing an invoice gets exactly one reminder."""
    database = "staffbook_verify_monthend"
    fresh_database(database)
    psql(database, """INSERT INTO settings (key, value, updated_at) VALUES ('reminders', '{"first":1,"every":1,"max":1}', now())""")
    # The occurrence is the latest 1st of a month at 09:00 in Prague (the reminders' hour); it
    # reminds of the month before it. The catch-up reaches back to it and no further: a month
    # earlier, the 1st before would remind of the month before that as well.
    now = datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Prague"))
    occurrence = now.replace(day=1, hour=9, minute=0, second=0, microsecond=0)
    if occurrence > now:
        occurrence = (occurrence - datetime.timedelta(days=1)).replace(day=1)
    catch_up = (now - occurrence).days + 1
    period = (occurrence.date() - datetime.timedelta(days=1)).replace(day=1)
    expected = sorted(psql(database, f"""
        SELECT email FROM accounts a, LATERAL (SELECT '{period}'::date AS p) m
        WHERE is_active
          AND EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type = 'ICO'
                      AND c.valid_from <= (m.p + interval '1 month - 1 day')::date AND (c.valid_to IS NULL OR c.valid_to >= m.p))
          AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.id AND i.period = m.p)""").split())
    sink = Sink(18125).start()
    # Launched together, so both schedule the occurrence and look for due jobs at once.
    a = Server(database, 18081, settings(sink.port, catch_up)).launch()
    b = Server(database, 18082, settings(sink.port, catch_up)).launch()
    a.wait_ready()
    b.wait_ready()
    try:
        deadline = time.time() + 90
        while time.time() < deadline:
            reminders = [m for m in sink.messages() if str(email.header.make_header(email.header.decode_header(m["Subject"]))).startswith("Připomínka")]
            if len(reminders) >= len(expected):
                break
            time.sleep(1)
        time.sleep(3)
        reminders = [m for m in sink.messages() if str(email.header.make_header(email.header.decode_header(m["Subject"]))).startswith("Připomínka")]
        to = sorted(m["X-Envelope-To"] for m in reminders)
        jobs = psql(database, f"SELECT count(*) FROM jobs WHERE kind = 'reminders' AND unique_key = '{occurrence.date()}'")
        check("two instances on one occurrence: exactly one reminder per person missing an invoice",
              to == expected and jobs == "1" and len(expected) > 0,
              f"{len(to)} reminders to {len(set(to))} people of {len(expected)} missing; occurrence jobs: {jobs}")
    finally:
        a.stop()
        b.stop()
        sink.stop()


def mail_outage():
    """The mail server is stopped for a minute while notifications are due: they are retried and
    all delivered after it returns, none twice (counted by Message-ID)."""
    database = "staffbook_verify_outage"
    fresh_database(database)
    sink = Sink(18126).start()
    sink.stop()
    a = Server(database, 18081, settings(sink.port)).start()
    b = Server(database, 18082, settings(sink.port)).start()
    try:
        admin = sign_in(a.url, "admin@staffbook.example")["accessToken"]
        people = psql(database, "SELECT id FROM accounts WHERE email LIKE '%@staffbook.example' AND is_active ORDER BY email LIMIT 20").split()
        for person in people:
            requests.post(f"{a.url}/v1/users/{person}/rates", headers=auth(admin), timeout=10,
                          json={"amount": "1234", "effectiveFrom": "2030-01-01"}).raise_for_status()
        time.sleep(60)
        failed_meanwhile = psql(database, "SELECT count(*) FROM notification_attempts WHERE outcome = 'failed'")
        sink.start()
        messages = sink.wait(len(people), 120)
        time.sleep(5)
        messages = sink.messages()
        ids = [m["Message-ID"] for m in messages]
        sent = psql(database, "SELECT count(*) FROM notifications WHERE state = 'sent'")
        check("mail server away for a minute: every notification retried and delivered once it is back, none twice",
              len(ids) == len(people) and len(set(ids)) == len(ids) and int(failed_meanwhile) > 0 and sent == str(len(people)),
              f"{len(ids)} messages, {len(set(ids))} distinct Message-IDs, {len(people)} notifications, "
              f"{failed_meanwhile} failed attempts during the outage")
    finally:
        a.stop()
        b.stop()
        sink.stop()


def killed_mid_job():
    """An instance is killed while it delivers a notification (its SMTP server holds the first
    recipient): the other instance takes the job over when the lease ends, and it arrives once."""
    database = "staffbook_verify_killed"
    fresh_database(database)
    sink = Sink(18127, hold=60).start()
    a = Server(database, 18081, settings(sink.port)).start()
    b = None
    try:
        admin = sign_in(a.url, "admin@staffbook.example")["accessToken"]
        person = psql(database, "SELECT id FROM accounts WHERE email = 'jan.novak@staffbook.example'")
        requests.post(f"{a.url}/v1/users/{person}/rates", headers=auth(admin), timeout=10,
                      json={"amount": "1234", "effectiveFrom": "2030-01-01"}).raise_for_status()
        deadline, holder = time.time() + 20, ""
        while time.time() < deadline and not holder:
            holder = psql(database, "SELECT coalesce(locked_by, '') FROM jobs WHERE kind = 'deliver_notification' AND state = 'running'")
            time.sleep(0.2)
        a.stop(signal.SIGKILL)
        b = Server(database, 18082, settings(sink.port)).start()
        messages = sink.wait(1, 60)
        time.sleep(3)
        ids = [m["Message-ID"] for m in sink.messages()]
        finisher = psql(database, "SELECT attempts || ' attempts, ' || state FROM jobs WHERE kind = 'deliver_notification'")
        check("an instance killed mid-job: the job finishes on the other, the message arrives once",
              bool(holder) and len(ids) == 1 and finisher == "2 attempts, done",
              f"held by {holder.split('/')[1] if holder else 'nobody'}, then {finisher}; {len(ids)} message(s)")
    finally:
        a.stop()
        if b:
            b.stop()
        sink.stop()


def push_that_never_answers():
    """Fifth probe, finding 5: a delivery posted to a person's push subscriptions one after the
    other, each waiting up to 10 s, and held the one job worker while a colleague's password
    reset waited (~500 s behind 50). Here ten browsers' push service accepts and never answers;
    the reset's mail is measured while the push job waits on it, on the server as deployed."""
    import base64
    import socket
    import threading

    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives import serialization

    database = "staffbook_verify_push_hang"
    fresh_database(database)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held = []

    def accept():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            held.append(connection)  # read nothing, answer nothing

    threading.Thread(target=accept, daemon=True).start()
    silent = f"http://127.0.0.1:{listener.getsockname()[1]}"
    vapid = subprocess.run([os.path.join(ROOT, ".build", "debug", "staffbook"), "vapid-key"], capture_output=True, text=True).stdout.strip()
    sink = Sink(18127).start()
    server = Server(database, 18083, {**settings(sink.port), "PUSH_VAPID_PRIVATE_KEY": vapid, "PUSH_VAPID_SUBJECT": "mailto:admin@staffbook.example",
                                      "NOTIFY_WEBHOOK_ALLOW_HTTP": "true", "NOTIFY_WEBHOOK_ALLOW_PRIVATE_ADDRESSES": "true"}).start()
    try:
        jan = auth(sign_in(server.url, "jan.novak@staffbook.example")["accessToken"])
        lead = auth(sign_in(server.url, "lead.mobile@staffbook.example")["accessToken"])
        b64 = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
        for n in range(10):
            key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            requests.post(server.url + "/v1/me/push-subscriptions", headers=jan, timeout=10,
                          json={"endpoint": f"{silent}/push/{n}", "keys": {"p256dh": b64(key), "auth": b64(os.urandom(16))}}).raise_for_status()
        day = (datetime.date.today() + datetime.timedelta(days=30))
        while day.weekday() >= 5:
            day += datetime.timedelta(days=1)
        asked = requests.post(server.url + "/v1/me/absences", headers=jan, timeout=10,
                              json={"kind": "vacation", "firstDay": day.isoformat(), "lastDay": day.isoformat()})
        asked.raise_for_status()
        requests.post(f"{server.url}/v1/absences/{asked.json()['id']}/approve", headers=lead, timeout=10).raise_for_status()
        deadline = time.time() + 20
        while time.time() < deadline and psql(database, "SELECT count(*) FROM jobs WHERE kind = 'deliver_push' AND state = 'running'") == "0":
            time.sleep(0.1)
        before = len(sink.messages())
        began = time.time()
        requests.post(server.url + "/v1/auth/password-reset", timeout=10, json={"email": "petra.svobodova@staffbook.example"}).raise_for_status()
        mailed = None
        while time.time() - began < 60:
            fresh = sink.messages()[before:]
            if any("petra.svobodova" in (m["X-Envelope-To"] or "") for m in fresh):
                mailed = time.time() - began
                break
            time.sleep(0.1)
        deadline = time.time() + 40
        while time.time() < deadline and psql(database, "SELECT count(*) FROM jobs WHERE kind = 'deliver_push' AND state = 'done'") == "0":
            time.sleep(0.2)
        took = psql(database, "SELECT round(extract(epoch FROM finished_at - started_at)::numeric, 1) FROM jobs WHERE kind = 'deliver_push' AND state = 'done'")
        check("ten push endpoints that never answer: a colleague's password reset is mailed at once (before: behind the pushes)",
              mailed is not None and mailed < 5, f"mailed after {mailed if mailed is None else round(mailed, 2)} s; the push job took {took} s")
        check("ten push endpoints that never answer: the push job ends within one deadline (before: 10 s each, one after the other)",
              took and float(took) < 20, f"{took} s, {len(held)} connections held by the silent push service")
    finally:
        server.stop()
        sink.stop()
        listener.close()
        for connection in held:
            connection.close()
