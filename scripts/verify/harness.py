"""The harness of `make verify` (verify.py): the local cluster, servers, accounts and checks."""
import base64
import os
import signal
import socket
import subprocess
import time
import uuid

import requests

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PG_PORT = os.environ.get("STAFFBOOK_PG_PORT", "54329")
ADMIN_URL = f"postgres://staffbook@127.0.0.1:{PG_PORT}/postgres"
BIN = os.path.join(ROOT, ".build", "debug", "staffbook")
VENV = os.path.join(ROOT, ".local", "venv", "bin")
LOGS = os.path.join(ROOT, ".local", "verify-logs")
PSQL = "/usr/lib/postgresql/15/bin/psql"
KEY = "verify:" + base64.b64encode(os.urandom(48)).decode()
PASSWORD = "staffbook-demo"
PDF = open(os.path.join(ROOT, "seeds", "demo-invoice.pdf"), "rb").read()

results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok)))
    print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f" — {detail}" if detail and not ok else (f" ({detail})" if detail else "")), flush=True)


def print_crashes(since):
    """A server that trapped wrote Swift's crash report into its log; CI keeps only what is printed,
    so the report's head (the message and the crashed thread) is printed here."""
    if not os.path.isdir(LOGS):
        return
    for name in sorted(os.listdir(LOGS)):
        path = os.path.join(LOGS, name)
        if os.path.getmtime(path) < since:
            continue
        lines = open(path, errors="replace").read().splitlines()
        for index, line in enumerate(lines):
            if "Fatal error" in line or "*** Program crashed" in line:
                print(f"---- crash in {name}:")
                print("\n".join(l[:240] for l in lines[index:index + 40] if l.strip()))
                break


def psql(database, sql):
    out = subprocess.run(
        [PSQL, "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", PG_PORT, "-U", "staffbook", "-d", database, "-c", sql],
        check=True, capture_output=True, text=True,
    )
    return out.stdout.strip()


def fresh_database(name, seed=True):
    psql("postgres", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    psql("postgres", f"CREATE DATABASE {name}")
    env = server_env(name)
    subprocess.run([BIN, "migrate"], env=env, check=True, capture_output=True)
    if seed:
        subprocess.run([BIN, "seed"], env=env, check=True, capture_output=True)


GOOGLE_KEYS = os.path.join(ROOT, ".local", "verify-google-keys.json")
os.makedirs(os.path.dirname(GOOGLE_KEYS), exist_ok=True)
with open(GOOGLE_KEYS, "w") as keys:
    keys.write('{"keys": []}\n')


def server_env(database, port=8080):
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": f"postgres://staffbook@127.0.0.1:{PG_PORT}/{database}",
        "AUTH_SIGNING_KEY": KEY,
        "HTTP_PORT": str(port),
        "LOG_LEVEL": os.environ.get("VERIFY_LOG_LEVEL", "error"),
        "DATABASE_CONNECT_TIMEOUT_MS": "1000",
        "AUTH_MAX_FAILURES_PER_ADDRESS": "100000",
        # Scripts sign admins in with a password many times a minute; `second_factor` turns it on.
        "AUTH_ADMIN_SECOND_FACTOR": "optional",
        # The demo admin makes and sends runs alone; `four_eyes` turns the rule on.
        "PAYMENTS_FOUR_EYES": "off",
        "SCHEMA_DIRECTORY": os.path.join(ROOT, "schema"),
        "SEEDS_DIRECTORY": os.path.join(ROOT, "seeds"),
        # No network here: Google's key set is an empty local one, so an ID token (the contract's
        # example, say) is refused as unknown (401) instead of its key fetch failing (503).
        "AUTH_GOOGLE_JWKS_URL": "file://" + GOOGLE_KEYS,
    })
    return env


class Server:
    def __init__(self, database, port, settings=None):
        self.database, self.port, self.settings = database, port, settings or {}
        self.url = f"http://127.0.0.1:{port}"
        self.process = None

    def start(self):
        return self.launch().wait_ready()

    def launch(self):
        """Starts the process without waiting for it (to start several at once). Its log goes to
        .local/verify-logs/, one file per process, so a failed check can be read afterwards."""
        os.makedirs(LOGS, exist_ok=True)
        self.log = os.path.join(LOGS, f"{self.database}-{self.port}-{time.strftime('%H%M%S')}-{uuid.uuid4().hex[:6]}.log")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([BIN, "serve"], env={**server_env(self.database, self.port), **self.settings},
                                            stdout=log, stderr=subprocess.STDOUT)
        return self

    def wait_ready(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/health/ready", timeout=1).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server on {self.port} did not become ready")

    def stop(self, sig=signal.SIGTERM):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                return self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                return self.process.wait()
        return self.process.returncode if self.process else None


def sign_in(url, email):
    r = requests.post(url + "/v1/auth/password", json={"email": email, "password": PASSWORD}, timeout=10)
    r.raise_for_status()
    return r.json()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_contractor(url, admin, tag):
    """A contractor with an ICO contract since 2020, so every month since is uploadable."""
    r = requests.post(url + "/v1/users", headers=auth(admin), timeout=10, json={
        "email": f"{tag}-{uuid.uuid4().hex[:8]}@staffbook.example", "firstName": "Verify", "lastName": tag,
        "contract": {"type": "ICO", "validFrom": "2020-01-01"}, "rate": {"amount": "500", "effectiveFrom": "2020-01-01"},
    })
    r.raise_for_status()
    person = r.json()
    return person["id"], person["email"]


