"""The reference page (`GET /docs`) in a real browser. Headless Chromium loads it from a live
server at a phone's width (412 px): its rendered DOM must show every operationId of the contract
with the roles that may call it, every schema, every value of a path parameter's enumeration,
no element may reach past the screen's right edge (nothing scrolls sideways), and no console
message may appear (a blocked style or script would log one). Screenshots go to .local/: the
page's top, and the approval and the upload as a phone finds them from the page alone (an
operation's anchor, and the search box)."""
import json
import os
import re

import requests
import yaml

from cdp import Browser
from harness import ROOT, Server, check, fresh_database

SHOTS = os.path.join(ROOT, ".local")
ROLES = {"worker", "team_leader", "admin", "anyone (no token)"}

OVERFLOW = """(() => {
  const width = document.documentElement.clientWidth;
  const over = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1) over.push(element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + ' ' + Math.round(box.right));
  }
  return JSON.stringify({width, scrollWidth: document.documentElement.scrollWidth, count: over.length, first: over.slice(0, 5)});
})()"""


def contract():
    return yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml")))


def path_enum_values(spec):
    """(operationId, value) for every value of every path parameter's enumeration."""
    pairs = []
    for item in spec["paths"].values():
        shared = item.get("parameters", [])
        for method, operation in item.items():
            if method == "parameters":
                continue
            for parameter in shared + operation.get("parameters", []):
                if "$ref" in parameter:
                    parameter = spec["components"]["parameters"][parameter["$ref"].split("/")[-1]]
                if parameter.get("in") != "path":
                    continue
                schema = parameter.get("schema", {})
                if "$ref" in schema:
                    schema = spec["components"]["schemas"][schema["$ref"].split("/")[-1]]
                pairs += [(operation["operationId"], str(value)) for value in schema.get("enum", [])]
    return pairs


def reference_page():
    database = "staffbook_verify_docs"
    fresh_database(database, seed=False)
    server = Server(database, 18091).start()
    browser = None
    try:
        url = server.url + "/docs"
        response = requests.get(url, timeout=10)
        policy = response.headers.get("Content-Security-Policy", "")
        check("/docs: 200 text/html with a CSP that allows no script, styles by hash only and forms to itself",
              response.status_code == 200 and response.headers.get("Content-Type") == "text/html"
              and policy.startswith("default-src 'none'; style-src 'sha256-") and "unsafe" not in policy
              and "form-action 'self'" in policy, policy[:80])

        browser = Browser()
        phone = browser.phone()
        browser.load(phone, url)
        dom = browser.evaluate(phone, "document.documentElement.outerHTML")
        layout = json.loads(browser.evaluate(phone, OVERFLOW))
        os.makedirs(SHOTS, exist_ok=True)
        browser.screenshot(phone, os.path.join(SHOTS, "docs.png"))
        messages = [entry for entry in browser.console]
        check("/docs in Chromium: no console message (no blocked style or script)", not messages, str(messages)[:300])
        check("/docs at 412 px: nothing reaches past the screen's edge, nothing scrolls sideways",
              layout["count"] == 0 and layout["scrollWidth"] <= layout["width"], json.dumps(layout))

        spec = contract()
        articles = {m.group(1): m.group(2) for m in re.finditer(
            r'<article class="op" id="([A-Za-z]+)"[^>]*>(.*?)</article>', dom, re.S)}
        roles = {id: set(re.findall(r'<span class="role">([^<]+)</span>', body)) for id, body in articles.items()}
        ids = [operation["operationId"] for item in spec["paths"].values() for method, operation in item.items()
               if method != "parameters"]
        missing = [id for id in ids if not roles.get(id) or not roles[id] <= ROLES]
        known = (roles.get("listInvoices") == {"admin"} and roles.get("getMe") == {"worker", "team_leader", "admin"}
                 and roles.get("getLiveness") == {"anyone (no token)"}
                 and roles.get("listTeams") == {"team_leader", "admin"})
        check(f"/docs in Chromium: all {len(ids)} operationIds shown with their roles", not missing and known,
              f"missing or without roles: {missing[:5]}")
        schemas = [name for name in spec["components"]["schemas"] if not name.startswith("Problem")]
        absent = [name for name in schemas if f'id="schema-{name}"' not in dom]
        check(f"/docs in Chromium: all {len(schemas)} schemas shown", not absent, f"missing: {absent[:5]}")
        # Every link within the page leads to an element of it, as the browser resolves it.
        dangling = browser.evaluate(phone, "JSON.stringify([...document.querySelectorAll('a[href^=\"#\"]')]"
                                           ".map(a => decodeURIComponent(a.getAttribute('href').slice(1)))"
                                           ".filter(id => id && !document.getElementById(id)))")
        links = browser.evaluate(phone, "document.querySelectorAll('a[href^=\"#\"]').length")
        check(f"/docs in Chromium: every one of the {links} links within the page (href=\"#…\") finds its target",
              links and json.loads(dangling) == [], dangling[:300])
        # Chromium asks for gzip; the page came compressed (the bytes on the wire against the page's).
        sizes = json.loads(browser.evaluate(phone, "JSON.stringify((e => [e.encodedBodySize, e.decodedBodySize])"
                                                   "(performance.getEntriesByType('navigation')[0]))"))
        check("/docs in Chromium: the page arrives gzipped (a tenth of its size or less on the wire)",
              sizes[0] > 0 and sizes[0] * 10 <= sizes[1], f"{sizes[0]} bytes on the wire for {sizes[1]}")
        values = path_enum_values(spec)
        unshown = [(id, value) for id, value in values if f"<code>{value}</code>" not in articles.get(id, "")]
        check(f"/docs in Chromium: every value of a path parameter's enumeration shown ({len(values)})", values and not unshown,
              f"missing: {unshown[:5]}")

        # A phone user who wants to approve an invoice follows the operation's anchor; one who
        # uploads searches for "upload".
        # (A tab each: a new fragment on the same page is no load to wait for.)
        approve = browser.phone()
        browser.load(approve, url + "#actOnInvoice")
        browser.screenshot(approve, os.path.join(SHOTS, "docs-approve.png"))
        top = browser.evaluate(approve, "Math.round(document.getElementById('actOnInvoice').getBoundingClientRect().top)")
        search = browser.phone()
        browser.load(search, server.url + "/docs?q=upload")
        found = browser.evaluate(search, "[...document.querySelectorAll('article.op')].map(a => a.id).join(',')")
        browser.screenshot(search, os.path.join(SHOTS, "docs-upload.png"))
        check("/docs on a phone: an operation's anchor opens at it, the search box finds the upload",
              top is not None and 0 <= top < 40 and "uploadMyInvoice" in (found or "").split(","), f"anchor at {top}, found {found}")
        words = browser.phone()
        browser.load(words, server.url + "/docs?q=approve+invoice")
        approving = browser.evaluate(words, "[...document.querySelectorAll('article.op')].map(a => a.id).join(',')")
        check("/docs in Chromium: a search of two words, \"approve invoice\", finds actOnInvoice",
              "actOnInvoice" in (approving or "").split(","), f"found {approving}")
        print(f"   screenshots: .local/docs.png, .local/docs-approve.png, .local/docs-upload.png; {len(dom)} bytes of DOM, "
              f"{len(articles)} operations, {len(schemas)} schemas")
    finally:
        if browser:
            browser.close()
        server.stop()
