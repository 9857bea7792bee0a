import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookHTTP

@Suite("Desk: a worker's invoices")
struct DeskMonthsTests {
    @Test func aWorkerUploadsAnISDOCPDFAndSeesWhatWasReadAndWhatTheChecksSay() async throws {
        try await TestApp.test(configure: InvoiceDesk.configure) { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let months = try await jan.get("/desk/months")
            let form = try await jan.get("/desk/months/2026-10")
            let token = jan.token(of: form)
            let key = try #require(DeskBrowser.hidden("key", in: form.text))
            var isdoc = ISDOCFixture()
            isdoc.supplierDic = "CZ12345679"
            let file = try ISDOCFixture.pdf(attaching: isdoc.xml)
            let parts = [
                Multipart.Part(name: "csrf", bytes: Array(token.utf8)), Multipart.Part(name: "key", bytes: Array(key.utf8)),
                Multipart.Part(name: "file", filename: "faktura.pdf", contentType: "application/pdf", bytes: Array(file)),
            ]
            let uploaded = try await jan.postMultipart("/desk/months/2026-10", parts)
            let again = try await jan.postMultipart("/desk/months/2026-10", parts)
            let shown = try await jan.get(uploaded.headers[.location] ?? "/desk/months/2026-10")
            let withoutFile = try await jan.postMultipart(
                "/desk/months/2026-10",
                [Multipart.Part(name: "csrf", bytes: Array(token.utf8)), Multipart.Part(name: "amount", bytes: Array("42000".utf8))])
            let forged = try await jan.postMultipart("/desk/months/2026-10", Array(parts.dropFirst()))
            let future = try await jan.get("/desk/months/2027-01")

            #expect(months.status == .ok && months.text.contains("October 2026") && months.text.contains("/desk/months/2026-10"))
            #expect(months.text.contains("Hourly rate now") && months.text.contains("<svg class=\"chart\""))
            #expect(months.text.components(separatedBy: "<rect ").count - 1 == 12, "a bar for each of the last twelve months")
            #expect(months.text.contains("<caption>Earnings of the last twelve months (CZK)</caption>"), "the same numbers as a table")
            #expect(!months.text.contains("style="), "nothing the policy would block")
            #expect(form.status == .ok && form.text.contains("enctype=\"multipart/form-data\""))
            #expect(uploaded.status == .seeOther && uploaded.headers[.location] == "/desk/months/2026-10?done=uploaded")
            #expect(again.status == .seeOther, "the same form sent twice stores it once")
            #expect(shown.text.contains("What was read from the invoice") && shown.text.contains("FV-2026-0042"))
            #expect(shown.text.contains("2026042") && shown.text.contains("ISDOC"), "each value says where it came from")
            #expect(shown.text.contains("Checks") && shown.text.contains("submitted"))
            #expect(
                try await app.sql(
                    "SELECT count(*)::text FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = '\(Demo.janNovak)' AND i.period = '2026-10-01'"
                ) == ["1"])
            #expect(withoutFile.status == .badRequest && withoutFile.text.contains("Choose the invoice"))
            #expect(withoutFile.text.contains("value=\"42000\""), "what was typed is kept")
            #expect(forged.status == .forbidden)
            #expect(future.status == .notFound)
        }
    }

    /// Fifth probe, finding 8: the desk's form refused files over 1 MiB (a bare 413) while the
    /// API took 10 MiB. A 5 MiB scan uploads; an 11 MiB one is refused on the month's page in words.
    @Test(.tags(.fifthProbe)) func aRealSizedScanUploadsFromTheDeskAndOneTooLargeIsRefusedOnThePage() async throws {
        try await TestApp.test(configure: { InvoiceDesk.configure(&$0); $0.http.maxUploadBytes = 10 << 20 }) { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let form = try await jan.get("/desk/months/2026-10")
            let token = jan.token(of: form)
            // A scanned page is a picture: five MiB of image data in one stream of a real PDF.
            let scan = Multipart.demoPDF.dropLast(6) + Array("% \(String(repeating: "0", count: 5 << 20))\n%%EOF\n".utf8)
            let parts: ([UInt8]) -> [Multipart.Part] = { file in
                [
                    Multipart.Part(name: "csrf", bytes: Array(token.utf8)), Multipart.Part(name: "amount", bytes: Array("42000".utf8)),
                    Multipart.Part(name: "file", filename: "sken.pdf", contentType: "application/pdf", bytes: file),
                ]
            }
            let uploaded = try await jan.postMultipart("/desk/months/2026-10", parts(Array(scan)))
            #expect(uploaded.status == .seeOther && uploaded.headers[.location] == "/desk/months/2026-10?done=uploaded", "\(uploaded.status) \(uploaded.text.prefix(300))")
            let huge = Multipart.demoPDF.dropLast(6) + Array("% \(String(repeating: "0", count: 11 << 20))\n%%EOF\n".utf8)
            let refused = try await jan.postMultipart("/desk/months/2026-10", parts(Array(huge)))
            #expect(refused.status == .contentTooLarge)
            #expect(refused.headers[.contentType]?.hasPrefix("text/html") == true && refused.text.contains("larger than 10 MiB"), "a page, in words")
            #expect(refused.text.contains("enctype=\"multipart/form-data\""), "with the form to choose a smaller file")
        }
    }

    /// The row of one month in the months table, from its `<tr>` to its `</tr>`.
    static func row(_ month: String, in html: String) -> String? {
        guard let link = html.range(of: "href=\"/desk/months/\(month)\""),
            let start = html.range(of: "<tr>", options: .backwards, range: html.startIndex..<link.lowerBound),
            let end = html.range(of: "</tr>", range: link.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func eachMonthsRowSaysItsStateAmountChecksReturnReasonAndWhatTheWorkerMayDo() async throws {
        try await TestApp.test(configure: InvoiceDesk.configure) { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let before = try await jan.get("/desk/months")
            let form = try await jan.get("/desk/months/2026-10")
            let parts = [
                Multipart.Part(name: "csrf", bytes: Array(jan.token(of: form).utf8)),
                Multipart.Part(name: "key", bytes: Array(try #require(DeskBrowser.hidden("key", in: form.text)).utf8)),
                Multipart.Part(
                    name: "file", filename: "faktura.pdf", contentType: "application/pdf",
                    bytes: Array(try ISDOCFixture.pdf(attaching: ISDOCFixture().xml))),
            ]
            _ = try await jan.postMultipart("/desk/months/2026-10", parts)
            let submitted = try await jan.get("/desk/months")
            _ = try await app.sql(
                "UPDATE invoices SET state = 'returned', return_reason = 'Chybí <objednávka> & razítko' WHERE account_id = '\(Demo.janNovak)' AND period = '2026-10-01'"
            )
            let returned = try await jan.get("/desk/months")

            let missing = try #require(Self.row("2026-10", in: before.text))
            #expect(missing.contains("<span class=\"state\">not uploaded yet</span>") && missing.contains(">Upload the invoice<"))
            #expect(missing.contains("<span class=\"visually-hidden\"> October 2026</span>"), "the link names its month to a screen reader")
            let fresh = try #require(Self.row("2026-10", in: submitted.text))
            #expect(fresh.contains("<span class=\"state\">submitted</span>") && fresh.contains(">Replace the invoice<"))
            #expect(fresh.contains("CZK") || fresh.contains("Kč"), "the amount with its currency")
            #expect(!fresh.contains("Returned because"))
            let back = try #require(Self.row("2026-10", in: returned.text))
            #expect(back.contains("<span class=\"state\">returned</span>"))
            #expect(back.contains("<small>Returned because Chybí &lt;objednávka&gt; &amp; razítko</small>"), "the reason, escaped")
            #expect(back.contains(">Replace the invoice<"))
            #expect(returned.text.components(separatedBy: "<tr>").count - 1 >= 2, "the header and at least the months since the first contract")
        }
    }
}
