"""`make verify` checks of the hardening that need real processes and real sockets: sign-in
timing, slow and idle clients, the connection cap, and demo accounts kept out of deployments."""
import os
import random
import socket
import statistics
import subprocess
import threading
import time

import requests

from harness import BIN, ROOT, Server, check, fresh_database, psql, server_env, sign_in


def timing():
    """20 unknown e-mails against 20 wrong passwords of a known account, interleaved: the
    medians may differ by at most 20 % (the decoy hash has the configured cost, which every
    stored hash gets at its next sign-in: the account signs in once first). Then 60 interleaved
    password-reset requests for a known and an unknown address, each after the last one's job
    has run: medians within 10 %."""
    database = "staffbook_verify_timing"
    fresh_database(database)
    server = Server(database, 18083, {"AUTH_MAX_FAILURES_PER_ACCOUNT": "1000", "AUTH_MAX_FAILURES_PER_ADDRESS": "100000",
                                      "AUTH_MAX_RESETS_PER_ACCOUNT": "1000", "AUTH_MAX_RESETS_PER_ADDRESS": "100000"}).start()
    try:
        def attempt(email):
            began = time.perf_counter()
            r = requests.post(server.url + "/v1/auth/password", json={"email": email, "password": "not the password"}, timeout=30)
            assert r.status_code == 401, r.status_code
            return time.perf_counter() - began
        sign_in(server.url, "jan.novak@staffbook.example")  # the seed's cost-10 hash is made at the configured cost
        attempt("warm-up@staffbook.example")
        attempt("jan.novak@staffbook.example")
        unknown, known = [], []
        for i in range(20):
            unknown.append(attempt(f"nobody-{i}@staffbook.example"))
            known.append(attempt("jan.novak@staffbook.example"))
        a, b = statistics.median(unknown), statistics.median(known)
        difference = abs(a - b) / max(a, b)
        check("sign-in timing: unknown e-mail and wrong password cost the same (medians within 20 %)", difference <= 0.2,
              f"medians {a * 1000:.0f} ms unknown, {b * 1000:.0f} ms wrong password, {difference * 100:.1f} % apart")

        # An account that has not signed in since its hash was made at a lower cost (the seeds'
        # cost 10 against the configured 12): a wrong password is checked until it costs the same.
        unknown, old = [], []
        for i in range(20):
            unknown.append(attempt(f"nobody-else-{i}@staffbook.example"))
            old.append(attempt("petra.svobodova@staffbook.example"))
        a, b = statistics.median(unknown), statistics.median(old)
        difference = abs(a - b) / max(a, b)
        check("sign-in timing: a wrong password against an older, cheaper hash costs what an unknown e-mail does (within 20 %)",
              difference <= 0.2, f"medians {a * 1000:.0f} ms unknown, {b * 1000:.0f} ms older hash, {difference * 100:.1f} % apart")

        # One kept-alive connection, as a prober would use: a new connection a request adds its
        # own scatter to both kinds.
        client = requests.Session()

        def reset(email):
            began = time.perf_counter()
            r = client.post(server.url + "/v1/auth/password-reset", json={"email": email}, timeout=30)
            assert r.status_code == 202, r.status_code
            return time.perf_counter() - began
        for _ in range(3):
            reset("warm-up@staffbook.example")
        def settled():
            """Waits (at most 5 s) until no reset job is queued or running: the job (a link and a
            mail for a real account) runs after the answer, and one still running inside the next
            request's time would be charged to whichever kind comes next, mostly the other one."""
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                waiting = psql(database, "SELECT count(*) FROM jobs WHERE kind = 'password_reset' AND state IN ('pending', 'running')")
                if waiting == "0":
                    break
                time.sleep(0.02)
            time.sleep(0.05)
        # One address of each kind, asked for again and again, as someone probing an address
        # does: both then update one throttle row, and only the account tells them apart. Each
        # request starts once the last one's job is done, and the order is shuffled so neither
        # kind always follows the other.
        unknown, known = [], []
        order = random.Random(20261124)
        for _ in range(60):
            pair = [("nobody@staffbook.example", unknown), ("petra.svobodova@staffbook.example", known)]
            order.shuffle(pair)
            for email, times in pair:
                settled()
                times.append(reset(email))
        a, b = statistics.median(unknown), statistics.median(known)
        difference = abs(a - b) / max(a, b)
        check("password-reset timing: a known and an unknown address cost the same (medians within 10 %)", difference <= 0.1,
              f"medians {a * 1000:.1f} ms unknown, {b * 1000:.1f} ms known, {difference * 100:.1f} % apart")
    finally:
        server.stop()


# Where the slow and idle clients connect from (loopback, another address than the checks').
CLIENT = ("127.0.0.2", 0)


def _closed_within(sock, seconds):
    """Seconds until the server closed `sock`, or None when it stayed open for `seconds`."""
    began = time.time()
    sock.settimeout(seconds)
    try:
        while True:
            if not sock.recv(65536):
                return time.time() - began
    except (socket.timeout, TimeoutError):
        return None
    except OSError:
        return time.time() - began


