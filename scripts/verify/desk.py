"""The desk in a real browser: Debian's Chromium driven by Selenium through chromium-driver (the
WebDriver protocol a person's browser automation speaks; the same browser `make verify` installs
for the reference page), with axe-core's own script from the `axe-core-python` package (read from
disk, never fetched). The demo admin walks the month as a person would: signs in, opens the
month, opens an invoice whose checks fail, approves it over them with a reason, approves all
clean, and signs out. Every page, at 412 px and at 1280 px: a screenshot under
.local/verify-desk/, nothing past the screen's right edge, no serious or critical axe violation,
nothing in the console (a CSP violation or a script error would be there)."""
import datetime
import json
import os
import re
import subprocess
import time
import zoneinfo

import requests

from harness import ROOT, Server, auth, check, fresh_database, psql, sign_in

SHOTS = os.path.join(ROOT, ".local", "verify-desk")
ADMIN, PASSWORD = "admin@staffbook.example", "staffbook-demo"
PETRA, LEADER = "petra.svobodova@staffbook.example", "lead.mobile@staffbook.example"
JAN = "jan.novak@staffbook.example"

OVERFLOW = """return (() => {
  const width = document.documentElement.clientWidth;
  const over = [];
  for (const element of document.querySelectorAll('body *')) {
    // A wide grid scrolls inside its own region (focusable, labelled); the page does not.
    if (element.closest('.scroll')) continue;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1) over.push(element.tagName.toLowerCase() + ' ' + Math.round(box.right));
  }
  return JSON.stringify({width, scrollWidth: document.documentElement.scrollWidth, count: over.length, first: over.slice(0, 5)});
})()"""


def holiday(day):
    """Whether `day` is a Czech public holiday: the fixed ones, Good Friday and Easter Monday."""
    fixed = {(1, 1), (5, 1), (5, 8), (7, 5), (7, 6), (9, 28), (10, 28), (11, 17), (12, 24), (12, 25), (12, 26)}
    y = day.year
    a, b, c = y % 19, y // 100, y % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    m = (a + 11 * h) // 319
    r = (2 * e + 2 * i - k - h + m + 32) % 7
    month = (h - m + r + 90) // 25
    easter = datetime.date(y, month, (h - m + r + month + 19) % 32)
    return (day.month, day.day) in fixed or day in (easter - datetime.timedelta(days=2), easter + datetime.timedelta(days=1))


def axe_source():
    import axe_core_python
    return open(os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js"), encoding="utf-8").read()


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def replaced(old):
    """A wait's condition: the page `old` was the root of is gone. Chromium answers a question
    about a node of a page just replaced either "stale" or "does not belong to the document"."""
    from selenium.common.exceptions import WebDriverException

    def gone(_driver):
        try:
            old.is_enabled()
            return False
        except WebDriverException:
            return True
    return gone


def navigate(driver, element):
    """Clicks what loads another page and waits until the old page is gone."""
    from selenium.webdriver.support.ui import WebDriverWait
    old = driver.find_element("tag name", "html")
    element.click()
    WebDriverWait(driver, 30).until(replaced(old))


def tab_to(driver, selector, limit=150):
    """Presses Tab until the element with focus matches `selector`, as someone without a mouse
    would; false when `limit` presses never reach it. Each stop must show where focus is."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.execute_script(
            "const e = document.activeElement, s = getComputedStyle(e);"
            "return [e.matches(arguments[0]), s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2];", selector)
        if focused[0]:
            return focused[1]
    return None


def press_enter(driver):
    """Enter on the focused element, waiting for the page it leads to."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    old = driver.find_element("tag name", "html")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    WebDriverWait(driver, 30).until(replaced(old))


class Walk:
    """Looks at each page it reaches at both widths and keeps what it found."""

    def __init__(self, driver, axe):
        self.driver, self.axe = driver, axe
        self.pages = []

    def report(self):
        """A check per page and width: the layout, axe-core, the console."""
        for page in self.pages:
            for width in (412, 1280):
                layout = page[width]["overflow"]
                check(f"desk {page['name']} at {width} px: nothing past the right edge, nothing scrolls sideways",
                      layout["count"] == 0 and layout["scrollWidth"] <= layout["width"], json.dumps(layout))
                check(f"desk {page['name']} at {width} px: no serious or critical axe-core violation",
                      not page[width]["violations"], str(page[width]["violations"])[:300])
            # The not-found page is itself answered 404, which the browser notes of the page.
            console = [entry for entry in page["console"]
                       if not (page["name"] == "not-found" and entry.get("source") == "network" and page["url"] in entry.get("message", ""))]
            check(f"desk {page['name']}: nothing in the console (no CSP violation, no script error)", not console, str(console)[:300])
        print(f"   screenshots: .local/verify-desk/ ({len(self.pages) * 2} files)")

    def look(self, name):
        driver = self.driver
        found = {"name": name, "url": driver.current_url}
        for width in (412, 1280):
            driver.set_window_size(width, 900)
            driver.execute_script("window.scrollTo(0, 0)")
            layout = json.loads(driver.execute_script(OVERFLOW))
            driver.save_screenshot(os.path.join(SHOTS, f"{name}-{width}.png"))
            driver.execute_script(self.axe)
            result = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)))"
                ".catch(e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(e)}])));")
            violations = [v for v in json.loads(result) if v.get("impact") in ("serious", "critical")]
            found[width] = {"overflow": layout, "violations": [(v["id"], v.get("help")) for v in violations]}
        found["console"] = [entry for entry in driver.get_log("browser") if entry.get("level") in ("SEVERE", "WARNING")]
        self.pages.append(found)
        return found


