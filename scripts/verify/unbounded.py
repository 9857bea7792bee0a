"""`make verify` checks that no upload and no slow client can take the service down (the fourth
outside probe's High findings), against real processes:

- hostile_documents: the ISDOC and camt.053 worst cases (hostile.py) answer in well under a
  second each, and /health/live is never delayed by more than 100 ms while they are read;
- pdf_helper: PDFs that keep poppler busy end at the helper's time limit, with its resource
  limits visible in /proc; a helper that ignores SIGTERM is killed; a sign-in answers within a
  second while two hostile PDFs are read; SIGTERM during all of it exits 0 and leaves no helper;
- slow_body_flood: 1000 slow-body connections from one address (127.0.0.2) do not stop another
  address's requests, directly and through nginx (deploy/nginx.conf) in front."""
import concurrent.futures as futures
import os
import resource
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import threading
import time

import requests

import hostile
from harness import ROOT, Server, auth, check, fresh_database, new_contractor, set_password, sign_in

CONTRACTOR = "jan.novak@staffbook.example"


class LivenessProbe:
    """Asks /health/live every 20 ms in the background; the slowest answer, in seconds."""

    def __init__(self, url):
        self.url, self.times, self.failures, self.stop = url, [], 0, False
        self.thread = threading.Thread(target=self.run)

    def run(self):
        session = requests.Session()
        while not self.stop:
            began = time.perf_counter()
            try:
                ok = session.get(self.url + "/health/live", timeout=5).status_code == 200
            except requests.RequestException:
                ok = False
            self.times.append(time.perf_counter() - began)
            self.failures += 0 if ok else 1
            time.sleep(0.02)

    def __enter__(self):
        self.thread.start()
        time.sleep(0.2)
        return self

    def __exit__(self, *exc):
        self.stop = True
        self.thread.join()

    @property
    def worst(self):
        return max(self.times, default=0)


def _put_file(url, token, period, name, data, media="application/octet-stream"):
    began = time.perf_counter()
    r = requests.put(f"{url}/v1/me/invoices/{period}", headers=auth(token), timeout=120,
                     files={"file": (name, data, media), "amount": (None, "1000")})
    return r, time.perf_counter() - began


def hostile_documents():
    database = "staffbook_verify_hostile"
    fresh_database(database)
    server = Server(database, 18097, {"COMPANY_ICO": "28123450"}).start()
    try:
        worker = sign_in(server.url, CONTRACTOR)["accessToken"]
        admin = sign_in(server.url, "admin@staffbook.example")["accessToken"]
        requests.put(server.url + "/v1/settings/payments", headers=auth(admin), timeout=10,
                     json={"name": "Staffbook s.r.o.", "account": "2000100027/2010", "bic": "FIOBCZPP", "format": "abo"}).raise_for_status()
        cases = [
            ("ISDOC of deep long-named elements and 100,000 children", "isdoc", hostile.isdoc_deep_and_wide()),
            ("ISDOC with 40,000 attributes on one element", "isdoc", hostile.many_attributes()),
            ("camt.053 entry of deep long-named elements and 40,000 children", "camt", hostile.camt_deep_and_wide()),
            ("camt.053 entry of 25,000 transactions (the most lines a statement may have: 20,000)", "camt", hostile.camt_many_transactions()),
        ]
        for title, kind, data in cases:
            with LivenessProbe(server.url) as probe:
                began = time.perf_counter()
                if kind == "isdoc":
                    r, took = _put_file(server.url, worker, "2026-10", "faktura.isdoc", data, "application/xml")
                else:
                    r = requests.post(server.url + "/v1/payment-runs/statements", headers={**auth(admin), "Content-Type": "application/xml"},
                                      data=data, timeout=120)
                    took = time.perf_counter() - began
            check(f"{title} ({len(data) // 1024} KB): answered in under a second, never a 5xx",
                  r.status_code < 500 and took < 1.0, f"{r.status_code} in {took * 1000:.0f} ms")
            check(f"{title}: /health/live never waited more than 100 ms meanwhile",
                  probe.worst <= 0.1 and probe.failures == 0, f"slowest {probe.worst * 1000:.0f} ms of {len(probe.times)}, {probe.failures} failed")
    finally:
        server.stop()


