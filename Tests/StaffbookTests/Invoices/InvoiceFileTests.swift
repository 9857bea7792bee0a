import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Invoice files: every version, and links without a header")
struct InvoiceFileTests {
    struct Version: Decodable {
        struct Person: Decodable { var id: String }
        var id: String; var version: Int; var mediaType: String; var size: Int; var sha256: String; var uploadedAt: String
        var uploadedBy: Person?; var current: Bool; var downloadUrl: String
    }
    struct Versions: Decodable { var items: [Version] }
    struct Link: Decodable {
        var url: String; var fileId: String; var expiresAt: String
        var expiry: Date? { ISO8601DateFormatter().date(from: expiresAt) }
    }

    static let first = Array("%PDF-1.4\nfirst version\n%%EOF\n".utf8)
    static let second = Array("%PDF-1.4\nsecond version, corrected\n%%EOF\n".utf8)

    /// Jan Novák's November invoice, uploaded twice; its id.
    func twoVersions(_ app: TestContext) async throws -> String {
        let jan = try await app.token("jan.novak@staffbook.example")
        _ = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.first))
        let month = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.second))
        return try #require(try month.decode(WorkerInvoiceTests.Month.self).invoiceId)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test func everyVersionIsListedAndDownloadableByTheOwnerAndAdminsOnly() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let id = try await twoVersions(app)
            let jan = try await app.token("jan.novak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")

            let list = try await app.send(.get, "/v1/invoices/\(id)/files", token: jan)
            let versions = try list.decode(Versions.self).items
            let old = try #require(versions.last)
            let download = try await app.send(.get, "/v1/invoices/\(id)/files/\(old.id)", token: jan)
            let byAdmin = try await app.send(.get, "/v1/invoices/\(id)/files/\(old.id)", token: admin)
            let byLead = try await app.send(.get, "/v1/invoices/\(id)/files", token: lead)
            let leadDownload = try await app.send(.get, "/v1/invoices/\(id)/files/\(old.id)", token: lead)
            let elsewhere = try await app.send(
                .get, "/v1/invoices/\(Demo.invoiceId(Demo.janNovak, "2026-09-01"))/files/\(old.id)", token: jan
            )
            let cached = try await app.send(.get, "/v1/invoices/\(id)/files/\(old.id)", token: jan, headers: [.ifNoneMatch: "\"\(old.sha256)\""])

            #expect(list.status == .ok, "\(list.text)")
            #expect(versions.map(\.version) == [2, 1])
            #expect(versions.map(\.current) == [true, false])
            #expect(versions.map(\.sha256) == [Self.hex(Self.second), Self.hex(Self.first)])
            #expect(versions.map(\.size) == [Self.second.count, Self.first.count])
            #expect(versions.allSatisfy { $0.uploadedBy?.id == Demo.janNovak.uuidString.lowercased() && $0.mediaType == "application/pdf" })
            #expect(old.downloadUrl == "/v1/invoices/\(id)/files/\(old.id)")
            #expect(Array(download.body.readableBytesView) == Self.first)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"invoice-2026-11-novak-v1.pdf\"")
            #expect(download.headers[.eTag] == "\"\(Self.hex(Self.first))\"")
            #expect(byAdmin.status == .ok)
            // A team leader sees their member's profile, not their invoices.
            #expect(byLead.status == .notFound && leadDownload.status == .notFound)
            #expect(elsewhere.status == .notFound)
            #expect(cached.status == .notModified)
        }
    }

    @Test func aSignedLinkDownloadsWithoutAHeaderUntilItExpires() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let id = try await twoVersions(app)
            let jan = try await app.token("jan.novak@staffbook.example")
            let versions = try await app.send(.get, "/v1/invoices/\(id)/files", token: jan).decode(Versions.self).items

            let asked = app.clock.now()
            let created = try await app.send(.post, "/v1/invoices/\(id)/file-links", token: jan)
            let link = try created.decode(Link.self)
            let opened = try await app.execute(link.url)
            let oldLink = try await app.send(
                .post, "/v1/invoices/\(id)/file-links", token: jan, json: #"{"fileId":"\#(versions[1].id)","expiresInSeconds":3600}"#
            ).decode(Link.self)
            let oldOpened = try await app.execute(oldLink.url)
            // One character changed, anywhere: no such link, and no hint which part was wrong.
            var altered = Array(link.url)
            let position = altered.count - 30
            altered[position] = altered[position] == "A" ? "B" : "A"
            let tampered = try await app.execute(String(altered))
            let truncated = try await app.execute(String(link.url.dropLast()))
            app.clock.advance(by: 601)
            let expired = try await app.execute(link.url)
            let stillValid = try await app.execute(oldLink.url)

            #expect(created.status == .created, "\(created.text)")
            #expect(link.url.hasPrefix("/v1/file-links/"))
            #expect(link.fileId == versions[0].id)
            #expect(link.expiry.map { (600..<601).contains($0.timeIntervalSince(asked)) } == true)
            #expect(opened.status == .ok)
            #expect(Array(opened.body.readableBytesView) == Self.second)
            #expect(opened.headers[.contentType] == "application/pdf")
            #expect(opened.headers[.contentDisposition] == "inline; filename=\"invoice-2026-11-novak.pdf\"")
            #expect(opened.headers[.referrerPolicy] == "no-referrer")
            #expect(opened.headers[.cacheControl] == "no-store")
            #expect(opened.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware.filePolicy)
            #expect(Array(oldOpened.body.readableBytesView) == Self.first)
            #expect(tampered.status == .notFound && truncated.status == .notFound)
            #expect(tampered.problem?.type == "urn:staffbook:problem:not-found")
            #expect(expired.status == .gone)
            #expect(expired.problem?.type == "urn:staffbook:problem:link-expired")
            #expect(stillValid.status == .ok)
        }
    }

    @Test func linksAreOnlyForWhatTheCallerMayReadAndStopWhenTheCallerIsDeactivated() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let invoice = Demo.invoiceId(Demo.ondrejChalupa, "2026-09-01")
            let jan = try await app.token("jan.novak@staffbook.example")
            // Zuzana Horáková is an admin too; Alena Dvořáková deactivates her.
            let zuzana = try await app.token("lead.web@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")

            let notHis = try await app.send(.post, "/v1/invoices/\(invoice)/file-links", token: jan)
            let tooLong = try await app.send(.post, "/v1/invoices/\(invoice)/file-links", token: admin, json: #"{"expiresInSeconds":604801}"#)
            let tooShort = try await app.send(.post, "/v1/invoices/\(invoice)/file-links", token: admin, json: #"{"expiresInSeconds":59}"#)
            let otherFile = try await app.send(
                .post, "/v1/invoices/\(invoice)/file-links", token: admin,
                json: #"{"fileId":"\#(Demo.fileId(Demo.janNovak, "2026-09-01"))"}"#
            )
            let week = try await app.send(.post, "/v1/invoices/\(invoice)/file-links", token: zuzana, json: #"{"expiresInSeconds":604800}"#)
                .decode(Link.self)
            let before = try await app.execute(week.url)
            let deactivated = try await app.send(.post, "/v1/users/\(Demo.webLead)/deactivate", token: admin)
            let after = try await app.execute(week.url)

            #expect(notHis.status == .notFound)
            #expect(tooLong.problem?.errors?.map(\.field) == ["body.expiresInSeconds"])
            #expect(tooShort.status == .badRequest)
            #expect(otherFile.status == .notFound)
            #expect(before.status == .ok)
            #expect(deactivated.status == .ok, "\(deactivated.text)")
            #expect(after.status == .notFound)
        }
    }

    @Test func theExportLooksFinishedAndItsLinksOpenWithoutAHeader() async throws {
        try await TestApp.test(configure: { $0.http.publicBaseURL = "https://staffbook.example.com" }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.get, "/v1/invoices/export?period=2026-09&format=xlsx", token: admin)
            let csv = try await app.send(.get, "/v1/invoices/export?period=2026-09&format=csv", token: admin)
            let sheet = try OpenPyXL.read(Data(response.body.readableBytesView))
            let expected = try await app.sql(
                """
                SELECT a.first_name || ' ' || a.last_name || '|' || i.amount::text FROM invoices i JOIN accounts a ON a.id = i.account_id
                WHERE i.period = '2026-09-01' AND i.state = 'approved' ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """
            )

            #expect(sheet.title == "2026-09")
            #expect(sheet.rows[0][0].value == "Staffbook")
            #expect(sheet.row(startingWith: "Schválené faktury / Approved invoices")?[1].value == "září 2026 / September 2026")
            let headerIndex = try #require(sheet.rows.firstIndex { $0.first?.value == "Zaměstnanec / Employee" })
            let header = sheet.rows[headerIndex]
            #expect(header.map(\.value) == [
                "Zaměstnanec / Employee", "E-mail", "Období / Period", "Částka / Amount", "Měna / Currency", "Číslo faktury / Number",
                "VS / Variable symbol", "IČO", "Účet / Account", "Splatnost / Due", "Faktura / Invoice", "Odkaz / Link",
            ])
            #expect(header.allSatisfy { $0.bold })
            #expect(sheet.freeze == "A\(headerIndex + 2)")
            let rows = Array(sheet.rows[(headerIndex + 1)..<(headerIndex + 1 + expected.count)])
            #expect(sheet.autoFilter == "A\(headerIndex + 1):L\(headerIndex + 1 + expected.count)")
            for (row, line) in zip(rows, expected) {
                let parts = try #require(line).split(separator: "|").map(String.init)
                #expect(row[0].value == parts[0])
                #expect(row[3].kind == "number" && row[3].format.contains("Kč"))
                #expect(Decimal(string: row[3].value) == Decimal(string: parts[1]))
            }
            let total = sheet.rows[headerIndex + 1 + expected.count]
            #expect(total[0].value == "Celkem / Total" && total[0].bold)
            #expect(total[1].kind == "formula" && total[1].cached == String(expected.count))
            let sum = expected.compactMap { $0?.split(separator: "|").last.flatMap { Decimal(string: String($0)) } }.reduce(0, +)
            #expect(total[3].kind == "formula" && Decimal(string: total[3].cached) == sum)
            for letter in ["A", "B", "D", "L"] {
                #expect((sheet.widths[letter] ?? 0) >= min(Double(sheet.longestText(column: letter)), 60), "column \(letter)")
            }
            #expect(sheet.fitToPage && sheet.fitToWidth == 1)
            // The link column: absolute, signed, and it opens with no Authorization header.
            let link = try #require(rows.first?[11].value)
            #expect(link.hasPrefix("https://staffbook.example.com/v1/file-links/"))
            let opened = try await app.execute(String(link.dropFirst("https://staffbook.example.com".count)))
            #expect(opened.status == .ok)
            #expect(["application/pdf", XLSXWorkbook.mediaType].contains(opened.headers[.contentType] ?? ""))
            #expect(csv.text.contains("https://staffbook.example.com/v1/file-links/"))
            // A week later the export's links have expired.
            app.clock.advance(by: 7 * 86400 + 1)
            #expect(try await app.execute(String(link.dropFirst("https://staffbook.example.com".count))).status == .gone)
        }
    }
}
