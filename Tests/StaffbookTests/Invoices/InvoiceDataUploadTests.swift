import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP

/// An invoice's data read from what is uploaded: an ISDOC.PDF made by poppler-utils' pdfattach
/// (as invoicing services make them), an ISDOC or ISDOCX, the form's fields, the profile.
@Suite("Invoices: the data read from an upload")
struct InvoiceDataUploadTests {
    typealias Desk = InvoiceDesk

    @Test func anISDOCPDFRoundTripReadsEveryFieldTheXMLSays() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            var isdoc = ISDOCFixture()
            isdoc.supplierDic = "CZ12345679"
            isdoc.vatRate = "21"
            isdoc.vatAmount = "8820.00"
            isdoc.payable = "50820.00"

            let uploaded = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(isdoc))
            let month = try uploaded.decode(Desk.MyMonth.self)
            let id = try #require(month.invoiceId)
            let detail = try await app.send(.get, "/v1/invoices/\(id)", token: admin).decode(Desk.Detail.self)
            let files = try await app.send(.get, "/v1/invoices/\(id)/files", token: jan)
            struct Months: Decodable { var items: [Desk.MyMonth] }
            let listed = try await app.send(.get, "/v1/me/invoices?from=2026-10&to=2026-10", token: jan).decode(Months.self)

            #expect(uploaded.status == .created)
            let expected = Desk.DataBody(
                number: "FV-2026-0042", variableSymbol: "2026042", supplierIco: "12345679", supplierDic: "CZ12345679", customerIco: "28123450",
                issueDate: "2026-11-02", taxableSupplyDate: "2026-10-31", dueDate: "2026-11-16", amountWithoutVat: "42000.00",
                vatAmount: "8820.00", vatRate: "21", total: "50820.00", currency: "CZK",
                bankAccount: Desk.Account(iban: "CZ8808000000002001000001", domestic: "2001000001/0800"),
                sources: Dictionary(
                    uniqueKeysWithValues: [
                        "number", "variableSymbol", "supplierIco", "supplierDic", "customerIco", "issueDate", "taxableSupplyDate", "dueDate",
                        "amountWithoutVat", "vatAmount", "vatRate", "total", "currency", "bankAccount",
                    ].map { ($0, "isdoc") })
            )
            #expect(month.data == expected, "what the worker's app sees right after the upload")
            #expect(month.amount == "50820.00", "the ISDOC's total is the invoice's amount; no amount part was sent")
            #expect(month.file?.mediaType == "application/pdf")
            #expect(detail.data == expected, "what the admin sees")
            #expect(listed.items.first?.data == expected, "which account was on October's invoice: the worker's months say")
            #expect(files.text.contains(#""number":"FV-2026-0042""#) && files.text.contains(#""sources":{"#), "the file version keeps it: \(files.text)")
        }
    }

    /// The ISDOC.PDFs kept beside the tests (made once by pdfattach from ISDOC 6.0.2 documents).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func theKeptISDOCPDFsReadAsTheirDocumentsSay() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            func file(_ name: String) throws -> Data { try Data(contentsOf: Self.fixtures.appendingPathComponent(name)) }

            let nonPayer = try await app.upload("2026-11", token: jan, body: Multipart.upload(file: try file("faktura-neplatce.isdoc.pdf")))
            let payer = try await app.upload("2026-11", token: petra, body: Multipart.upload(file: try file("faktura-platce-dph.isdoc.pdf")))
            let offTotal = try await app.upload("2026-10", token: jan, body: Multipart.upload(file: try file("faktura-nesedi-soucet.isdoc.pdf")))

            let jans = try nonPayer.decode(Desk.MyMonth.self).data
            let petras = try payer.decode(Desk.MyMonth.self)
            #expect(jans?.supplierIco == "12345679" && jans?.total == "42000.00" && jans?.sources["total"] == "isdoc")
            #expect(petras.data?.supplierDic == "CZ76543218" && petras.data?.vatAmount == "8820.00" && petras.data?.total == "50820.00")
            #expect(petras.checks?["vat"]?.status == "pass" && petras.checks?["bank_account"]?.status == "pass")
            #expect(offTotal.problem?.errors?.map { [$0.field, $0.code] } == [["isdoc.total", "inconsistent"]])
        }
    }

    @Test func aPDFWhoseAttachmentIsNotAnISDOCIsJustAPDF() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let notes = try ISDOCFixture.pdf(attaching: "Poznámky k faktuře", name: "poznamky.txt")
            let zugferd = try ISDOCFixture.pdf(
                attaching: #"<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>"#,
                name: "factur-x.xml")

            for (period, pdf) in [("2026-10", notes), ("2026-11", zugferd)] {
                let answer = try await app.upload(period, token: jan, body: Multipart.upload(file: pdf, fields: ["amount": "42000.50"]))
                let month = try answer.decode(Desk.MyMonth.self)
                #expect(answer.status == .created, "\(answer.text)")
                #expect(month.data?.sources.values.contains("isdoc") == false)
                #expect(month.data?.total == "42000.50" && month.data?.sources["total"] == "form")
                #expect(month.data?.supplierIco == "12345679" && month.data?.sources["supplierIco"] == "profile")
            }
        }
    }

    @Test func anISDOCThatDoesNotAddUpAnswers422NamingTheFieldAndTheFormIsTakenInstead() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            var total = ISDOCFixture()
            total.payable = "45000.00"
            var lines = ISDOCFixture()
            lines.lines = ["30000.00", "10000.00"]
            var notOurs = ISDOCFixture()
            notOurs.customerIco = "25596641"
            var badAccount = ISDOCFixture()
            badAccount.account = ("2001000002", "0800")

            var refusals: [(String, String)] = []
            for isdoc in [total, lines, notOurs, badAccount] {
                let answer = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(isdoc))
                #expect(answer.status == .unprocessableContent)
                #expect(answer.problem?.type == "urn:staffbook:problem:invalid-isdoc")
                if let error = answer.problem?.errors?.first { refusals.append((error.field, error.code)) }
            }
            let still = try await app.send(.get, "/v1/me/invoices?from=2026-10&to=2026-10", token: jan)
            let instead = try await app.upload(
                "2026-10", token: jan,
                body: try Desk.isdocPDF(total, fields: ["ignoreIsdoc": "true", "amount": "45000", "number": "FV-2026-0042", "dueDate": "2026-11-16"]))
            let month = try instead.decode(Desk.MyMonth.self)

            #expect(refusals.map(\.0) == ["isdoc.total", "isdoc.amountWithoutVat", "isdoc.customerIco", "isdoc.bankAccount"])
            #expect(refusals.map(\.1) == ["inconsistent", "inconsistent", "not_ours", "invalid"])
            #expect(still.text.contains(#""state":"missing""#), "a refused upload stores nothing")
            #expect(instead.status == .created)
            #expect(month.data?.total == "45000.00" && month.data?.number == "FV-2026-0042")
            #expect(month.data?.sources["number"] == "form" && month.data?.sources["dueDate"] == "form")
            #expect(month.data?.sources.values.contains("isdoc") == false, "ignoreIsdoc takes nothing from the attachment")
        }
    }

    @Test func anISDOCOrISDOCXIsTakenAsTheFileOrBesideThePDF() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let isdoc = ISDOCFixture()
            let xml = Data(isdoc.xml.utf8)

            let alone = try await app.upload(
                "2026-10", token: jan, body: Multipart.upload(file: xml, filename: "faktura.isdoc", contentType: "application/xml"))
            let packed = try await app.upload(
                "2026-10", token: jan,
                body: Multipart.upload(
                    file: try ISDOCFixture.zip(entry: "faktura.isdoc", content: xml), filename: "faktura.isdocx", contentType: "application/zip"))
            let beside = try await app.upload("2026-11", token: jan, body: Multipart.upload(file: Data(Multipart.demoPDF), isdoc: xml))
            let besideZipped = try await app.upload(
                "2026-11", token: jan,
                body: Multipart.upload(file: Data(Multipart.demoPDF), isdoc: try ISDOCFixture.zip(entry: "docs/faktura.isdoc", content: xml)))

            for (answer, status, mediaType) in [
                (alone, HTTPResponse.Status.created, "application/xml"), (packed, .ok, "application/zip"), (beside, .created, "application/pdf"),
                (besideZipped, .ok, "application/pdf"),
            ] {
                let month = try answer.decode(Desk.MyMonth.self)
                #expect(answer.status == status, "\(answer.text)")
                #expect(month.file?.mediaType == mediaType)
                #expect(month.data?.number == "FV-2026-0042" && month.data?.sources["number"] == "isdoc")
                #expect(month.amount == "42000.00")
            }
        }
    }

    /// Fifth probe, finding 14 (older rounds' regressions): an XML file that is not an ISDOC 6
    /// (an ISDOC 5.2 among them) answered 415 "not a PDF" instead of the documented 422
    /// `invalid-isdoc`; a web page is still no file we take (415). And replacing an approved
    /// invoice that waits in a run told the worker to "cancel the run first", which a worker cannot.
    @Test(.tags(.fifthProbe)) func anXMLOtherThanAnISDOC6Is422AndAnInvoiceInARunIsLockedInTheWorkersWords() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let older = Data(ISDOCFixture().xml.replacingOccurrences(of: "http://isdoc.cz/namespace/2013", with: "http://isdoc.cz/namespace/invoice").utf8)
            let other = Data(#"<?xml version="1.0" encoding="UTF-8"?><Faktura><Cislo>1</Cislo></Faktura>"#.utf8)
            let page = Data("<!DOCTYPE html><html><body>Faktura</body></html>".utf8)
            for (file, status, type) in [
                (older, HTTPResponse.Status.unprocessableContent, "invalid-isdoc"), (other, .unprocessableContent, "invalid-isdoc"),
                (page, .unsupportedMediaType, "not-a-pdf"),
            ] {
                let answer = try await app.upload(
                    "2026-10", token: jan, body: Multipart.upload(file: file, filename: "faktura.isdoc", contentType: "application/xml"))
                #expect(answer.status == status && answer.problem?.type == "urn:staffbook:problem:\(type)", "\(answer.text)")
            }

            let (admin, payables) = (try await app.token("admin@staffbook.example"), try await app.sql(
                "SELECT id::text || ' ' || to_char(period, 'YYYY-MM') FROM invoices WHERE state = 'approved' AND kind = 'uploaded' AND account_id = '\(Demo.janNovak)' LIMIT 1"))
            let row = try #require(payables.first ?? nil, "an approved invoice of Jan's in the demo")
            let (invoice, period) = (String(row.split(separator: " ")[0]), String(row.split(separator: " ")[1]))
            _ = try await app.send(.put, "/v1/settings/payments", token: admin, json: PaymentDesk.settings)
            _ = try await app.sql("UPDATE invoices SET bank_account = 'CZ6508000000192000145399', needs_attention = false WHERE id = '\(invoice)' RETURNING id::text")
            #expect(try await app.createRun(admin, ids: [invoice]).status == .created)
            let replaced = try await app.upload(period, token: jan)
            #expect(replaced.status == .conflict && replaced.problem?.type == "urn:staffbook:problem:invoice-locked", "\(replaced.text)")
            #expect(replaced.problem?.detail.contains("run") == false, "nothing a worker cannot do: \(replaced.problem?.detail ?? "")")
        }
    }

    @Test func aTenMebibyteISDOCXOfNestedZipsOrAZipBombIsRefusedByItsLimits() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let nested = try ISDOCFixture.nestedISDOCX()
            let expanding = try ISDOCFixture.expandingISDOCX()

            var answers: [TestResponse] = []
            for (file, part) in [(nested, "file"), (expanding, "file"), (expanding, "isdoc")] {
                let body =
                    part == "file"
                    ? Multipart.upload(file: file, filename: "faktura.isdocx", contentType: "application/zip", fields: ["amount": "1"])
                    : Multipart.upload(file: Data(Multipart.demoPDF), isdoc: file, fields: ["amount": "1"])
                answers.append(try await app.upload("2026-10", token: jan, body: body))
            }
            let still = try await app.send(.get, "/v1/me/invoices?from=2026-10&to=2026-10", token: jan)

            #expect(nested.count > 9 << 20, "as large as the upload limit lets it be: \(nested.count) bytes")
            #expect(expanding.count < 1 << 20)
            #expect(answers[0].status == .unprocessableContent)
            #expect(answers[0].problem?.errors?.first.map { [$0.field, $0.code] } == ["isdoc", "too_large"], "200 entries: over the entry limit")
            #expect(answers[1].problem?.errors?.first.map { [$0.field, $0.code] } == ["isdoc", "too_large"], "1000× expansion: over the ratio")
            #expect(answers[2].status == .unprocessableContent)
            #expect(still.text.contains(#""state":"missing""#))
        }
    }

    @Test func theFormFillsWhatTheISDOCLacksAndTheProfileWhatTheFormLacks() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let plain = try await app.upload(
                "2026-10", token: jan,
                body: Desk.form([
                    "amount": "42000", "number": "2026/17", "variableSymbol": "202617", "issueDate": "2026-11-01", "dueDate": "2026-11-15",
                    "customerIco": "28123450",
                ])
            ).decode(Desk.MyMonth.self)
            let ownAccount = try await app.upload(
                "2026-10", token: jan, body: Desk.form(["amount": "42000", "bankAccount": "19-2000145399/0800"])
            ).decode(Desk.MyMonth.self)

            #expect(plain.data?.sources["number"] == "form" && plain.data?.number == "2026/17")
            #expect(plain.data?.sources["variableSymbol"] == "form" && plain.data?.sources["dueDate"] == "form")
            #expect(plain.data?.supplierIco == "12345679" && plain.data?.sources["supplierIco"] == "profile")
            #expect(plain.data?.bankAccount == Desk.Account(iban: "CZ8808000000002001000001", domestic: "2001000001/0800"))
            #expect(plain.data?.sources["bankAccount"] == "profile")
            #expect(plain.data?.supplierDic == nil && plain.data?.sources["supplierDic"] == nil, "Jan is no VAT payer")
            #expect(ownAccount.data?.bankAccount == Desk.Account(iban: "CZ6508000000192000145399", domestic: "19-2000145399/0800"))
            #expect(ownAccount.data?.sources["bankAccount"] == "form")
            #expect(ownAccount.checks?["bank_account"]?.status == "needs_confirmation", "a new account is never accepted silently")
        }
    }

    @Test func theAccountingExportCarriesTheInvoicesNumberSymbolIcoAccountAndDueDate() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let id = try #require(try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(expected))).decode(Desk.MyMonth.self).invoiceId)
            let approved = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: "{}", headers: [.ifMatch: "*"])

            let csv = try await app.send(.get, "/v1/invoices/export?period=2026-10&format=csv", token: admin).text
            let sheet = try OpenPyXL.read(Data(try await app.send(.get, "/v1/invoices/export?period=2026-10&format=xlsx", token: admin).body.readableBytesView))

            #expect(approved.status == .ok, "every check passes: no override needed")
            let line = try #require(csv.components(separatedBy: "\r\n").first { $0.contains(id) })
            #expect(line.hasPrefix("Jan Novák,jan.novak@staffbook.example,2026-10,\(expected.moneyText),CZK,\(id),"))
            #expect(line.hasSuffix(",FV-2026-0042,2026042,12345679,2001000001/0800,CZ8808000000002001000001,2026-11-16"))
            let row = try #require(sheet.rows.first { $0.count > 10 && $0[10].value == id })
            #expect(row[5...8].map(\.value) == ["FV-2026-0042", "2026042", "12345679", "2001000001/0800"])
            #expect(row[9].kind == "date" && row[9].value == "2026-11-16")
        }
    }

    @Test func formFieldsThatDoNotParseAnswer400NamingEachField() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let answer = try await app.upload(
                "2026-10", token: jan,
                body: Desk.form([
                    "amount": "42000", "supplierIco": "12345678", "supplierDic": "DE123", "variableSymbol": "12345678901",
                    "dueDate": "2026-13-01", "currency": "USD", "vatRate": "121", "bankAccount": "2001000002/0800",
                ]))
            let unknownBank = try await app.upload("2026-10", token: jan, body: Desk.form(["amount": "42000", "bankAccount": "2001000001/0001"]))
            let badIban = try await app.upload("2026-10", token: jan, body: Desk.form(["amount": "42000", "bankAccount": "CZ6508000000192000145398"]))
            let noAmount = try await app.upload("2026-10", token: jan, body: Desk.form(["number": "1"]))
            let czech = try await app.upload(
                "2026-10", token: jan, body: Desk.form(["amount": "1", "supplierIco": "12345678"]),
                headers: Multipart.headers.merging([.acceptLanguage: "cs"]))

            #expect(answer.status == .badRequest)
            #expect(answer.problem?.type == "urn:staffbook:problem:validation-failed")
            #expect(
                Set(answer.problem?.errors?.map(\.field) ?? []) == [
                    "body.supplierIco", "body.supplierDic", "body.variableSymbol", "body.dueDate", "body.currency", "body.vatRate", "body.bankAccount",
                ])
            #expect(unknownBank.problem?.errors?.map { [$0.field, $0.code] } == [["body.bankAccount", "unknown_bank"]])
            #expect(badIban.problem?.errors?.map { [$0.field, $0.code] } == [["body.bankAccount", "iban"]])
            #expect(noAmount.problem?.errors?.map(\.field) == ["body.amount"], "no ISDOC total and no amount")
            #expect(answer.problem?.errors?.first { $0.field == "body.supplierIco" }?.message == "An IČO: 8 digits with their check digit.")
            #expect(czech.problem?.errors?.first?.message == "IČO: 8 číslic s kontrolní číslicí.")
            #expect(try await app.send(.get, "/v1/me/invoices?from=2026-10&to=2026-10", token: jan).text.contains(#""state":"missing""#))
        }
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged[field.name] = field.value }
        return merged
    }
}
