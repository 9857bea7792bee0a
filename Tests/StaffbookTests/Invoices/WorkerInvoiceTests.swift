import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Invoices: the worker's side")
struct WorkerInvoiceTests {
    struct Month: Decodable {
        struct File: Decodable { var mediaType: String; var size: Int; var sha256: String; var downloadUrl: String }
        var period: String; var state: String; var invoiceId: String?; var kind: String?; var amount: String?
        var returnReason: String?; var file: File?; var actions: [String]
    }
    struct Months: Decodable { var items: [Month]; var nextCursor: String? }

    @Test func fromAndToNarrowTheMonthsWithoutPagingThroughTheRest() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let quarter = try await app.send(.get, "/v1/me/invoices?from=2024-01&to=2024-03", token: token).decode(Months.self)
            let page = try await app.send(.get, "/v1/me/invoices?from=2024-01&to=2024-12&limit=5", token: token)
            let next = try await app.send(
                .get, "/v1/me/invoices?from=2024-01&to=2024-12&limit=5&cursor=\(try #require(try page.decode(Months.self).nextCursor))", token: token
            ).decode(Months.self)
            // Before the first contract and after this month, there is nothing to list.
            let clamped = try await app.send(.get, "/v1/me/invoices?from=2020-01&to=2030-12&limit=100", token: token).decode(Months.self)
            let single = try await app.send(.get, "/v1/me/invoices?from=2020-01&to=2020-01", token: token).decode(Months.self)
            let backwards = try await app.send(.get, "/v1/me/invoices?from=2024-05&to=2024-04", token: token)
            let malformed = try await app.send(.get, "/v1/me/invoices?from=2024-13", token: token)

