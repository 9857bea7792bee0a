"""Safeguards with outside tools: the second factor's codes computed by pyotp (PyPI), not by our
own code, against a server where admins must have one; then the same in Chromium on the desk
(enrolling on Me, the recovery codes, the sign-in's code page), each page looked at as `desk`
looks at its pages. Four eyes on a payment run against a server with the rule on `auto`: the
file refused until a second admin approves, never the maker; the waiting run's page in Chromium."""
import os
import time

import pyotp
import requests

from desk import PASSWORD, PETRA, SHOTS, Walk, axe_source, browser, navigate, press_enter
from harness import Server, auth, check, fresh_database, psql, sign_in

ADMIN = "admin@staffbook.example"


def password(url, email):
    return requests.post(url + "/v1/auth/password", json={"email": email, "password": PASSWORD}, timeout=30)


def complete(url, challenge, code):
    return requests.post(url + "/v1/auth/second-factor", json={"challenge": challenge, "code": code}, timeout=30)


def second_factor():
    database = "staffbook_verify_factor"
    fresh_database(database)
    os.makedirs(SHOTS, exist_ok=True)
    server = Server(database, 18097, settings={"AUTH_ADMIN_SECOND_FACTOR": "required"}).start()
    driver = None
    try:
        url = server.url
        first = password(url, ADMIN)
        step = first.json() if first.status_code == 202 else {}
        check("second factor: the demo admin's password alone gives no tokens, only a challenge to enrol (202)",
              first.status_code == 202 and step.get("purpose") == "enrol" and "accessToken" not in first.text, first.text[:200])
        enrolment = requests.post(url + "/v1/auth/second-factor/enrolment", json={"challenge": step.get("challenge", "")}, timeout=30)
        secret = enrolment.json().get("secret", "") if enrolment.ok else ""
        uri = enrolment.json().get("uri", "") if enrolment.ok else ""
        totp = pyotp.TOTP(secret) if secret else None
        parsed = pyotp.parse_uri(uri) if uri else None
        check("second factor: the enrolment's otpauth URI is read by pyotp as the same secret, SHA-1, 6 digits, 30 s",
              parsed is not None and parsed.secret == secret and parsed.digits == 6 and parsed.interval == 30, uri[:120])
        code = totp.now() if totp else "000000"
        done = complete(url, step.get("challenge", ""), code)
        recovery = done.json().get("recoveryCodes", []) if done.ok else []
        check("second factor: pyotp's code completes the admin's sign-in, with ten recovery codes shown once",
              done.status_code == 200 and "accessToken" in done.text and len(recovery) == 10, f"{done.status_code}, {len(recovery)} codes")

        again = password(url, ADMIN)
        reused = complete(url, again.json().get("challenge", ""), code)
        check("second factor: the next sign-in asks for a code, and the code already used is refused (401)",
              again.status_code == 202 and again.json().get("purpose") == "code" and reused.status_code == 401, reused.text[:200])
        by_recovery = complete(url, password(url, ADMIN).json().get("challenge", ""), recovery[0] if recovery else "")
        recovery_again = complete(url, password(url, ADMIN).json().get("challenge", ""), recovery[0] if recovery else "")
        check("second factor: a recovery code signs in once, never twice",
              by_recovery.status_code == 200 and recovery_again.status_code == 401, f"{by_recovery.status_code}, {recovery_again.status_code}")
        worker = password(url, "jan.novak@staffbook.example")
        check("second factor: a worker without one signs in with the password alone",
              worker.status_code == 200 and "accessToken" in worker.text, str(worker.status_code))
        audited = psql(database, "SELECT string_agg(action, ',' ORDER BY id) FROM audit_log WHERE entity = 'second_factor' "
                                 "AND subject_id = (SELECT id FROM accounts WHERE email = 'admin@staffbook.example')")
        check("second factor: enrolment, confirmation and the recovery code used are in the audit log", audited == "enrol,confirm,use_recovery_code",
              audited)

        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        driver = browser()
        walk = Walk(driver, axe_source())
        driver.get(url + "/desk/sign-in")
        driver.find_element(By.ID, "email").send_keys(PETRA)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        driver.get(url + "/desk/me")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/me/second-factor'] button"))
        shown = driver.find_element(By.CSS_SELECTOR, "code.secret").text.replace(" ", "") if driver.find_elements(By.CSS_SELECTOR, "code.secret") else ""
        has_qr = driver.find_elements(By.CSS_SELECTOR, ".qr svg") != []
        walk.look("factor-enrol")
        petra = pyotp.TOTP(shown) if shown else None
        driver.find_element(By.ID, "code").send_keys(petra.now() if petra else "000000")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/me/second-factor/confirm'] button"))
        codes = driver.find_elements(By.CSS_SELECTOR, "ol.codes li")
        check("second factor on the desk: Me shows a QR code and the key, pyotp's code confirms it, ten recovery codes follow",
              bool(shown) and has_qr and len(codes) == 10, f"key shown {bool(shown)}, QR {has_qr}, {len(codes)} codes")
        walk.look("factor-recovery-codes")
        driver.delete_all_cookies()
        driver.get(url + "/desk/sign-in")
        driver.find_element(By.ID, "email").send_keys(PETRA)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        asked = driver.current_url.endswith("/desk/sign-in/code")
        walk.look("factor-sign-in-code")
        # The confirming code's step is spent: the next step's code (accepted a step early) signs in.
        # With the keyboard alone: the code field has the focus as the page opens; typing and Enter.
        focused = driver.switch_to.active_element.get_attribute("id") == "code"
        ActionChains(driver).send_keys(petra.at(time.time() + 30) if petra else "000000").perform()
        press_enter(driver)
        check("second factor on the desk: the password leads to the code page, pyotp's next code typed and Enter sign in",
              asked and focused and "/desk/sign-in" not in driver.current_url, f"focus on the code {focused}, {driver.current_url}")
        walk.report()
    finally:
        if driver:
            driver.quit()
        server.stop()


