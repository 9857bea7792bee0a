import Foundation
import HTTPTypes
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

/// One contractor cannot fill the disk: the same bytes are stored once, an invoice keeps a
/// bounded number of versions, and a person uploads a bounded amount a day (429 with a problem).
@Suite("Invoices: what one person's uploads may store")
struct UploadQuotaTests {
    static func pdf(_ n: Int) -> [UInt8] {
        Array(Multipart.demoPDF.dropLast(6)) + Array("% version \(n)\n%%EOF\n".utf8)
    }

    private static func versions(_ app: TestContext) async throws -> [String?] {
        try await app.sql(
            """
            SELECT count(f.id)::text || '/' || (SELECT v.version FROM invoice_files v WHERE v.id = i.current_file_id)::text
            FROM invoices i JOIN invoice_files f ON f.invoice_id = i.id
            WHERE i.account_id = '\(Demo.janNovak)' AND i.period = '2026-11-01' GROUP BY i.id
            """)
    }

    @Test(.tags(.fourthProbe))
    func theSameBytesUploadedAgainAreNotStoredAgainAndTheirVersionBecomesCurrent() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let statuses = [
                try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(1))).status,
                try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(2))).status,
                try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(1))).status,
                try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(1))).status,
            ]

            #expect(statuses == [.created, .ok, .ok, .ok])
            #expect(try await Self.versions(app) == ["2/1"], "two files kept; the first one is current again")
        }
    }

    @Test(.tags(.fourthProbe))
    func anInvoicePastItsVersionsAnswers429AndKeepsWhatItHas() async throws {
        try await TestApp.test(configure: { $0.invoices.uploadQuota.versionsPerInvoice = 3 }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            for n in 1...3 { _ = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(n))) }

            let fourth = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(4)))
            let again = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(2)))

            #expect(fourth.status == .tooManyRequests)
            #expect(fourth.problem?.type == "urn:staffbook:problem:upload-quota")
            #expect(fourth.problem?.detail.contains("3 file versions") == true, "\(fourth.text)")
            #expect(fourth.headers[.retryAfter] != nil)
            #expect(again.status == .ok, "bytes the invoice has are taken without a new version")
            #expect(try await Self.versions(app) == ["3/2"])
        }
    }

    @Test(.tags(.fourthProbe))
    func aPersonPastTheDaysUploadsAnswers429UntilADayHasPassed() async throws {
        try await TestApp.test(configure: { $0.invoices.uploadQuota.filesPerDay = 2 }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            for n in 1...2 { _ = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(n))) }

            let third = try await app.upload("2026-11", token: jan, body: Multipart.invoice(pdf: Self.pdf(3)))
            let czech = try await app.client.execute(
                uri: "/v1/me/invoices/2026-11", method: .put,
                headers: [.authorization: "Bearer \(jan)", .contentType: Multipart.headers[.contentType] ?? "", .acceptLanguage: "cs"],
                body: Multipart.invoice(pdf: Self.pdf(3)))
            app.clock.advance(by: 86_401)
            let nextDay = try await app.upload("2026-11", token: try await app.token("jan.novak@staffbook.example"), body: Multipart.invoice(pdf: Self.pdf(3)))

            #expect(third.status == .tooManyRequests)
            #expect(third.problem?.detail.contains("24 hours") == true, "\(third.text)")
            #expect(String(buffer: czech.body).contains("24 hodin"))
            #expect(nextDay.status == .ok, "\(nextDay.text)")
            #expect(try await Self.versions(app) == ["3/3"])
        }
    }

    @Test func theQuotaRefusesByVersionsFirstThenFilesThenBytes() {
        let quota = UploadQuota(versionsPerInvoice: 2, filesPerDay: 3, bytesPerDay: 100)

        #expect(quota.refusal(.init(versions: 1, filesToday: 2, bytesToday: 50), size: 50) == nil)
        #expect(quota.refusal(.init(versions: 2, filesToday: 0, bytesToday: 0), size: 1) == .tooManyVersions(limit: 2))
        #expect(quota.refusal(.init(versions: 0, filesToday: 3, bytesToday: 0), size: 1) == .uploadQuota(files: 3, bytes: 100))
        #expect(quota.refusal(.init(versions: 0, filesToday: 0, bytesToday: 60), size: 41) == .uploadQuota(files: 3, bytes: 100))
    }
}