def slow_clients():
    """Slowloris, idle sockets, idle keep-alive sockets and a stalled upload are closed on time
    while /health/live keeps answering. Short limits, so the check takes seconds, not minutes."""
    database = "staffbook_verify_slow"
    fresh_database(database)
    # The per-address cap is lifted here: these checks are about the timeouts. The clients come
    # from 127.0.0.2, the liveness poll from 127.0.0.1.
    limits = {"HTTP_REQUEST_HEAD_TIMEOUT_SECONDS": "3", "HTTP_IDLE_TIMEOUT_SECONDS": "5", "HTTP_BODY_TIMEOUT_SECONDS": "4",
              "HTTP_MAX_CONNECTIONS_PER_ADDRESS": "10000"}
    server = Server(database, 18083, limits).start()
    host = ("127.0.0.1", 18083)
    live, stop = [], [False]

    def poll():
        while not stop[0]:
            try:
                live.append(requests.get(server.url + "/health/live", timeout=2).status_code)
            except requests.RequestException:
                live.append(0)
            time.sleep(0.25)
    poller = threading.Thread(target=poll)
    poller.start()
    try:
        # Slowloris: a header line every half second, never the end of the head.
        slow = [socket.create_connection(host, source_address=CLIENT) for _ in range(5)]
        began, closed_at = time.time(), {}
        lines = [b"GET /health/live HTTP/1.1\r\n", b"Host: x\r\n"] + [b"X-%d: y\r\n" % i for i in range(14)]
        for line in lines:
            for s in slow:
                if s in closed_at:
                    continue
                try:
                    s.sendall(line)
                    s.setblocking(False)
                    if s.recv(65536) == b"":
                        closed_at[s] = time.time() - began
                except BlockingIOError:
                    pass
                except OSError:
                    closed_at[s] = time.time() - began
                finally:
                    s.setblocking(True)
            time.sleep(0.5)
        latest = max(closed_at.values(), default=None)
        check("5 slowloris connections are closed once the head timeout (3 s) passes",
              len(closed_at) == 5 and latest <= 4.5, f"closed {len(closed_at)} of 5, the last after {latest or 0:.1f} s")

        # Idle sockets that never send a byte: the head timeout counts from the connection's start.
        idle = [socket.create_connection(host, source_address=CLIENT) for _ in range(500)]
        began = time.time()
        idle_closed = [_closed_within(s, max(0.1, began + 5 - time.time())) for s in idle]
        check("500 idle sockets (no byte sent) are closed by the head timeout (3 s)",
              all(d is not None for d in idle_closed), f"closed {sum(d is not None for d in idle_closed)} of 500 "
              f"within {time.time() - began:.1f} s")

        # Kept-alive sockets after one request: the idle timeout.
        kept = []
        for _ in range(20):
            s = socket.create_connection(host, source_address=CLIENT)
            s.sendall(b"GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(65536)
            kept.append(s)
        began = time.time()
        kept_closed = [_closed_within(s, max(0.1, began + 8 - time.time())) for s in kept]
        waited = time.time() - began
        check("20 idle keep-alive sockets are closed by the idle timeout (5 s), not before the head timeout",
              all(d is not None for d in kept_closed) and 4 <= waited <= 8, f"closed after {waited:.1f} s")

        # A stalled upload: the head and part of the body, then nothing.
        token = sign_in(server.url, "jan.novak@staffbook.example")["accessToken"]
        s = socket.create_connection(host, source_address=CLIENT)
        s.sendall((f"PUT /v1/me/invoices/2026-11 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                   "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n").encode())
        stalled = _closed_within(s, 10)
        check("an upload that stops sending is ended by the body timeout (4 s)", stalled is not None and stalled <= 7,
              f"after {stalled:.1f} s" if stalled is not None else "still open after 10 s")
    finally:
        stop[0] = True
        poller.join()
        server.stop()
    check("/health/live kept answering while slow and idle clients were connected", live and all(code == 200 for code in live),
          f"{sum(c == 200 for c in live)} of {len(live)} answered 200")


def connection_cap():
    """Past HTTP_MAX_CONNECTIONS a new connection is never queued: one that has sent nothing the
    longest gives way to it (so silent sockets cannot keep a sender out), and when none may give
    way the new one is closed at once."""
    database = "staffbook_verify_slow"
    server = Server(database, 18083, {"HTTP_MAX_CONNECTIONS": "50"}).start()
    try:
        # 50 at once, then 10 more at once: none is queued. Each is closed at once, or (if a
        # silent one grew old enough to give way meanwhile) takes its place: never more than 50.
        held = [socket.create_connection(("127.0.0.1", 18083)) for _ in range(50)]
        extra = [socket.create_connection(("127.0.0.1", 18083)) for _ in range(10)]
        refused = [_closed_within(s, 2) for s in extra]
        shed = [_closed_within(s, 0.05) for s in held]
        still_open = sum(d is None for d in refused) + sum(d is None for d in shed)
        check("past 50 connections, 10 more are not queued: each closed at once or in the place of a silent one (at most 50 open)",
              all(d is None or d < 1 for d in refused) and still_open <= 50 and sum(d is not None for d in refused) >= 5,
              f"{sum(d is not None for d in refused)} of 10 closed at once, {sum(d is not None for d in shed)} silent ones gave way, "
              f"{still_open} open")
        # The 50 have now sent nothing for a while: 10 senders take their places and are answered.
        time.sleep(1)
        answered = []
        for _ in range(10):
            s = socket.create_connection(("127.0.0.1", 18083))
            s.settimeout(5)
            s.sendall(b"GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            try:
                answered.append(s.recv(65536).startswith(b"HTTP/1.1 200"))
            except OSError:
                answered.append(False)
            s.close()
        gone = sum(_closed_within(s, 0.2) is not None for s in held)
        for s in held:
            s.close()
        time.sleep(0.5)
        after = requests.get(server.url + "/health/live", timeout=5).status_code
        check("at a full cap of silent sockets, 10 that send a request are answered, each in the place of a silent one",
              all(answered) and gone >= 10 and after == 200,
              f"{sum(answered)} of 10 answered, {gone} silent ones closed, then {after}")
    finally:
        server.stop()


def demo_accounts():
    """`seed` refuses a real database; `serve` beyond loopback names demo accounts with the demo password."""
    database = "staffbook_verify_demo"
    fresh_database(database, seed=False)
    psql(database, "INSERT INTO accounts (email, first_name, last_name) VALUES ('boss@company.test', 'Real', 'Boss')")
    seeding = subprocess.run([BIN, "seed"], env=server_env(database), capture_output=True, text=True)
    seeded = psql(database, "SELECT count(*) FROM accounts")
    check("seed refuses to load demo accounts into a database with real accounts",
          seeding.returncode != 0 and seeded == "1", f"exit {seeding.returncode}, {seeded} account(s)")

    fresh_database(database)
    env = server_env(database, 18083)
    env.update({"HTTP_HOST": "0.0.0.0", "LOG_LEVEL": "warning"})
    process = subprocess.Popen([BIN, "serve"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    warned = set()
    deadline = time.time() + 60
    try:
        while time.time() < deadline and "admin@staffbook.example" not in warned:
            line = process.stdout.readline()
            if '"account"' in line and "demo password" in line:
                warned.add(line.split('"account":"')[1].split('"')[0])
    finally:
        process.terminate()
        process.wait(timeout=30)
    check("serve on 0.0.0.0 warns about each demo account that still has the demo password",
          "admin@staffbook.example" in warned and "karel.byvaly@staffbook.example" not in warned, f"{len(warned)} named")


def mutated_isdoc_pdfs():
    """ISDOC.PDFs with random bytes changed, truncated or spliced, uploaded to a real server: each
    answers as a client's mistake or is stored (never a 5xx), the PDF helper's crashes and hangs
    stay in its own process, and the server answers throughout."""
    import random
    database = "staffbook_verify_isdoc"
    fresh_database(database)
    # The daily upload quota is lifted: this check is about reading 300 different files.
    server = Server(database, 18096, {"COMPANY_ICO": "28123450", "INVOICES_MAX_UPLOADS_PER_DAY": "100000",
                                      "INVOICES_MAX_UPLOAD_BYTES_PER_DAY": str(1 << 40), "INVOICES_MAX_FILE_VERSIONS": "10000"}).start()
    folder = os.path.join(ROOT, ".local", "verify-isdoc")
    os.makedirs(folder, exist_ok=True)
    original = os.path.join(folder, "faktura.pdf")
    subprocess.run(["python3", os.path.join(ROOT, "scripts/demo-isdoc-pdf.py"), original, "--amount", "121125"], check=True)
    pdf = open(original, "rb").read()
    rng = random.Random(20261124)
    try:
        worker = sign_in(server.url, "jan.novak@staffbook.example")["accessToken"]
        statuses = {}
        started = time.time()
        for n in range(300):
            mutated = bytearray(pdf)
            kind = n % 3
            if kind == 0:
                for _ in range(rng.randint(1, 40)):
                    mutated[rng.randrange(len(mutated))] = rng.randrange(256)
            elif kind == 1:
                mutated = mutated[:rng.randrange(len(mutated))] + b"\n%%EOF\n"
            else:
                at = rng.randrange(len(mutated))
                mutated = mutated[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 400))) + mutated[at:]
            answer = requests.put(server.url + "/v1/me/invoices/2026-10", headers={"Authorization": f"Bearer {worker}"},
                                  files={"file": ("faktura.pdf", bytes(mutated), "application/pdf"), "amount": (None, "121125")},
                                  timeout=60)
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
        alive = requests.get(server.url + "/health/live", timeout=5).status_code == 200
        took = time.time() - started
        check("300 mutated ISDOC.PDFs: every upload stored or refused as the client's mistake, the server up",
              alive and not any(status >= 500 for status in statuses), f"{dict(sorted(statuses.items()))} in {took:.0f} s")
    finally:
        server.stop()
