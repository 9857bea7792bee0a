"""`make verify` checks that the workbooks look finished where people open them: a statement and
an export converted to PDF by LibreOffice (headless), whose text (pdftotext) must hold every
header and amount in full; a clipped column shows as `###` or a cut-off word. The statement
must print on A4 at 9 pt or more: fitting one page wide shrinks the type, and the words' heights
(`pdftotext -bbox`) show by how much."""
import io
import os
import re
import shutil
import subprocess
import tempfile

import requests

from harness import Server, auth, check, fresh_database, sign_in

KATERINA = "00000000-0000-4000-8000-000000000018"


def to_pdf_text(workbook, folder, name):
    """The workbook's PDF as LibreOffice prints it, as text laid out like the page."""
    path = os.path.join(folder, name + ".xlsx")
    with open(path, "wb") as f:
        f.write(workbook)
    profile = "file://" + os.path.join(folder, "lo-profile")
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf", "--outdir", folder, path],
                   check=True, capture_output=True, timeout=180)
    pdf = os.path.join(folder, name + ".pdf")
    pages = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], check=True, capture_output=True, text=True).stdout
    return text, int(re.search(r"Pages:\s+(\d+)", pages).group(1))


def word_boxes(folder, name):
    """The page's size and the median height of its words' boxes (`pdftotext -bbox`), in points."""
    pdf = os.path.join(folder, name + ".pdf")
    html = subprocess.run(["pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True).stdout
    page = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', html)
    heights = sorted(float(m.group(2)) - float(m.group(1))
                     for m in re.finditer(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', html))
    return (float(page.group(1)), float(page.group(2))) if page else (0, 0), heights[len(heights) // 2] if heights else 0


def type_size(folder, name):
    """The page size and the type size the PDF's words print at: their boxes' height over the box
    height of 11 pt type in the same font, printed unscaled by the same LibreOffice."""
    import openpyxl
    from openpyxl.styles import Font
    book = openpyxl.Workbook()
    for row, text in enumerate(["Zaměstnanec / Employee", "Celkem / Total", "Hodiny / Hours"], start=1):
        book.active.cell(row=row, column=1, value=text).font = Font(name="Calibri", size=11)
    buffer = io.BytesIO()
    book.save(buffer)
    to_pdf_text(buffer.getvalue(), folder, "calibration")
    _, eleven = word_boxes(folder, "calibration")
    page, box = word_boxes(folder, name)
    return page, 11 * box / eleven if eleven else 0, box


def amount_shown(text, amount):
    """`61740.00` as any spreadsheet locale prints it: 61 740,00 / 61,740.00 / 61740.00."""
    whole, cents = amount.split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    pattern = r"[\s\u00a0\u202f,.]?".join(groups) + r"[.,]" + cents
    return re.search(r"(?<![\d])" + pattern + r"(?![\d])", text) is not None


def documents():
    database = "sb_verify_documents"
    fresh_database(database)
    server = Server(database, 18095, {"COMPANY_NAME": "Agentura Staffbook s.r.o."}).start()
    folder = tempfile.mkdtemp(prefix="staffbook-verify-documents-")
    try:
        admin = sign_in(server.url, "admin@staffbook.example")["accessToken"]
        # October 2026 (28th a public holiday) written again: Kateřina Nováková's statement, 120 h given.
        run = requests.post(server.url + "/v1/invoices/statements?period=2026-10", headers=auth(admin), timeout=60).json()
        item = next(i for i in run["items"] if i["userId"] == KATERINA)
        detail = requests.get(f"{server.url}/v1/invoices/{item['invoiceId']}", headers=auth(admin), timeout=10).json()
        workbook = requests.get(f"{server.url}/v1/invoices/{item['invoiceId']}/file", headers=auth(admin), timeout=10).content
        text, pages = to_pdf_text(workbook, folder, "statement")
        print("---- pdftotext -layout statement.pdf")
        print("\n".join(line for line in text.splitlines() if line.strip()))
        print("----")
        wanted = ["Agentura Staffbook s.r.o.", "Kateřina Nováková", "říjen 2026 / October 2026", "HPP", "Od / From", "Do / To",
                  "Dny / Days", "Hodiny / Hours", "Sazba / Rate", "Částka / Amount", "Poznámka / Note", "Celkem / Total"]
        # The holiday's note wraps within its column: its words, in order, on lines one under another.
        holiday = "Den vzniku samostatného československého státu / Independent Czechoslovak State Day"
        missing = [w for w in wanted if w not in text]
        if not re.search(r".*?".join(map(re.escape, holiday.split())), text, re.S):
            missing.append(holiday)
        amounts = [line["amount"] for line in detail["statementLines"]] + [detail["amount"]]
        unshown = [a for a in amounts if not amount_shown(text, a)]
        check("statement PDF: every header, name and the holiday in full", not missing, f"missing {missing}" if missing else "")
        check("statement PDF: every line amount and the total", not unshown, f"not shown {unshown} of {amounts}" if unshown else "")
        check("statement PDF: no clipped number (###), one page wide", "###" not in text and pages == 1, f"{pages} page(s)")
        (width, height), size, box = type_size(folder, "statement")
        a4 = sorted([round(width), round(height)]) == [595, 842]
        check("statement PDF: A4, type at 9 pt or more", a4 and size >= 9,
              f"page {width:.0f}×{height:.0f} pt, words {box:.1f} pt high: {size:.1f} pt type")

        export = requests.get(server.url + "/v1/invoices/export?period=2026-09&format=xlsx", headers=auth(admin), timeout=30).content
        text, pages = to_pdf_text(export, folder, "export")
        rows = requests.get(server.url + "/v1/invoices?period=2026-09&state=approved&limit=100", headers=auth(admin), timeout=10).json()
        names = [f"{r['person']['firstName']} {r['person']['lastName']}" for r in rows["items"]]
        amounts = [r["amount"] for r in rows["items"]]
        total = f"{sum(float(a) for a in amounts):.2f}"
        wanted = ["Agentura Staffbook s.r.o.", "Schválené faktury / Approved invoices", "Zaměstnanec / Employee", "Částka / Amount",
                  "Celkem / Total"] + names
        missing = [w for w in wanted if w not in text]
        unshown = [a for a in amounts + [total] if not amount_shown(text, a)]
        check(f"export PDF: headers and all {len(names)} names in full", not missing, f"missing {missing}" if missing else "")
        check("export PDF: every amount and the total", not unshown, f"not shown {unshown}" if unshown else "")
        check("export PDF: no clipped number (###), fits the width", "###" not in text, f"{pages} page(s)")
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
