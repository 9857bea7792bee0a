#!/usr/bin/env python3
"""An ISDOC.PDF as Czech invoicing services make them: an ISDOC 6.0.2 document attached to a PDF
with poppler-utils' pdfattach. For the walk-through, trying the API by hand, and the benchmark.

    scripts/demo-isdoc-pdf.py OUT.pdf [--amount 42000] [--ico 12345679] [--account 2001000001/0800] ...
    scripts/demo-isdoc-pdf.py OUT.pdf --size-kb 200     a PDF of about 200 KB (the benchmark's)

Defaults are Jan Novák's (the demo contractor: IČO 12345679, account 2001000001/0800, no VAT)
invoicing the demo company (IČO 28123450) for October 2026."""
import argparse
import os
import subprocess
import tempfile
from decimal import Decimal
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def isdoc(args):
    amount = Decimal(args.amount).quantize(Decimal("0.01"))
    rate = Decimal(args.vat_rate)
    vat = (amount * rate / 100).quantize(Decimal("0.01"))
    total = amount + vat
    number, bank = args.account.split("/")
    dic = (f"<PartyTaxScheme><CompanyID>{escape(args.dic)}</CompanyID><TaxScheme>VAT</TaxScheme></PartyTaxScheme>"
           if args.dic else "")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="http://isdoc.cz/namespace/2013" version="6.0.2">
  <DocumentType>1</DocumentType>
  <ID>{escape(args.number)}</ID>
  <UUID>6D2A4F0C-1B7E-4C3A-9E51-2F8D7B6A5C41</UUID>
  <IssueDate>{args.issue}</IssueDate>
  <TaxPointDate>{args.tax_point}</TaxPointDate>
  <VATApplicable>{"true" if args.dic else "false"}</VATApplicable>
  <LocalCurrencyCode>CZK</LocalCurrencyCode>
  <CurrRate>1</CurrRate>
  <RefCurrRate>1</RefCurrRate>
  <AccountingSupplierParty><Party>
    <PartyIdentification><ID>{args.ico}</ID></PartyIdentification>
    <PartyName><Name>{escape(args.supplier)}</Name></PartyName>{dic}
  </Party></AccountingSupplierParty>
  <AccountingCustomerParty><Party>
    <PartyIdentification><ID>{args.customer}</ID></PartyIdentification>
    <PartyName><Name>Staffbook s.r.o.</Name></PartyName>
  </Party></AccountingCustomerParty>
  <InvoiceLines><InvoiceLine>
    <ID>1</ID>
    <InvoicedQuantity unitCode="h">1</InvoicedQuantity>
    <LineExtensionAmount>{amount}</LineExtensionAmount>
    <LineExtensionAmountTaxInclusive>{total}</LineExtensionAmountTaxInclusive>
    <LineExtensionTaxAmount>{vat}</LineExtensionTaxAmount>
    <UnitPrice>{amount}</UnitPrice>
    <ClassifiedTaxCategory><Percent>{rate}</Percent><VATCalculationMethod>0</VATCalculationMethod></ClassifiedTaxCategory>
    <Item><Description>Vývoj software / software development</Description></Item>
  </InvoiceLine></InvoiceLines>
  <TaxTotal>
    <TaxSubTotal><TaxableAmount>{amount}</TaxableAmount><TaxAmount>{vat}</TaxAmount><TaxCategory><Percent>{rate}</Percent></TaxCategory></TaxSubTotal>
    <TaxAmount>{vat}</TaxAmount>
  </TaxTotal>
  <LegalMonetaryTotal>
    <TaxExclusiveAmount>{amount}</TaxExclusiveAmount>
    <TaxInclusiveAmount>{total}</TaxInclusiveAmount>
    <PayableAmount>{total}</PayableAmount>
  </LegalMonetaryTotal>
  <PaymentMeans><Payment>
    <PaidAmount>{total}</PaidAmount>
    <PaymentMeansCode>42</PaymentMeansCode>
    <Details><PaymentDueDate>{args.due}</PaymentDueDate><ID>{number}</ID><BankCode>{bank}</BankCode>
      <VariableSymbol>{args.symbol}</VariableSymbol></Details>
  </Payment></PaymentMeans>
</Invoice>
"""


def padded_pdf(path, size):
    """A one-page PDF of about `size` bytes: the text, and an unused stream of random bytes (as an
    image would weigh), with a cross-reference table at the offsets pdfattach reads."""
    padding = os.urandom(max(0, size - 1200))
    content = b"BT /F1 18 Tf 72 760 Td (Faktura / Invoice) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(padding) + padding + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(path, "wb") as f:
        f.write(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--amount", default="42000", help="without VAT")
    parser.add_argument("--vat-rate", default="0")
    parser.add_argument("--ico", default="12345679")
    parser.add_argument("--dic", default="")
    parser.add_argument("--supplier", default="Jan Novák")
    parser.add_argument("--customer", default="28123450")
    parser.add_argument("--account", default="2001000001/0800", help="number/bank code, the number may have a prefix-")
    parser.add_argument("--number", default="FV-2026-0042")
    parser.add_argument("--symbol", default="2026042")
    parser.add_argument("--issue", default="2026-11-02")
    parser.add_argument("--tax-point", default="2026-10-31")
    parser.add_argument("--due", default="2026-11-16")
    parser.add_argument("--size-kb", type=int, default=0, help="a generated PDF of about this size instead of the demo one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        document = os.path.join(folder, "faktura.isdoc")
        with open(document, "w", encoding="utf-8") as f:
            f.write(isdoc(args))
        base = os.path.join(ROOT, "seeds", "demo-invoice.pdf")
        if args.size_kb:
            base = os.path.join(folder, "base.pdf")
            padded_pdf(base, args.size_kb * 1024)
        if os.path.exists(args.out):
            os.remove(args.out)
        subprocess.run(["pdfattach", base, document, args.out], check=True)


if __name__ == "__main__":
    main()
