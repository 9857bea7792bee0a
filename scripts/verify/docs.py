"""The reference page (`GET /docs`) in a real browser: headless Chromium loads it from a live
server, writes a phone-sized screenshot to .local/docs.png, and its rendered DOM must show every
operationId of the contract with the roles that may call it, with no console message (a
blocked style or script would log one)."""
import os
import re
import subprocess

import requests
import yaml

from harness import ROOT, Server, check, fresh_database

SCREENSHOT = os.path.join(ROOT, ".local", "docs.png")
CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr",
            "--v=0"]
ROLES = {"worker", "team_leader", "admin", "anyone (no token)"}


def operation_ids():
    spec = yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml")))
    return [operation["operationId"] for item in spec["paths"].values() for method, operation in item.items()
            if method != "parameters"]


def console_messages(stderr):
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def reference_page():
    database = "staffbook_verify_docs"
    fresh_database(database, seed=False)
    server = Server(database, 18091).start()
    try:
        url = server.url + "/docs"
        response = requests.get(url, timeout=10)
        policy = response.headers.get("Content-Security-Policy", "")
        check("/docs: 200 text/html with a CSP that allows no script and styles by hash only",
              response.status_code == 200 and response.headers.get("Content-Type") == "text/html"
              and policy.startswith("default-src 'none'; style-src 'sha256-") and "unsafe" not in policy, policy[:80])

        os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
        shot = subprocess.run(CHROMIUM + ["--window-size=412,2400", f"--screenshot={SCREENSHOT}", url],
                              capture_output=True, text=True, timeout=120)
        dom = subprocess.run(CHROMIUM + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
        messages = console_messages(shot.stderr) + console_messages(dom.stderr)
        check("/docs in Chromium: a screenshot written, no console message (no blocked style or script)",
              os.path.getsize(SCREENSHOT) > 10_000 and not messages, "; ".join(messages)[:300])

        articles = {m.group(1): m.group(2) for m in re.finditer(
            r'<article class="op" id="([A-Za-z]+)"[^>]*>(.*?)</article>', dom.stdout, re.S)}
        roles = {id: set(re.findall(r'<span class="role">([^<]+)</span>', body)) for id, body in articles.items()}
        ids = operation_ids()
        missing = [id for id in ids if not roles.get(id) or not roles[id] <= ROLES]
        known = (roles.get("listInvoices") == {"admin"} and roles.get("getMe") == {"worker", "team_leader", "admin"}
                 and roles.get("getLiveness") == {"anyone (no token)"}
                 and roles.get("listTeams") == {"team_leader", "admin"})
        check(f"/docs in Chromium: all {len(ids)} operationIds shown with their roles", not missing and known,
              f"missing or without roles: {missing[:5]}")
        print(f"   screenshot: {os.path.relpath(SCREENSHOT, ROOT)} ({os.path.getsize(SCREENSHOT)} bytes), "
              f"{len(dom.stdout)} bytes of DOM, {len(articles)} operations")
    finally:
        server.stop()