def _helper_processes():
    """The pids of running staffbook-pdf-attachments processes."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    if comm.read().strip().startswith("staffbook-pdf-a"):
                        pids.append(int(entry))
            except OSError:
                pass
    return pids


def _limits(pid):
    """/proc/PID/limits as {name: soft value}."""
    try:
        with open(f"/proc/{pid}/limits") as f:
            lines = f.read().splitlines()[1:]
    except OSError:
        return {}
    return {line[:26].strip(): line[26:47].strip() for line in lines}


def _watch_helpers(stop, seen):
    """Records every helper process seen, and its limits as last read (a helper sets them in its
    first instructions), until `stop` is set."""
    while not stop.is_set():
        for pid in _helper_processes():
            limits = _limits(pid)
            if limits:
                seen[pid] = (limits, seen.get(pid, ({}, 0))[1] + 1)
        time.sleep(0.005)


def pdf_helper():
    database = "staffbook_verify_helper"
    fresh_database(database)
    # A PDF poppler needs about a second for (a dictionary of millions of nested arrays); the
    # helper's limit here is half a second.
    slow = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Names " + b"[" * (4 << 20) + b" >>\nendobj\n%%EOF\n"
    server = Server(database, 18098, {"INVOICES_PDF_ATTACHMENT_TIMEOUT_MS": "500"}).start()
    pool = futures.ThreadPoolExecutor(max_workers=4)
    try:
        admin = sign_in(server.url, "admin@staffbook.example")["accessToken"]
        tokens = []
        for tag in ("helper-a", "helper-b"):
            _, email = new_contractor(server.url, admin, tag)
            set_password(database, email)
            tokens.append(sign_in(server.url, email)["accessToken"])
        stop, seen = threading.Event(), {}
        watcher = threading.Thread(target=_watch_helpers, args=(stop, seen))
        watcher.start()
        began = time.perf_counter()
        uploads = [pool.submit(_put_file, server.url, token, "2025-01", "faktura.pdf", slow, "application/pdf") for token in tokens]
        time.sleep(0.5)
        signing = time.perf_counter()
        signed = requests.post(server.url + "/v1/auth/password", json={"email": CONTRACTOR, "password": "staffbook-demo"}, timeout=30)
        sign_in_took = time.perf_counter() - signing
        answers = [f.result() for f in uploads]
        took = time.perf_counter() - began
        time.sleep(0.2)
        stop.set()
        watcher.join()
        check("a sign-in answers within a second while two hostile PDFs are read", signed.status_code == 200 and sign_in_took < 1.0,
              f"{signed.status_code} in {sign_in_took * 1000:.0f} ms")
        check("two PDFs that keep poppler busy end at the helper's limit (0.5 s) and are stored as plain PDFs",
              all(r.status_code == 201 for r, _ in answers) and took < 10,
              f"{[r.status_code for r, _ in answers]} in {took:.1f} s")
        # A helper read in its first instructions, before it set its limits, and gone by the next
        # look proves nothing either way: judged are those seen on three looks (alive ≥ 10 ms).
        limits = [l for l, looks in seen.values() if looks >= 3]
        expected = {"Max cpu time": "1", "Max open files": "16", "Max file size": "0", "Max core file size": "0",
                    "Max address space": str(1 << 30)}
        check("the helper runs under its resource limits, visible in /proc (CPU, address space, files)",
              len(limits) >= 2 and all(all(l.get(k) == v for k, v in expected.items()) for l in limits),
              f"{len(limits)} of {len(seen)} helpers seen long enough: " + "; ".join(f"{k} {l.get(k)}" for l in limits[:1] for k in expected))
        check("no helper is left running afterwards", not _helper_processes(), f"{_helper_processes()}")

        # The 30 KB PDF of 400 names for one inflating stream: read once, not 400 times.
        r, bomb_took = _put_file(server.url, tokens[0], "2025-02", "faktura.pdf", hostile.pdf_bomb_attachments(), "application/pdf")
        check("a PDF of 400 ISDOC names for one inflating stream is answered within a second",
              r.status_code < 500 and bomb_took < 1.0, f"{r.status_code} in {bomb_took * 1000:.0f} ms")

        # SIGTERM while two hostile PDFs are read: in-flight uploads finish, exit 0, no helper left.
        uploads = [pool.submit(_put_file, server.url, token, "2025-03", "faktura.pdf", slow, "application/pdf") for token in tokens]
        time.sleep(0.5)
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(timeout=30)
        answered = []
        for f in uploads:
            try:
                answered.append(f.result()[0].status_code)
            except requests.RequestException:
                answered.append(0)
        check("SIGTERM while two hostile PDFs are read: the uploads are answered, the server exits 0, no helper is left",
              code == 0 and answered == [201, 201] and not _helper_processes(), f"exit {code}, answers {answered}, helpers {_helper_processes()}")
    finally:
        server.stop()
        pool.shutdown(wait=False)

    # A helper that ignores SIGTERM (as the old one did, with the signal blocked): killed for sure.
    folder = tempfile.mkdtemp(prefix="staffbook-helper-")
    stubborn = os.path.join(folder, "stubborn-helper")
    with open(stubborn, "w") as f:
        f.write("#!/bin/sh\ntrap '' TERM\nexec sleep 61.5\n")
    os.chmod(stubborn, stat.S_IRWXU)
    server = Server(database, 18098, {"INVOICES_PDF_ATTACHMENT_TIMEOUT_MS": "500", "INVOICES_PDF_ATTACHMENT_TOOL": stubborn}).start()
    try:
        worker = sign_in(server.url, CONTRACTOR)["accessToken"]
        r, took = _put_file(server.url, worker, "2026-10", "faktura.pdf", hostile.pdf_bomb_attachments(count=1), "application/pdf")
        leftover = subprocess.run(["pgrep", "-f", "sleep 61.5"], capture_output=True, text=True).stdout.split()
        check("a helper that ignores SIGTERM is killed after the grace: the upload is answered, nothing is left",
              r.status_code < 500 and took < 0.5 + 0.5 + 2 and not leftover, f"{r.status_code} in {took:.1f} s, left {leftover}")
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _slow_bodies(host, port, count, source="127.0.0.2"):
    """`count` connections from `source`, each with a head declaring a 100 KB body and one byte
    of it; the ones the server accepted (not closed at once)."""
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.settimeout(5)
        try:
            s.bind((source, 0))
            s.connect((host, port))
            s.sendall(b"POST /v1/auth/password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
            sockets.append(s)
        except OSError:
            s.close()
    time.sleep(1)
    held = []
    for s in sockets:
        s.setblocking(False)
        try:
            closed = s.recv(1) == b""
        except BlockingIOError:
            closed = False
        except OSError:
            closed = True
        (s.close() if closed else held.append(s))
    return held


def _served_meanwhile(url, seconds=5):
    """Requests from 127.0.0.1 for `seconds`: (answered 200, asked, slowest)."""
    answered, asked, slowest = 0, 0, 0.0
    end = time.time() + seconds
    while time.time() < end:
        asked += 1
        began = time.perf_counter()
        try:
            answered += requests.get(url + "/health/live", timeout=5).status_code == 200
        except requests.RequestException:
            pass
        slowest = max(slowest, time.perf_counter() - began)
        time.sleep(0.05)
    return answered, asked, slowest


NGINX_PORT = 18099


def _start_nginx(upstream_port):
    """nginx from Debian's package with deploy/nginx.conf, its upstream and port set for the check."""
    if not shutil.which("nginx"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "nginx-light"], capture_output=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    folder = tempfile.mkdtemp(prefix="staffbook-nginx-")
    os.chmod(folder, 0o777)  # nginx's workers run as another user and write bodies here
    config = open(os.path.join(ROOT, "deploy", "nginx.conf")).read()
    config = (config.replace("127.0.0.1:8080", f"127.0.0.1:{upstream_port}").replace("listen 80;", f"listen 127.0.0.1:{NGINX_PORT};")
              .replace("/var/run/nginx.pid", os.path.join(folder, "nginx.pid")).replace("/var/cache/nginx", folder)
              .replace("/var/log/nginx", folder))
    path = os.path.join(folder, "nginx.conf")
    with open(path, "w") as f:
        f.write(config)
    started = subprocess.run(["nginx", "-e", os.path.join(folder, "error.log"), "-c", path, "-p", folder], capture_output=True, text=True)
    if started.returncode != 0:
        raise RuntimeError("nginx did not start: " + started.stderr)
    return folder, path