def four_eyes():
    database = "staffbook_verify_four_eyes"
    fresh_database(database)
    os.makedirs(SHOTS, exist_ok=True)
    ids = psql(database, "SELECT string_agg(id::text, ',') FROM (SELECT id FROM invoices WHERE state = 'approved' AND kind = 'uploaded' "
                         "AND period = '2026-09-01' ORDER BY id LIMIT 2) i").split(",")
    psql(database, "UPDATE invoices SET bank_account = 'CZ8808000000002001000001', needs_attention = false WHERE id = ANY('{"
                   + ",".join(ids) + "}'::uuid[])")
    server = Server(database, 18098, settings={"PAYMENTS_FOUR_EYES": "auto"}).start()
    driver = None
    try:
        url = server.url
        maker = auth(sign_in(url, ADMIN)["accessToken"])
        second = auth(sign_in(url, "lead.web@staffbook.example")["accessToken"])
        requests.put(url + "/v1/settings/payments", headers=maker, timeout=30,
                     json={"name": "Staffbook s.r.o.", "account": "2000100027/2010", "format": "abo", "unmatchedAfterDays": 5})
        created = requests.post(url + "/v1/payment-runs", headers=maker, json={"invoiceIds": ids}, timeout=30)
        run = created.json().get("run", {}) if created.ok else {}
        check("four eyes: with two admins, a new run waits for a second admin", run.get("awaiting") == "second_admin", created.text[:200])
        refused = requests.get(f"{url}/v1/payment-runs/{run.get('id')}/file", headers=maker, timeout=30)
        own = requests.post(f"{url}/v1/payment-runs/{run.get('id')}/approval", headers=maker, timeout=30)
        check("four eyes: the file is 409 until approved, and the maker cannot approve their own run",
              refused.status_code == 409 and "awaiting-second-admin" in refused.text and own.status_code == 409
              and "own-payment-run" in own.text, f"{refused.status_code}, {own.status_code}")

        from selenium.webdriver.common.by import By
        driver = browser()
        walk = Walk(driver, axe_source())
        driver.get(url + "/desk/sign-in")
        driver.find_element(By.ID, "email").send_keys("lead.web@staffbook.example")
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        driver.get(f"{url}/desk/payment-runs/{run.get('id')}")
        walk.look("run-waiting")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action$='/approve'] button"))
        walk.look("run-approved")
        released = requests.get(f"{url}/v1/payment-runs/{run.get('id')}/file", headers=maker, timeout=30)
        check("four eyes: a second admin approves on the desk, and then the maker downloads the file",
              "Approved by a second admin" in driver.page_source and released.status_code == 200, str(released.status_code))
        again = requests.post(f"{url}/v1/payment-runs/{run.get('id')}/approval", headers=second, timeout=30)
        check("four eyes: approving twice approves once", again.status_code == 409, again.text[:160])
        driver.get(f"{url}/desk/audit?kind=payment_run")
        rows = driver.find_elements(By.CSS_SELECTOR, "table.rows tbody tr")
        actions = [row.text for row in rows]
        check("the history: the desk lists the run made, approved and sent, each with who did it",
              len(rows) == 3 and "approve" in actions[1] and "Zuzana Horáková" in actions[1] and "send" in actions[0]
              and "create" in actions[2] and "Alena Dvořáková" in actions[2], f"{len(rows)} rows")
        walk.look("history")
        walk.report()
    finally:
        if driver:
            driver.quit()
        server.stop()
