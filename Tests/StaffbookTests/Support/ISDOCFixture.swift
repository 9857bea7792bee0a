import Foundation
import StaffbookTestSupport

/// ISDOC 6.0.2 documents written here, and ISDOC.PDFs made from them with poppler-utils'
/// `pdfattach` (as invoicing services make them): the demo PDF with the document attached.
struct ISDOCFixture {
    var number = "FV-2026-0042"
    var variableSymbol = "2026042"
    var supplierIco = "12345679"
    var supplierDic: String?
    var customerIco = "28123450"
    var issueDate = "2026-11-02"
    var taxPointDate = "2026-10-31"
    var dueDate = "2026-11-16"
    var lines: [String] = ["30000.00", "12000.00"]
    var vatRate = "0"
    var vatAmount = "0.00"
    var exclusive = "42000.00"
    var payable = "42000.00"
    /// The amount with VAT when it differs from the amount to pay (an inflated total, a deposit).
    var inclusive: String?
    var account = ("2001000001", "0800")
    var iban: String?
    var currency = "CZK"

    var xml: String {
        let lineXML = lines.enumerated().map { index, amount in
            """
            <InvoiceLine><ID>\(index + 1)</ID><InvoicedQuantity unitCode="h">1</InvoicedQuantity>
            <LineExtensionAmount>\(amount)</LineExtensionAmount><LineExtensionAmountTaxInclusive>\(amount)</LineExtensionAmountTaxInclusive>
            <LineExtensionTaxAmount>0.00</LineExtensionTaxAmount><UnitPrice>\(amount)</UnitPrice>
            <ClassifiedTaxCategory><Percent>\(vatRate)</Percent><VATCalculationMethod>0</VATCalculationMethod></ClassifiedTaxCategory>
            <Item><Description>Vývoj mobilní aplikace</Description></Item></InvoiceLine>
            """
        }.joined()
        let dic = supplierDic.map { "<PartyTaxScheme><CompanyID>\($0)</CompanyID><TaxScheme>VAT</TaxScheme></PartyTaxScheme>" } ?? ""
        let foreign = currency == "CZK" ? "" : "<ForeignCurrencyCode>\(currency)</ForeignCurrencyCode>"
        let ibanXML = iban.map { "<IBAN>\($0)</IBAN>" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Invoice xmlns="http://isdoc.cz/namespace/2013" version="6.0.2">
            <DocumentType>1</DocumentType><ID>\(number)</ID><UUID>6D2A4F0C-1B7E-4C3A-9E51-2F8D7B6A5C41</UUID>
            <IssuingSystem>Staffbook tests</IssuingSystem><IssueDate>\(issueDate)</IssueDate><TaxPointDate>\(taxPointDate)</TaxPointDate>
            <VATApplicable>\(supplierDic != nil)</VATApplicable><Note>Neznámý prvek <Extra>se přeskočí</Extra></Note>
            <LocalCurrencyCode>CZK</LocalCurrencyCode>\(foreign)<CurrRate>1</CurrRate><RefCurrRate>1</RefCurrRate>
            <AccountingSupplierParty><Party><PartyIdentification><ID>\(supplierIco)</ID></PartyIdentification>
            <PartyName><Name>Jan Novák</Name></PartyName><PostalAddress><StreetName>Dlouhá</StreetName><BuildingNumber>1</BuildingNumber>
            <CityName>Praha</CityName><PostalZone>11000</PostalZone><Country><IdentificationCode>CZ</IdentificationCode><Name>Česko</Name></Country>
            </PostalAddress>\(dic)</Party></AccountingSupplierParty>
            <AccountingCustomerParty><Party><PartyIdentification><ID>\(customerIco)</ID></PartyIdentification>
            <PartyName><Name>Staffbook s.r.o.</Name></PartyName></Party></AccountingCustomerParty>
            <InvoiceLines>\(lineXML)</InvoiceLines>
            <TaxTotal><TaxSubTotal><TaxableAmount>\(exclusive)</TaxableAmount><TaxAmount>\(vatAmount)</TaxAmount>
            <TaxCategory><Percent>\(vatRate)</Percent></TaxCategory></TaxSubTotal><TaxAmount>\(vatAmount)</TaxAmount></TaxTotal>
            <LegalMonetaryTotal><TaxExclusiveAmount>\(exclusive)</TaxExclusiveAmount><TaxInclusiveAmount>\(inclusive ?? payable)</TaxInclusiveAmount>
            <AlreadyClaimedTaxExclusiveAmount>0.00</AlreadyClaimedTaxExclusiveAmount><AlreadyClaimedTaxInclusiveAmount>0.00</AlreadyClaimedTaxInclusiveAmount>
            <DifferenceTaxExclusiveAmount>\(exclusive)</DifferenceTaxExclusiveAmount><DifferenceTaxInclusiveAmount>\(inclusive ?? payable)</DifferenceTaxInclusiveAmount>
            <PayableRoundingAmount>0.00</PayableRoundingAmount><PaidDepositsAmount>0.00</PaidDepositsAmount><PayableAmount>\(payable)</PayableAmount>
            </LegalMonetaryTotal>
            <PaymentMeans><Payment><PaidAmount>\(payable)</PaidAmount><PaymentMeansCode>42</PaymentMeansCode>
            <Details><PaymentDueDate>\(dueDate)</PaymentDueDate><ID>\(account.0)</ID><BankCode>\(account.1)</BankCode>\(ibanXML)
            <VariableSymbol>\(variableSymbol)</VariableSymbol></Details></Payment></PaymentMeans>
            </Invoice>
            """
    }

    /// The demo PDF with `attachment` attached under `name`, by pdfattach.
    static func pdf(attaching attachment: String, name: String = "faktura.isdoc") throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("isdoc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let attached = directory.appendingPathComponent(name), output = directory.appendingPathComponent("out.pdf")
        try Data(attachment.utf8).write(to: attached)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfattach")
        process.arguments = [TestDatabase.seedsDirectory.appendingPathComponent("demo-invoice.pdf").path, attached.path, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("pdfattach exited \(process.terminationStatus)") }
        return try Data(contentsOf: output)
    }

    /// A ZIP with one entry, made by Python's zipfile (deflated).
    static func zip(entry: String, content: Data) throws -> Data {
        try python(
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED); z.writestr(sys.argv[3], open(sys.argv[2], 'rb').read()); z.close()",
            input: content, entry
        )
    }

    /// An ISDOCX whose `faktura.isdoc` expands from about 100 KiB to 100 MiB of zeros.
    static func expandingISDOCX() throws -> Data {
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z, z.open('faktura.isdoc', 'w', force_zip64=True) as e:
                block = bytes(1 << 20)
                for _ in range(100): e.write(block)
            """, input: Data())
    }

    /// A 10 MiB ISDOCX of nested ZIPs: 200 archives inside, each holding archives of zeros.
    static func nestedISDOCX() throws -> Data {
        try python(
            """
            import io, os, sys, zipfile
            def archive(names, content):
                buffer = io.BytesIO()
                with zipfile.ZipFile(buffer, 'w', zipfile.ZIP_STORED) as z:
                    for name in names: z.writestr(name, content)
                return buffer.getvalue()
            inner = archive(['zeros.zip'], archive(['zeros.bin'], os.urandom(50 * 1024)))
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED) as z:
                for n in range(200): z.writestr('part%03d.zip' % n, inner)
            """, input: Data())
    }

    /// Runs a Python program with the output path, a file of `input` and `arguments`; returns
    /// what it wrote to the output path.
    private static func python(_ program: String, input: Data, _ arguments: String...) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("isdocx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("input"), output = directory.appendingPathComponent("out.zip")
        try input.write(to: source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, output.path, source.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("python exited \(process.terminationStatus)") }
        return try Data(contentsOf: output)
    }
}