def _served_from(url, seconds=5, count=30):
    """`count` bystanders' health checks from 127.0.0.1, each on a new connection: answered, slowest."""
    answered, slowest = 0, 0.0
    for _ in range(count):
        began = time.perf_counter()
        try:
            with requests.Session() as fresh:
                answered += fresh.get(url + "/health/live", timeout=5).status_code == 200
        except requests.RequestException:
            pass
        slowest = max(slowest, time.perf_counter() - began)
        time.sleep(seconds / count)
    return answered, slowest


def sixteen_address_trickle():
    """Fifth probe, finding 3: trickled bodies from 16 addresses (16 × 64 = the cap of 1000) kept
    the whole cap, and 20 of 30 bystanders' health checks were refused. At a full cap the slowest
    unfinished request gives way, so a bystander sending at normal speed is answered."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    database = "staffbook_verify_trickle16"
    fresh_database(database)
    server = Server(database, 18095, {"HTTP_UNCAPPED_ADDRESSES": "127.0.0.1"}).start()
    try:
        held = []
        for n in range(16):
            held += _slow_bodies("127.0.0.1", 18095, 64, source=f"127.0.1.{n + 1}")
        answered, slowest = _served_from(server.url)
        metrics = requests.get(server.url + "/metrics", timeout=5).text
        shed = [line for line in metrics.splitlines() if line.startswith("staffbook_http_connections_shed_total")]
        check("16 addresses × 64 trickled bodies fill the cap of 1000: all 30 bystanders' health checks answered (before: 10 of 30)",
              answered == 30 and len(held) >= 900, f"{len(held)} held, {answered}/30 answered, slowest {slowest * 1000:.0f} ms; {'; '.join(shed)}")
        for s in held:
            s.close()

        folder, _ = _start_nginx(18095)
        try:
            held = []
            for n in range(16):
                held += _slow_bodies("127.0.0.1", NGINX_PORT, 64, source=f"127.0.1.{n + 1}")
            answered, slowest = _served_from(f"http://127.0.0.1:{NGINX_PORT}")
            check("through the packaged proxy: the same 16 × 64 trickles, all 30 bystanders answered",
                  answered == 30, f"nginx held {len(held)}, {answered}/30 answered, slowest {slowest * 1000:.0f} ms")
            for s in held:
                s.close()
        finally:
            pid = open(os.path.join(folder, "nginx.pid")).read().strip() if os.path.exists(os.path.join(folder, "nginx.pid")) else None
            if pid:
                os.kill(int(pid), signal.SIGQUIT)
            time.sleep(0.5)
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        server.stop()


def slow_body_flood():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    database = "staffbook_verify_flood"
    fresh_database(database)
    # The proxy's address is not capped per address: its connections carry everyone's requests.
    server = Server(database, 18096, {"HTTP_UNCAPPED_ADDRESSES": "127.0.0.1"}).start()
    try:
        held = _slow_bodies("127.0.0.1", 18096, 1000)
        answered, asked, slowest = _served_meanwhile(server.url)
        check("1000 slow-body connections from one address: at most 64 held, another address served throughout",
              len(held) <= 64 and answered == asked, f"{len(held)} held, {answered}/{asked} answered, slowest {slowest * 1000:.0f} ms")
        metrics = requests.get(server.url + "/metrics", timeout=5).text
        refused = [line for line in metrics.splitlines() if line.startswith("staffbook_http_connections_refused_per_address_total")]
        check("the refused connections are counted in a metric", refused and float(refused[0].split()[-1]) >= 900, "; ".join(refused))
        for s in held:
            s.close()

        folder, _ = _start_nginx(18096)
        try:
            held = _slow_bodies("127.0.0.1", NGINX_PORT, 1000)
            answered, asked, slowest = _served_meanwhile(f"http://127.0.0.1:{NGINX_PORT}")
            check("through nginx in front: 1000 slow-body connections from one address do not stop another address's requests",
                  answered == asked, f"nginx held {len(held)}, {answered}/{asked} answered, slowest {slowest * 1000:.0f} ms")
            for s in held:
                s.close()
        finally:
            pid = open(os.path.join(folder, "nginx.pid")).read().strip() if os.path.exists(os.path.join(folder, "nginx.pid")) else None
            if pid:
                os.kill(int(pid), signal.SIGQUIT)
            time.sleep(0.5)
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        server.stop()
