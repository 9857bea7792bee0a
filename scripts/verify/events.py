"""Events with outside tools: a real server delivers webhooks to a receiver here that verifies
every request with the Standard Webhooks library from PyPI (`standardwebhooks`, its timestamp
tolerance included), not with our own code; the receiver fails the first two attempts, an admin
replays a delivery, changes race while one resource's events must keep their order, and a server
with the production policy refuses an endpoint inside the network. Then the changes feed: two
devices reading from one cursor across an entry created, edited and deleted. Last, the desk's
integrations pages in Chromium: registering an endpoint there, its secret shown once, its log.
And Web Push: a browser's subscription made here with keys of our own, a notification pushed by
the server, decrypted by `http_ece` and its VAPID header verified by `py-vapid` (PyPI). And APNs:
a phone registered through the API, the notification sent over HTTP/2 to `scripts/apns-peer.py`
(h2 from PyPI), which checks the provider token with the `.p8` key's public half; a 410 drops the
device."""
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import base64
import subprocess
import sys
import tempfile

import http_ece
import py_vapid
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from standardwebhooks.webhooks import Webhook

from desk import PASSWORD, SHOTS, Walk, axe_source, browser, navigate
from harness import BIN, Server, auth, check, fresh_database, sign_in

ADMIN = "admin@staffbook.example"
JAN = "jan.novak@staffbook.example"


class Receiver:
    """An integration's endpoint: answers 503 to the first `failures` requests, then 200, and keeps
    every request it answered 200 with what the library verified."""

    def __init__(self, failures):
        self.failures = failures
        self.seen = 0
        self.accepted = []
        self.rejected = []
        self.secret = None
        self.pushes = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {name.lower(): value for name, value in self.headers.items()}
                if self.path.startswith("/push/"):
                    receiver.pushes.append((headers, raw))
                    self.send_response(201)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body = raw.decode()
                with receiver.lock:
                    receiver.seen += 1
                    failing = receiver.seen <= receiver.failures
                status = 503 if failing else 200
                if not failing:
                    try:
                        payload = Webhook(receiver.secret).verify(body, headers)
                        with receiver.lock:
                            receiver.accepted.append((headers, payload))
                    except Exception as error:  # a request that does not verify is refused and kept
                        status = 400
                        with receiver.lock:
                            receiver.rejected.append(repr(error))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/staffbook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                if len(self.accepted) >= count:
                    return True
            time.sleep(0.1)
        return False


def entry(url, token, day, start, end, description="Events"):
    return requests.post(url + "/v1/me/time-entries", headers=token, timeout=30, json={
        "projectId": "00000000-0000-4000-b000-000000000004", "start": f"{day}T{start}:00+01:00", "end": f"{day}T{end}:00+01:00",
        "description": description})