            #expect(quarter.items.map(\.period) == ["2024-03", "2024-02", "2024-01"])
            #expect(quarter.nextCursor == nil)
            #expect(try page.decode(Months.self).items.map(\.period) == ["2024-12", "2024-11", "2024-10", "2024-09", "2024-08"])
            #expect(page.headers[.link]?.contains("from=2024-01") == true)
            #expect(next.items.map(\.period) == ["2024-07", "2024-06", "2024-05", "2024-04", "2024-03"])
            #expect(clamped.items.first?.period == "2026-11" && clamped.items.last?.period == "2023-02")
            #expect(single.items.isEmpty)
            #expect(backwards.problem?.errors?.map(\.field) == ["query.to"])
            #expect(malformed.problem?.errors?.map(\.field) == ["query.from"])
        }
    }

    @Test func theListHasEveryMonthAcrossAContractChangeWithMissingOnes() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            var months: [Month] = []
            var offset = 0
            while true {
                let page = try await app.send(.get, "/v1/me/invoices?limit=10&offset=\(offset)", token: token).decode(Months.self)
                months += page.items
                offset += 10
                if page.nextCursor == nil { break }
            }

            // 2023-02 (first HPP month) … 2026-11 (this month in the test clock): 46 months, newest first.
            #expect(months.count == 46)
            #expect(months.first?.period == "2026-11")
            #expect(months.last?.period == "2023-02")
            let byPeriod = Dictionary(uniqueKeysWithValues: months.map { ($0.period, $0) })
            #expect(byPeriod["2026-11"]?.state == "missing")
            #expect(byPeriod["2026-11"]?.actions == ["upload"])
            #expect(byPeriod["2026-10"]?.state == "missing")
            #expect(byPeriod["2025-06"]?.kind == "statement")
            #expect(byPeriod["2025-06"]?.actions == [])
            #expect(byPeriod["2025-07"]?.kind == "uploaded")
            #expect(byPeriod["2025-07"]?.file?.downloadUrl == "/v1/invoices/\(byPeriod["2025-07"]!.invoiceId!)/file")
        }
    }

    @Test func cursorPagesOfTenMatchOffsetPages() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let first = try await app.send(.get, "/v1/me/invoices?limit=10", token: token).decode(Months.self)
            let second = try await app.send(.get, "/v1/me/invoices?limit=10&cursor=\(first.nextCursor!)", token: token).decode(Months.self)
            let byOffset = try await app.send(.get, "/v1/me/invoices?limit=10&offset=10", token: token).decode(Months.self)

            #expect(second.items.map(\.period) == byOffset.items.map(\.period))
            #expect(second.items.first?.period == "2026-01")
        }
    }

    @Test func uploadingThenReplacingKeepsEveryFileAndDownloadsTheNewest() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            var second = Multipart.demoPDF
            second.insert(contentsOf: Array("% corrected\n".utf8), at: 9)

            let created = try await app.upload("2026-11", token: token)
            let replaced = try await app.upload("2026-11", token: token, body: Multipart.invoice(pdf: second, amount: "43000"))

            #expect(created.status == .created, "\(created.text)")
            let month = try replaced.decode(Month.self)
            #expect(replaced.status == .ok)
            #expect(month.state == "submitted")
            #expect(month.amount == "43000.00")
            #expect(month.actions == ["replace"])
            #expect(month.file?.size == second.count)
            let files = try await app.sql("SELECT count(*)::text FROM invoice_files WHERE invoice_id = '\(month.invoiceId!)'")
            #expect(files == ["2"])
            let download = try await app.send(.get, month.file!.downloadUrl, token: token)
            #expect(Array(download.body.readableBytesView) == second)
            #expect(download.headers[.contentType] == "application/pdf")
            #expect(download.headers[.contentLength] == String(second.count))
            #expect(download.headers[.contentDisposition] == #"attachment; filename="invoice-2026-11-novak.pdf""#)
            #expect(download.headers[.eTag] == "\"\(month.file!.sha256)\"")
            let notModified = try await app.send(.get, month.file!.downloadUrl, token: token, headers: [.ifNoneMatch: download.headers[.eTag]!])
            #expect(notModified.status == .notModified)
        }
    }

    @Test func aRetriedUploadWithTheSameIdempotencyKeyAnswersTheFirstStatusAndCreatesNoSecondVersion() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            var headers = Multipart.headers
            headers[HTTPField.Name("Idempotency-Key")!] = "upload-2026-11-attempt"

            let first = try await app.upload("2026-11", token: token, headers: headers)
            let retry = try await app.upload("2026-11", token: token, headers: headers)

            #expect(first.status == .created)
            #expect(retry.status == .created)
            #expect(try retry.decode(Month.self).invoiceId == (try first.decode(Month.self)).invoiceId)
            let files = try await app.sql(
                "SELECT count(*)::text FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = '\(Demo.janNovak)' AND i.period = '2026-11-01'"
            )
            #expect(files == ["1"])
        }
    }

    @Test func twoConcurrentUploadsForOneMonthMakeOneInvoiceAndKeepBothFiles() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                // Two different files (the same bytes twice would be stored once).
                for n in 0..<2 {
                    let pdf = Array(Multipart.demoPDF.dropLast(6)) + Array("% copy \(n)\n%%EOF\n".utf8)
                    group.addTask { try await app.upload("2026-11", token: token, body: Multipart.invoice(pdf: pdf)).status.code }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }

            #expect(statuses.sorted() == [200, 201])
            let counts = try await app.sql(
                """
                SELECT count(DISTINCT i.id)::text || '/' || count(f.id)::text FROM invoices i JOIN invoice_files f ON f.invoice_id = i.id
                WHERE i.account_id = '\(Demo.janNovak)' AND i.period = '2026-11-01'
                """
            )
            #expect(counts == ["1/2"])
        }
    }

    @Test func approvedOrPaidInvoicesAreLocked() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let response = try await app.upload("2025-08", token: token)

            #expect(response.status == .conflict)
            #expect(response.problem?.type == "urn:staffbook:problem:invoice-locked")
        }
    }

    struct Rejection: Sendable, CustomStringConvertible {
        var name: String
        var period: String
        var body: ByteBuffer
        var status: Int
        var type: String
        var description: String { name }
    }

    static let rejections: [Rejection] = [
        Rejection(name: "no ICO contract that month", period: "2024-05", body: Multipart.invoice(), status: 422, type: "no-contractor-contract"),
        Rejection(name: "a future month", period: "2026-12", body: Multipart.invoice(), status: 422, type: "future-period"),
        Rejection(name: "an invalid month", period: "2026-13", body: Multipart.invoice(), status: 400, type: "validation-failed"),
        Rejection(name: "year zero", period: "0000-01", body: Multipart.invoice(), status: 400, type: "validation-failed"),
        Rejection(name: "not a PDF", period: "2026-11", body: Multipart.invoice(pdf: Array("GIF89a...".utf8)), status: 415, type: "not-a-pdf"),
        Rejection(name: "a truncated PDF", period: "2026-11", body: Multipart.invoice(pdf: Array(Multipart.demoPDF.prefix(300))), status: 422, type: "invalid-pdf"),
        Rejection(name: "three decimals", period: "2026-11", body: Multipart.invoice(amount: "100.123"), status: 400, type: "validation-failed"),
        Rejection(name: "a negative amount", period: "2026-11", body: Multipart.invoice(amount: "-5"), status: 400, type: "validation-failed"),
        Rejection(name: "no amount", period: "2026-11", body: Multipart.body([.init(name: "file", filename: "a.pdf", contentType: "application/pdf", bytes: Multipart.demoPDF)]), status: 400, type: "validation-failed"),
        Rejection(name: "no file", period: "2026-11", body: Multipart.body([.init(name: "amount", bytes: Array("5".utf8))]), status: 400, type: "malformed-request"),
        Rejection(name: "not multipart", period: "2026-11", body: ByteBuffer(string: "hello"), status: 400, type: "malformed-request"),
    ]

    @Test(arguments: rejections)
    func badUploadsAnswerAProblemAndStoreNothing(rejection: Rejection) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let response = try await app.upload(rejection.period, token: token, body: rejection.body)

            #expect(response.status.code == rejection.status, "\(response.text)")
            #expect(response.problem?.type == "urn:staffbook:problem:\(rejection.type)")
            let stored = try await app.sql("SELECT count(*)::text FROM invoices WHERE account_id = '\(Demo.janNovak)' AND period >= '2026-11-01'")
            #expect(stored == ["0"])
        }
    }

    @Test func aFileOfTenMebibytesAndOneByteAnswers413() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            var pdf = Multipart.demoPDF
            pdf.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: (10 << 20) + 1 - pdf.count), at: 9)

            let response = try await app.upload("2026-11", token: token, body: Multipart.invoice(pdf: pdf))

            #expect(pdf.count == (10 << 20) + 1)
            #expect(response.status == .contentTooLarge)
            #expect(response.problem?.type == "urn:staffbook:problem:payload-too-large")
        }
    }

    @Test func someoneElsesFileAnswers404() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let month = try await app.upload("2026-11", token: jan).decode(Month.self)

            let stranger = try await app.send(.get, month.file!.downloadUrl, token: petra)
            let detail = try await app.send(.get, "/v1/invoices/\(month.invoiceId!)", token: petra)
            let admin = try await app.send(.get, month.file!.downloadUrl, token: try await app.token("admin@staffbook.example"))

            #expect(stranger.status == .notFound)
            #expect(detail.status == .notFound)
            #expect(admin.status == .ok)
        }
    }

    @Test func earningsGiveAmountAndStatePerMonthOldestFirst() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            struct Earnings: Decodable { struct Item: Decodable { var period: String; var state: String; var amount: String? }; var items: [Item] }

            let earnings = try await app.send(.get, "/v1/me/earnings?from=2026-01&to=2026-11", token: token).decode(Earnings.self)
            let tooLong = try await app.send(.get, "/v1/me/earnings?from=2010-01&to=2026-11", token: token)

            #expect(earnings.items.map(\.period).first == "2026-01")
            #expect(earnings.items.count == 11)
            #expect(earnings.items.last?.state == "missing")
            #expect(earnings.items.last?.amount == nil)
            #expect(earnings.items.first?.amount != nil)
            #expect(tooLong.status == .badRequest)
        }
    }
}
