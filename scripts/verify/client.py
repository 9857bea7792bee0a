"""The client package as an app uses it: Client/Examples (a package that depends on the client
package only) is built and its `staffbook-example` run against a real server holding the demo
data: sign in, list months, upload a PDF, approve it as an admin over its checks, a stale
version's problem, the people list followed page by page, sign out. Its output is printed."""
import datetime
import os
import subprocess
import time
import zoneinfo

from harness import ROOT, Server, check, fresh_database

EXAMPLES = os.path.join(ROOT, "Client", "Examples")


def client_example():
    began = time.time()
    build = subprocess.run(["swift", "build", "--package-path", EXAMPLES], capture_output=True, text=True, timeout=1800)
    warnings = sorted({line for line in build.stdout.splitlines() + build.stderr.splitlines() if "warning:" in line})
    check("Client/Examples builds against the client package alone, without warnings",
          build.returncode == 0 and not warnings,
          f"{time.time() - began:.0f} s" if build.returncode == 0 and not warnings
          else (build.stderr or build.stdout)[-800:] + "; ".join(warnings)[:400])
    if build.returncode != 0:
        return

    database = "staffbook_verify_client"
    fresh_database(database)
    server = Server(database, 18094).start()
    try:
        month = datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Prague")).strftime("%Y-%m")
        run = subprocess.run([os.path.join(EXAMPLES, ".build", "debug", "staffbook-example"), server.url,
                              os.path.join(ROOT, "seeds", "demo-invoice.pdf"), month],
                             capture_output=True, text=True, timeout=300)
        for line in (run.stdout + run.stderr).splitlines():
            print("   " + line)
        out = run.stdout
        check("the example app signs in, lists months, uploads a PDF, approves it as an admin, follows pages and signs out",
              run.returncode == 0 and "signed in as Jan Novák" in out and f"uploaded {month}: submitted" in out
              and "approved: approved" in out and "412 urn:staffbook:problem:precondition-failed" in out
              and "people, 5 a page:" in out and "signed out" in out,
              f"exit {run.returncode}")
    finally:
        server.stop()