def events():
    database = "staffbook_verify_events"
    fresh_database(database)
    receiver = Receiver(failures=2)
    vapid_key = subprocess.run([BIN, "vapid-key"], check=True, capture_output=True, text=True).stdout.strip()
    peer = APNsPeer()
    server = Server(database, 18099, settings={**peer.settings,
        "NOTIFY_WEBHOOK_ALLOW_HTTP": "true", "NOTIFY_WEBHOOK_ALLOW_PRIVATE_ADDRESSES": "true", "JOBS_POLL_SECONDS": "1",
        "PUSH_VAPID_PRIVATE_KEY": vapid_key, "PUSH_VAPID_SUBJECT": "mailto:admin@staffbook.example",
        # The schedule's waits at 1 %: the third attempt comes seconds after the first, not minutes.
        "WEBHOOKS_RETRY_SCALE_PERCENT": "1"}).start()
    strict = None
    try:
        url = server.url
        admin = auth(sign_in(url, ADMIN)["accessToken"])
        jan = auth(sign_in(url, JAN)["accessToken"])
        created = requests.post(url + "/v1/webhooks", headers=admin, timeout=30, json={
            "url": receiver.url, "description": "verify", "eventTypes": ["time_entry.created", "time_entry.updated"]})
        endpoint = created.json()
        receiver.secret = endpoint.get("secret")
        check("webhooks: an admin registers an endpoint and is shown its secret once",
              created.status_code == 201 and str(receiver.secret).startswith("whsec_")
              and "secret" not in requests.get(url + "/v1/webhooks", headers=admin, timeout=30).text, str(created.status_code))

        began = time.time()
        first = entry(url, jan, "2026-11-22", "22:00", "22:30")
        delivered = receiver.wait(1, timeout=60)
        log = requests.get(f"{url}/v1/webhooks/{endpoint.get('id')}/deliveries", headers=admin, timeout=30).json().get("items", [])
        check("webhooks: the receiver failed twice, the third attempt arrived and the library verified it (timestamp included)",
              delivered and receiver.seen == 3 and not receiver.rejected and receiver.accepted[0][1].get("type") == "time_entry.created"
              and receiver.accepted[0][1]["data"].get("id") == first.json().get("id")
              and log and log[0]["state"] == "delivered" and log[0]["attempts"] == 3 and log[0]["lastStatus"] == 200,
              f"{receiver.seen} requests in {time.time() - began:.1f} s, log {log[:1]}, rejected {receiver.rejected}")

        replay = requests.post(f"{url}/v1/webhooks/{endpoint.get('id')}/deliveries/{log[0]['id'] if log else 'x'}/replay", headers=admin,
                               timeout=30)
        again = receiver.wait(2, timeout=30)
        check("webhooks: an admin replays a delivery; the same event arrives again with its webhook-id and verifies",
              replay.status_code == 202 and again and receiver.accepted[1][0]["webhook-id"] == receiver.accepted[0][0]["webhook-id"]
              and receiver.accepted[1][1] == receiver.accepted[0][1], f"{replay.status_code}")

        # One entry changed five times by its owner while two others make entries at once.
        others = [auth(sign_in(url, email)["accessToken"]) for email in
                  ("petra.svobodova@staffbook.example", "lead.mobile@staffbook.example")]
        etag = first.headers.get("ETag")
        entry_id = first.json().get("id")

        def edits():
            nonlocal etag
            for n in range(1, 6):
                changed = requests.patch(f"{url}/v1/me/time-entries/{entry_id}", headers={**jan, "If-Match": etag}, timeout=30,
                                         json={"description": f"Edit {n}"})
                etag = changed.headers.get("ETag")

        def more(token, n):
            for k in range(3):
                entry(url, token, "2026-11-22", f"2{k}:0{n}", f"2{k}:3{n}", f"Other {k}")

        threads = [threading.Thread(target=edits)] + [threading.Thread(target=more, args=(t, n)) for n, t in enumerate(others)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        arrived = receiver.wait(2 + 5 + 6, timeout=60)
        stream = [payload["data"] for _, payload in receiver.accepted[2:] if payload["data"].get("id") == entry_id]
        check("webhooks: one entry's five changes arrive in their order while other changes race",
              arrived and [d.get("description") for d in stream] == [f"Edit {n}" for n in range(1, 6)]
              and [d.get("version") for d in stream] == sorted(d.get("version") for d in stream),
              f"{len(receiver.accepted)} accepted; {[d.get('description') for d in stream]}")

        # The production policy, for the refusal only: its worker stays off so it delivers nothing.
        strict = Server(database, 18100, settings={"JOBS_WORKER": "false"}).start()
        refused = requests.post(strict.url + "/v1/webhooks", headers=admin, timeout=30, json={
            "url": "https://10.0.0.8/hook", "eventTypes": ["invoice.paid"]})
        loopback = requests.post(strict.url + "/v1/webhooks", headers=admin, timeout=30, json={
            "url": receiver.url, "eventTypes": ["invoice.paid"]})
        check("webhooks: with the production policy an endpoint inside the network is refused (400 on body.url)",
              refused.status_code == 400 and "body.url" in refused.text and loopback.status_code == 400, f"{refused.status_code}")

        # The changes feed: two devices from one cursor, across a created, edited, deleted entry.
        start = requests.get(url + "/v1/me/changes", headers=jan, timeout=30).json()["next"]
        made = entry(url, jan, "2026-11-21", "22:00", "22:30")
        edited = requests.patch(f"{url}/v1/me/time-entries/{made.json().get('id')}", headers={**jan, "If-Match": made.headers.get("ETag")},
                                timeout=30, json={"description": "Edited"})
        requests.delete(f"{url}/v1/me/time-entries/{made.json().get('id')}", headers={**jan, "If-Match": edited.headers.get("ETag")},
                        timeout=30)
        phone = requests.get(f"{url}/v1/me/changes?since={start}", headers=jan, timeout=30).json()
        laptop = requests.get(f"{url}/v1/me/changes?since={start}", headers=jan, timeout=30).json()
        types = [item["type"] for item in phone.get("items", [])]
        check("changes feed: created, edited, deleted (a tombstone), the same for two devices from one cursor",
              types == ["time_entry.created", "time_entry.updated", "time_entry.deleted"] and phone["items"][2]["deleted"]
              and phone == laptop, json.dumps(types))
        gone = requests.get(url + "/v1/me/changes?since=999999999", headers=jan, timeout=30)
        check("changes feed: a cursor it never gave answers 410 cursor-expired", gone.status_code == 410
              and "cursor-expired" in gone.text, str(gone.status_code))
        web_push(url, receiver)
        apns(url, peer)
        desk_pages(url, receiver)
    finally:
        if strict:
            strict.stop()
        server.stop()
        receiver.server.shutdown()
        peer.stop()


class APNsPeer:
    """`scripts/apns-peer.py` with a `.p8` key made here; `settings` point the server at it."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="staffbook-apns-")
        key = ec.generate_private_key(ec.SECP256R1())
        path = lambda name: os.path.join(self.directory, name)
        with open(path("AuthKey.p8"), "wb") as f:
            f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        with open(path("public.pem"), "wb") as f:
            f.write(key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
        self.log, self.answers = path("log.jsonl"), path("answers.json")
        script = os.path.join(os.path.dirname(__file__), "..", "apns-peer.py")
        self.process = subprocess.Popen(
            [sys.executable, script, "--port-file", path("port"), "--cert-file", path("cert.pem"), "--public-key", path("public.pem"),
             "--key-id", "ABC123DEFG", "--team", "DEF123GHIJ", "--topic", "com.staffbook.app", "--log", self.log,
             "--answers", self.answers], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while not os.path.exists(path("port")) and time.time() < deadline:
            time.sleep(0.05)
        with open(path("port")) as f:
            port = f.read().strip()
        self.settings = {"APNS_KEY_FILE": path("AuthKey.p8"), "APNS_KEY_ID": "ABC123DEFG", "APNS_TEAM_ID": "DEF123GHIJ",
                         "APNS_TOPIC": "com.staffbook.app", "APNS_URL": f"https://127.0.0.1:{port}", "APNS_CA_FILE": path("cert.pem")}

    def requests(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return [json.loads(line) for line in f if line.strip()]

    def wait(self, count, timeout=30):
        deadline = time.time() + timeout
        while len(self.requests()) < count and time.time() < deadline:
            time.sleep(0.1)
        return self.requests()

    def stop(self):
        self.process.kill()
        self.process.wait()


def apns(url, peer):
    """A phone of Jan's registers; the leader's decisions reach it through the APNs endpoint."""
    token = os.urandom(32).hex()
    jan = auth(sign_in(url, JAN)["accessToken"])
    lead = auth(sign_in(url, "lead.mobile@staffbook.example")["accessToken"])
    registered = requests.post(url + "/v1/me/devices", headers=jan, timeout=30, json={"token": token})

    def decide(first, last):
        asked = requests.post(url + "/v1/me/absences", headers=jan, timeout=30,
                              json={"kind": "vacation", "firstDay": first, "lastDay": last}).json()
        requests.post(f"{url}/v1/absences/{asked.get('id')}/approve", headers=lead, timeout=30)

    decide("2027-03-08", "2027-03-09")
    sent = peer.wait(1)
    first = sent[0] if sent else {}
    check("apns: a registered phone gets the decision over HTTP/2, the provider token verified by the endpoint with the key's public half",
          registered.status_code == 201 and first.get("status") == 200 and first.get("token") == token
          and first["headers"].get("apns-topic") == "com.staffbook.app" and first["headers"].get("apns-push-type") == "alert"
          and "2027-03-08" in first.get("payload", {}).get("aps", {}).get("alert", {}).get("title", ""),
          f"{registered.status_code}, {[(r.get('status'), r.get('reason')) for r in sent]}")
    with open(peer.answers, "w") as f:
        json.dump({"tokens": {token: [410]}}, f)
    decide("2027-03-15", "2027-03-16")
    gone = peer.wait(2)
    listed = requests.get(url + "/v1/me/devices", headers=jan, timeout=30).json().get("items")
    check("apns: the endpoint answers 410 Unregistered and the device is dropped",
          len(gone) == 2 and gone[1].get("status") == 410 and listed == [], f"{[(r.get('status'), r.get('reason')) for r in gone]}, {listed}")


def b64(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def web_push(url, receiver):
    """A browser of Jan's, as the Push API would subscribe it; the leader approves his time off."""
    browser = ec.generate_private_key(ec.SECP256R1())
    public = browser.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    secret = os.urandom(16)
    receiver.pushes = []
    jan = auth(sign_in(url, JAN)["accessToken"])
    listed = requests.get(url + "/v1/me/push-subscriptions", headers=jan, timeout=30).json()
    subscribed = requests.post(url + "/v1/me/push-subscriptions", headers=jan, timeout=30, json={
        "endpoint": receiver.url.replace("/staffbook", "/push/jan"), "expirationTime": None,
        "keys": {"p256dh": b64(public), "auth": b64(secret)}})
    lead = auth(sign_in(url, "lead.mobile@staffbook.example")["accessToken"])
    asked = requests.post(url + "/v1/me/absences", headers=jan, timeout=30,
                          json={"kind": "vacation", "firstDay": "2027-03-01", "lastDay": "2027-03-02"}).json()
    requests.post(f"{url}/v1/absences/{asked.get('id')}/approve", headers=lead, timeout=30)
    deadline = time.time() + 30
    while not receiver.pushes and time.time() < deadline:
        time.sleep(0.1)
    message, verified, claims = None, False, {}
    if receiver.pushes:
        headers, body = receiver.pushes[0]
        message = json.loads(http_ece.decrypt(body, private_key=browser, auth_secret=secret, version="aes128gcm"))
        authorization = headers.get("authorization", "")
        verified = py_vapid.Vapid02.verify(authorization)
        token = authorization.split("t=")[1].split(",")[0]
        claims = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
    check("web push: a subscribed browser gets the decision, decrypted by http_ece, its VAPID header verified by py-vapid",
          subscribed.status_code == 201 and listed.get("applicationServerKey") and message and "2027-03-01" in message.get("title", "")
          and verified and claims.get("aud") == receiver.url.rsplit("/", 1)[0] and claims.get("sub") == "mailto:admin@staffbook.example"
          and time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600,
          f"{subscribed.status_code}, {len(receiver.pushes)} pushed, {message}, {claims}")


def desk_pages(url, receiver):
    """The admin's integrations pages in Chromium, looked at as `desk` looks at its pages."""
    from selenium.webdriver.common.by import By
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser()
    try:
        walk = Walk(driver, axe_source())
        driver.get(url + "/desk/sign-in")
        driver.find_element(By.ID, "email").send_keys(ADMIN)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        driver.get(url + "/desk/integrations")
        driver.find_element(By.ID, "endpoint-url").send_keys(receiver.url + "/desk")
        driver.find_element(By.ID, "endpoint-description").send_keys("Účetnictví")
        driver.find_element(By.ID, "type-invoice-paid").click()
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/integrations'] button[type=submit]"))
        found = driver.find_elements(By.ID, "new-secret")
        secret = found[0].get_attribute("value") if found else ""
        check("desk integrations: an endpoint registered on the page shows its secret once", secret.startswith("whsec_")
              and receiver.url + "/desk" in driver.page_source)
        walk.look("integrations")
        driver.get(url + "/desk/integrations")
        check("desk integrations: the list no longer shows the secret", secret not in driver.page_source)
        driver.find_element(By.LINK_TEXT, receiver.url).click()
        walk.look("integration")
        check("desk integrations: an endpoint's page lists its deliveries with a button to send one again",
              "time_entry.created" in driver.page_source and driver.find_elements(By.CSS_SELECTOR, "form[action$='/replay'] button"))
        # Me, where the server can push: the script shows the button; pressing it registers the
        # service worker and asks the browser for a subscription, which this headless browser,
        # with no push service to reach, refuses: the page says so instead of failing silently.
        driver.get(url + "/desk/me")
        button = driver.find_element(By.CSS_SELECTOR, "form[data-push-key] button")
        shown = button.is_displayed() and not driver.find_element(By.CSS_SELECTOR, "[data-push-unsupported]").is_displayed()
        button.click()
        deadline = time.time() + 15
        while time.time() < deadline and "done=pushOn" not in driver.current_url and not \
                driver.find_element(By.CSS_SELECTOR, "[data-push-failed]").is_displayed():
            time.sleep(0.2)
        registered = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.serviceWorker.getRegistration('/desk/').then(r => done(r ? r.scope : null), () => done(null));")
        answered = "done=pushOn" in driver.current_url or driver.find_element(By.CSS_SELECTOR, "[data-push-failed]").is_displayed()
        check("desk Me: the push button is shown, registers the service worker and ends in an answer on the page",
              shown and answered and registered == url + "/desk/", f"shown {shown}, answered {answered}, scope {registered}")
        walk.look("me-push")
        walk.report()
    finally:
        driver.quit()