def desk_sign_in(driver, server, email):
    """Signs in through the form; the page it lands on is the person's home."""
    from selenium.webdriver.common.by import By
    driver.get(server.url + "/desk/sign-in")
    driver.find_element(By.ID, "email").send_keys(email)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))


def sign_out(driver):
    from selenium.webdriver.common.by import By
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "header form button"))


def worker_and_leader(driver, walk, server, database):
    """Petra runs the timer, asks for a vacation and submits October; Tomáš, who leads her team,
    approves both from his team's month; her October is then approved and its entries locked."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    petra_id = psql(database, "SELECT id FROM accounts WHERE email = 'petra.svobodova@staffbook.example'")
    desk_sign_in(driver, server, PETRA)
    check("desk: a worker signs in and lands on their own time", driver.current_url.endswith("/desk/time"), driver.current_url)
    walk.look("time")
    Select(driver.find_element(By.ID, "timer-project")).select_by_index(0)
    # The timer started with the keyboard only: Tab to the description, type, Tab to Start, Enter.
    described = tab_to(driver, "#timer-description")
    ActionChains(driver).send_keys("Revize kódu").perform()
    started = tab_to(driver, "#timer-heading ~ form button[type=submit]")
    press_enter(driver)
    pressed = time.time()
    check("desk: the worker starts the timer with the keyboard only (Tab, type, Tab, Enter), focus drawn at each stop",
          described is True and started is True, f"description focus {described}, start focus {started}")
    running = driver.find_element(By.ID, "main").text
    walk.look("time-running")
    # Presses count in whole seconds and an entry that ran no time is not kept: stop it in a later second.
    time.sleep(max(0.0, 1.2 - (time.time() - pressed)))
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "button[name=press][value=stop]"))
    stopped = psql(database, f"SELECT count(*) FROM time_entries WHERE account_id = '{petra_id}' AND description = 'Revize kódu' "
                             "AND ended_at IS NOT NULL")
    check("desk: the worker starts the timer with a project and a description, sees it run, and stops it into an entry",
          "Revize kódu" in running and stopped == "1", f"stopped entries {stopped}; page said {running[:200]!r}")

    # The desk offers last month's and this month's timesheets, and time off lies ahead: both are
    # taken from the day the server's clock (the real one) says it is in Prague.
    today = datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Prague")).date()
    sheet_month = (today.replace(day=1) - datetime.timedelta(days=1)).strftime("%Y-%m")
    first_day = today + datetime.timedelta(days=7 + (7 - today.weekday()) % 7)  # a Monday a week ahead or more
    while holiday(first_day) or holiday(first_day + datetime.timedelta(days=1)):
        first_day += datetime.timedelta(days=7)
    away = (first_day.isoformat(), (first_day + datetime.timedelta(days=1)).isoformat())
    driver.get(server.url + "/desk/time-off")
    walk.look("time-off")
    # A date input reads typing in the browser's own order; the form sends ISO days either way.
    driver.execute_script(f"arguments[0].value = '{away[0]}'", driver.find_element(By.ID, "firstDay"))
    driver.execute_script(f"arguments[0].value = '{away[1]}'", driver.find_element(By.ID, "lastDay"))
    driver.find_element(By.ID, "note").send_keys("Hory")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "#ask-heading ~ form button[type=submit]"))
    asked = psql(database, f"SELECT state FROM absences WHERE account_id = '{petra_id}' AND first_day = '{away[0]}'")
    walk.look("time-off-asked")
    check("desk: the worker asks for two days of vacation and it waits for the leader", asked == "requested", asked)

    # An entry in that month, so its week has one to show locked once the sheet is approved.
    sheet_day = datetime.date.fromisoformat(sheet_month + "-01")
    while sheet_day.weekday() > 4:
        sheet_day += datetime.timedelta(days=1)
    made = requests.post(server.url + "/v1/me/time-entries", headers=auth(sign_in(server.url, PETRA)["accessToken"]), timeout=30, json={
        "projectId": "00000000-0000-4000-b000-000000000004", "start": f"{sheet_day}T22:00:00+01:00", "end": f"{sheet_day}T22:30:00+01:00",
        "description": "Večerní oprava"})
    check("desk: the worker has an entry in last month to submit", made.status_code == 201, made.text[:200])
    driver.get(server.url + "/desk/time")
    navigate(driver, driver.find_element(By.XPATH, f"//form[input[@name='month' and @value='{sheet_month}']]//button"))
    sheet = psql(database, f"SELECT state FROM timesheets WHERE account_id = '{petra_id}' AND month = '{sheet_month}-01'")
    check(f"desk: the worker submits last month's timesheet ({sheet_month})", sheet == "submitted", sheet)
    sign_out(driver)

    desk_sign_in(driver, server, LEADER)
    driver.get(server.url + f"/desk/team?month={sheet_month}")
    walk.look("team-month")
    # Both decisions with the keyboard only: Tab to Approve, Enter.
    absence_focus = tab_to(driver, "form[action^='/desk/team/absences/'] button[value=approve]")
    press_enter(driver)
    sheet_focus = tab_to(driver, f"form[action='/desk/team/timesheets/{petra_id}'] button[value=approve]")
    press_enter(driver)
    check("desk: the leader reaches Approve of the time off and of the timesheet with Tab (focus drawn) and presses Enter",
          absence_focus is True and sheet_focus is True, f"time off {absence_focus}, timesheet {sheet_focus}")
    walk.look("team-decided")
    decided = (psql(database, f"SELECT state FROM absences WHERE account_id = '{petra_id}' AND first_day = '{away[0]}'"),
               psql(database, f"SELECT state FROM timesheets WHERE account_id = '{petra_id}' AND month = '{sheet_month}-01'"))
    check("desk: her team leader approves the time off and the timesheet from the team's month", decided == ("approved", "approved"),
          str(decided))
    driver.get(server.url + f"/desk/team/calendar?month={away[0][:7]}")
    grid = driver.find_element(By.CSS_SELECTOR, "table.grid").text
    walk.look("team-calendar")
    check(f"desk: the leader's team calendar shows who is away in {away[0][:7]}, day by day", "Petra" in grid and "V" in grid, grid[:200])
    sign_out(driver)

    # Jan, a contractor, uploads October's ISDOC.PDF (a file picked as a person would) and reads
    # back what the server read from it.
    pdf = os.path.join(SHOTS, "faktura-rijen.pdf")
    subprocess.run(["python3", os.path.join(ROOT, "scripts", "demo-isdoc-pdf.py"), pdf, "--amount", "133237.50"], check=True,
                   capture_output=True)
    desk_sign_in(driver, server, JAN)
    driver.get(server.url + "/desk/months")
    walk.look("months")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "a[href='/desk/months/2026-10']"))
    walk.look("month-upload")
    driver.find_element(By.ID, "file").send_keys(pdf)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "#upload-heading ~ form button[type=submit]"))
    shown = driver.find_element(By.ID, "main").text
    walk.look("month-uploaded")
    check("desk: a worker uploads an ISDOC.PDF and sees the data read from it, each value with where it came from",
          "FV-2026-0042" in shown and "2026042" in shown and "ISDOC" in shown, shown[:300])

    # Jan makes a personal token for a shortcut on his own page, and a calendar link for his phone.
    driver.get(server.url + "/desk/me")
    walk.look("me")
    driver.find_element(By.ID, "token-name").send_keys("Zkratka v iPhonu")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/me/tokens'] button[type=submit]"))
    secret = driver.find_element(By.ID, "new-token").get_attribute("value")
    walk.look("me-token")
    check("desk: a worker makes a personal token on Me and sees its secret once, beside a copy button",
          secret.startswith("sbp_") and driver.find_elements(By.CSS_SELECTOR, "button[data-copy=new-token]"), secret[:8])
    driver.get(server.url + "/desk/time-off")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/time-off/feeds'] button"))
    link = driver.find_element(By.ID, "feed-1").get_attribute("value")
    walk.look("time-off-feed")
    check("desk: a worker makes a calendar link to copy into a phone", "/v1/calendar-feeds/" in link and link.startswith("http"), link[:60])
    sign_out(driver)

    desk_sign_in(driver, server, PETRA)
    driver.get(server.url + f"/desk/time?week={sheet_day}")
    main = driver.find_element(By.ID, "main").text
    walk.look("time-locked")
    check(f"desk: the worker's {sheet_month} then shows the timesheet approved and its entries locked",
          ("locked" in main or "uzamčeno" in main) and ("approved" in main or "schválený" in main), main[:300])
    sign_out(driver)


def desk():
    database = "staffbook_verify_desk"
    fresh_database(database)
    # An October invoice whose checks fail, as the month's checks find an amount over the hours.
    failing = psql(database, "SELECT i.id FROM invoices i JOIN accounts a ON a.id = i.account_id "
                             "WHERE i.period = '2026-10-01' AND i.state = 'submitted' ORDER BY a.last_name LIMIT 1")
    psql(database, "UPDATE invoices SET needs_attention = true, checks = '[{\"kind\":\"amount\",\"status\":\"fail\","
                   "\"code\":\"over_tolerance\",\"expected\":98560,\"invoiced\":89600,\"difference\":-8960}]' "
                   f"WHERE id = '{failing}'")
    os.makedirs(SHOTS, exist_ok=True)
    server = Server(database, 18095).start()
    driver = None
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        driver = browser()
        walk = Walk(driver, axe_source())

        driver.get(server.url + "/desk/invoices?period=2026-10")
        walk.look("sign-in")
        driver.find_element(By.ID, "email").send_keys(ADMIN)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        check("desk: the admin signs in through the form and lands on the month asked for",
              driver.current_url.endswith("/desk/invoices?period=2026-10") or driver.current_url.endswith("/desk/invoices"),
              driver.current_url)
        walk.look("month")

        # "Remind now" beside someone who has not uploaded, with the keyboard only.
        missing = psql(database, "SELECT a.id FROM accounts a WHERE a.is_active AND EXISTS (SELECT 1 FROM contracts c "
                                 "WHERE c.account_id = a.id AND c.type = 'ICO' AND c.valid_from <= '2026-10-31' "
                                 "AND (c.valid_to IS NULL OR c.valid_to >= '2026-10-01')) AND NOT EXISTS (SELECT 1 FROM invoices i "
                                 "WHERE i.account_id = a.id AND i.period = '2026-10-01') ORDER BY a.last_name COLLATE czech LIMIT 1")
        driver.set_window_size(1280, 900)
        driver.find_element(By.TAG_NAME, "body").click()
        to_list = tab_to(driver, "a[href^='/desk/invoices/missing']")
        if to_list is not None:
            press_enter(driver)
        walk.look("missing")
        # Today's scheduled reminders may have gone out already; counted is what the press adds.
        before = int(psql(database, f"SELECT count(*) FROM notifications WHERE account_id = '{missing}' AND kind = 'invoice_reminder'"))
        driver.find_element(By.TAG_NAME, "body").click()
        visible = tab_to(driver, f"form[action='/desk/invoices/missing/{missing}/remind'] button")
        if visible is not None:
            press_enter(driver)
        reminded = str(int(psql(database, f"SELECT count(*) FROM notifications WHERE account_id = '{missing}' AND kind = 'invoice_reminder'")) - before)
        check("desk: Remind now, reached with Tab and pressed with Enter (focus drawn at each stop), reminds that person once",
              to_list is True and visible is True and reminded == "1" and "Reminder sent." in driver.find_element(By.ID, "main").text,
              f"focus visible {visible}, {reminded} reminders")
        walk.look("missing-reminded")

        driver.get(server.url + "/desk/invoices?period=2026-10")
        driver.find_element(By.CSS_SELECTOR, "input[name=attention]").click()
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.bar button[type=submit]"))
        attention = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "table.rows tbody tr a")]
        expected = psql(database, "SELECT count(*) FROM invoices WHERE period = '2026-10-01' AND needs_attention")
        check("desk: \"needs attention\" lists the invoices whose checks fail, the one made to fail among them",
              str(len(attention)) == expected and any(href.endswith(failing) for href in attention), f"{len(attention)} of {expected}")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, f"a[href='/desk/invoices/{failing}']"))
        invoice = walk.look("invoice-failing")
        text = driver.find_element(By.TAG_NAME, "main").text
        check("desk: the failing invoice shows its check in words and the expected amount",
              "fails" in text and "98,560.00" in text, text[:300])

        driver.find_element(By.ID, "reason").send_keys("Agreed extra work in October")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "button[value=approve-override]"))
        done = driver.find_element(By.TAG_NAME, "main").text
        walk.look("invoice-approved")
        state = psql(database, f"SELECT state FROM invoices WHERE id = '{failing}'")
        event = psql(database, f"SELECT reason FROM invoice_events WHERE invoice_id = '{failing}' AND action = 'approve_override'")
        check("desk: approving over failing checks with a reason approves it and keeps the reason",
              "Approved." in done and state == "approved" and event == "Agreed extra work in October", f"{state}, {event!r}")

        driver.get(server.url + "/desk/invoices?period=2026-10")
        clean = psql(database, "SELECT count(*) FROM invoices WHERE period = '2026-10-01' AND state = 'submitted' AND NOT needs_attention")
        waiting = psql(database, "SELECT count(*) FROM invoices WHERE period = '2026-10-01' AND state = 'submitted' AND needs_attention")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        report = driver.find_element(By.TAG_NAME, "main").text
        walk.look("approve-clean")
        left = psql(database, "SELECT count(*) FROM invoices WHERE period = '2026-10-01' AND state = 'submitted'")
        said = re.search(r"Approved: (\d+) · Skipped: (\d+)", report)
        check("desk: \"approve all clean\" approves what passes every check and lists the rest with why",
              said and said.group(1) == clean and said.group(2) == waiting and left == waiting and "These checks fail" in report,
              f"{report[:160]!r}; clean {clean}, waiting {waiting}, left {left}")

        # A pay run of the approved invoices: the preview, the run, its ABO file (read back here).
        requests.put(server.url + "/v1/settings/payments", headers=auth(sign_in(server.url, ADMIN)["accessToken"]), timeout=10, json={
            "name": "Staffbook s.r.o.", "account": "2000100027/2010", "bic": "FIOBCZPP", "format": "abo", "unmatchedAfterDays": 5})
        driver.get(server.url + "/desk/payment-runs")
        walk.look("payment-runs")
        previewed = len(driver.find_elements(By.CSS_SELECTOR, "form[action='/desk/payment-runs']"))
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/payment-runs'] button"))
        walk.look("payment-run")
        payments = len(driver.find_elements(By.CSS_SELECTOR, "table.rows tbody tr"))
        token = driver.find_element(By.CSS_SELECTOR, "input[name=csrf]").get_attribute("value")
        path = driver.current_url.split("?")[0].replace(server.url, "")
        cookies = {c["name"]: c["value"] for c in driver.get_cookies()}
        abo = requests.post(server.url + path + "/file", data={"csrf": token, "format": "abo"}, cookies=cookies, timeout=30)
        lines = abo.content.decode("cp1250").splitlines()
        state = psql(database, f"SELECT state FROM payment_runs WHERE id = '{path.rsplit('/', 1)[-1]}'")
        check("desk: a run made from the preview, its ABO file has a payment line for each payment, and it is now at the bank",
              previewed == 1 and payments > 0 and abo.status_code == 200 and lines and lines[0].startswith("UHL1")
              and sum(1 for line in lines if re.match(r"^\d{6}-\d{10} \d{15} ", line)) == payments and state == "sent",
              f"{payments} payments, {abo.status_code}, {lines[:3]}, {state}")

        # The bank's statement of the run, as scripts/demo-bank-statement.py writes a camt.053:
        # the preview, the confirmation, and the run's invoices paid.
        run_id = path.rsplit("/", 1)[-1]
        items = psql(database, "SELECT amount || ':' || coalesce(variable_symbol, '') || ':' || bank_account || ':' || creditor_name "
                               f"FROM payment_run_items WHERE run_id = '{run_id}'").splitlines()
        arguments = ["python3", os.path.join(ROOT, "scripts", "demo-bank-statement.py"), "--format", "camt053",
                     "--account", "CZ2720100000002000100027", "--id", "DESK-1", "--date", "2026-11-26"]
        for item in items:
            arguments += ["--payment", item]
        statement = os.path.join(SHOTS, "statement.xml")
        with open(statement, "wb") as out:
            subprocess.run(arguments, check=True, stdout=out)
        driver.get(server.url + "/desk/payment-runs/statements")
        walk.look("statement-form")
        driver.find_element(By.ID, "file").send_keys(statement)
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        walk.look("statement-preview")
        matched = len(driver.find_elements(By.CSS_SELECTOR, "table.rows tbody tr a"))
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]"))
        walk.look("statement-confirmed")
        paid = psql(database, "SELECT count(*) FROM invoices WHERE state = 'paid' AND id IN "
                              f"(SELECT invoice_id FROM payment_run_items WHERE run_id = '{run_id}')")
        check("desk: a camt.053 of the run, previewed then confirmed, pays the run's invoices",
              matched == len(items) and paid == str(len(items)) and psql(database, f"SELECT state FROM payment_runs WHERE id = '{run_id}'") == "paid",
              f"{matched} matched of {len(items)}, {paid} paid")

        # The company's time: the report of October by project with its chart, and the month-end's
        # jobs with today's reminders run by hand.
        driver.get(server.url + "/desk/company?month=2026-11")
        walk.look("company")
        driver.get(server.url + "/desk/reports/time?from=2026-10-01&to=2026-10-31&groupBy=project")
        report = driver.find_element(By.TAG_NAME, "main").text
        walk.look("time-report")
        check("desk: the admin's time report of October by project has a chart, the rows and the downloads",
              len(driver.find_elements(By.CSS_SELECTOR, "main svg.chart rect")) > 0 and "Mobilní bankovnictví" in report and "XLSX" in report,
              report[:200])
        driver.get(server.url + "/desk/month-end")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/desk/month-end/run'] input[value=reminders] ~ button"))
        walk.look("month-end")
        queued = psql(database, "SELECT count(*) FROM jobs WHERE kind = 'reminders' AND payload->>'manual' = 'true'")
        check("desk: the admin runs today's reminders by hand from the month-end page", queued == "1", queued)

        # People: the list, a person's page with contracts, rates and billing details.
        driver.get(server.url + "/desk/people?q=nov")
        walk.look("people")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "table.rows tbody tr a"))
        person = walk.look("person")
        text = driver.find_element(By.TAG_NAME, "main").text
        check("desk: a person found by name shows their contracts, rates and billing details",
              "Contracts" in text and "Hourly rates" in text and "Billing details" in text, text[:200])

        # Editing the profile with the keyboard only: Tab to the link, Enter, Tab to a field,
        # type, Tab to Save, Enter.
        from selenium.webdriver.common.action_chains import ActionChains
        driver.find_element(By.TAG_NAME, "body").click()
        to_link = tab_to(driver, "a[href$='/edit']")
        if to_link is not None:
            press_enter(driver)
        walk.look("profile-edit")
        person_id = driver.current_url.rstrip("/").split("/")[-2]
        driver.find_element(By.TAG_NAME, "body").click()
        to_field = tab_to(driver, "#position")
        if to_field is not None:
            ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys("Vedoucí vývoje").perform()
        to_save = tab_to(driver, "form.panel button[type=submit]")
        if to_save is not None:
            press_enter(driver)
        saved = psql(database, f"SELECT position FROM accounts WHERE id = '{person_id}'")
        check("desk: the profile edited with the keyboard only (Tab, type, Enter) is saved, and the page says so",
              to_link and to_field and to_save and saved == "Vedoucí vývoje" and "The profile was saved." in driver.find_element(By.ID, "main").text,
              f"reached {to_link}, {to_field}, {to_save}; position {saved!r}")

        driver.get(server.url + "/desk/nothing-here")
        walk.look("not-found")
        driver.get(server.url + "/desk/invoices")
        navigate(driver, driver.find_element(By.CSS_SELECTOR, "header form button"))
        check("desk: signing out ends the session", driver.current_url.endswith("/desk/sign-in"), driver.current_url)

        worker_and_leader(driver, walk, server, database)

        walk.report()
    finally:
        if driver:
            driver.quit()
        server.stop()