def set_password(database, email):
    # The demo password's hash, so verification accounts sign in like demo ones.
    hash_ = psql(database, "SELECT password_hash FROM accounts WHERE email = 'admin@staffbook.example'")
    psql(database, f"UPDATE accounts SET password_hash = '{hash_}' WHERE email = '{email}'")


def upload(url, token, period, pdf=PDF, amount="1000", key=None):
    headers = auth(token)
    if key:
        headers["Idempotency-Key"] = key
    return requests.put(f"{url}/v1/me/invoices/{period}", headers=headers, timeout=60,
                        files={"file": ("invoice.pdf", pdf, "application/pdf"), "amount": (None, amount)})



class SlowUpload:
    """An upload whose body is still arriving: the head and the first 64 KB now, the rest on finish()."""

    def __init__(self, url, token, period, pdf, key=None):
        boundary = "verify" + uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"invoice.pdf\"\r\n"
                "Content-Type: application/pdf\r\n\r\n").encode() + pdf + \
               (f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"amount\"\r\n\r\n1000\r\n"
                f"--{boundary}--\r\n").encode()
        host, port = url.removeprefix("http://").split(":")
        self.socket = socket.create_connection((host, int(port)), timeout=30)
        head = (f"PUT /v1/me/invoices/{period} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n"
                + (f"Idempotency-Key: {key}\r\n" if key else "") + "Connection: close\r\n\r\n").encode()
        self.socket.sendall(head + body[:65536])
        self.rest = body[65536:]

    def finish(self):
        """Sends the rest of the body; the answer's status code, or 0 if the connection was dropped."""
        try:
            self.socket.sendall(self.rest)
            response = b""
            while b"\r\n" not in response:
                chunk = self.socket.recv(4096)
                if not chunk:
                    break
                response += chunk
            return int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/1.1 ") else 0
        except OSError:
            return 0
        finally:
            self.socket.close()

# ---------------------------------------------------------------------------------------------


def integrity(database):
    """No invoice without its file, no file without its invoice, no file of another person's month."""
    orphans = psql(database, """
        SELECT (SELECT count(*) FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM invoice_files f WHERE f.id = i.current_file_id))
            || '/' || (SELECT count(*) FROM invoice_files f WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = f.invoice_id))""")
    return orphans == "0/0", orphans


KEPT_MONTHS = [("2026-10-01", "2026-10-31"), ("2026-11-01", "2026-11-30"), ("2026-12-01", "2026-12-31")]


def capacities(url, token):
    """Each kept month's capacity per person as the report by person gives it."""
    result = {}
    for first, last in KEPT_MONTHS:
        r = requests.get(f"{url}/v1/reports/time?from={first}&to={last}&groupBy=person", headers=auth(token), timeout=60)
        r.raise_for_status()
        body = r.json()
        result[first] = ({row["key"]: row.get("capacityHours") for row in body["items"]}, body.get("capacityHours"))
    return result


def verification_admin(url, admin, database):
    """An admin of the verification's own, signed in: a fuzz run working from the contract's
    examples (which name the demo admin) may take the demo admin's role away."""
    _, email = new_contractor(url, admin, "capacity")
    psql(database, f"UPDATE accounts SET roles = '{{admin}}' WHERE email = '{email}'")
    set_password(database, email)
    return email, sign_in(url, email)["accessToken"]


def kept_capacity_matches(url, token, database):
    """The capacity reports read from what was kept, against the same months computed again with
    everything kept dropped: (differing people, people)."""
    kept = capacities(url, token)
    psql(database, "DELETE FROM capacity_months; DELETE FROM capacity_months_filled")
    fresh = capacities(url, token)
    differ = sum(1 for month in kept for person in set(kept[month][0]) | set(fresh[month][0])
                 if kept[month][0].get(person) != fresh[month][0].get(person))
    differ += sum(1 for month in kept if kept[month][1] != fresh[month][1])
    return differ, sum(len(rows) for rows, _ in fresh.values())


def rollups_match(database):
    """The tracked-time sums reports read, recomputed from the entries: (mismatching sums, sums)."""
    truth = """SELECT (started_at AT TIME ZONE 'Europe/Prague')::date AS day, account_id, project_id,
                      sum(extract(epoch FROM ended_at - started_at)) AS seconds,
                      coalesce(sum(extract(epoch FROM ended_at - started_at)) FILTER (WHERE billable), 0) AS billable_seconds,
                      count(*)::int AS entries
               FROM time_entries WHERE ended_at IS NOT NULL GROUP BY 1, 2, 3"""
    result = psql(database, f"""
        WITH days AS ({truth}),
        months AS (SELECT date_trunc('month', day)::date AS month, account_id, project_id, sum(seconds) AS seconds,
                          sum(billable_seconds) AS billable_seconds, sum(entries)::int AS entries FROM days GROUP BY 1, 2, 3)
        SELECT (SELECT count(*) FROM days t FULL JOIN time_rollup_days r USING (day, account_id, project_id)
                WHERE (t.seconds, t.billable_seconds, t.entries) IS DISTINCT FROM (r.seconds, r.billable_seconds, r.entries))
             + (SELECT count(*) FROM months t FULL JOIN time_rollup_months r USING (month, account_id, project_id)
                WHERE (t.seconds, t.billable_seconds, t.entries) IS DISTINCT FROM (r.seconds, r.billable_seconds, r.entries))
             || ' ' || (SELECT count(*) FROM time_rollup_days) + (SELECT count(*) FROM time_rollup_months)""")
    mismatches, sums = result.split()
    return int(mismatches), int(sums)
