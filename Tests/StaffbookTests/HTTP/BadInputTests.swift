import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// The hardening list of bad inputs not covered by the suites of each feature.
@Suite("Bad input")
struct BadInputTests {
    private func newPerson(firstName: String, lastName: String = "Nová") -> String {
        """
        {"email":"bad-\(UUID().uuidString.prefix(8))@staffbook.example","firstName":\(Self.json(firstName)),"lastName":\(Self.json(lastName)),
         "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"500","effectiveFrom":"2026-12-01"}}
        """
    }

    private static func json(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    @Test func aNameOfAThousandCharactersAnswers400() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users", token: admin, json: newPerson(firstName: String(repeating: "Ř", count: 1000)))

            #expect(response.status == .badRequest)
            #expect(response.problem?.errors?.first?.field == "body.firstName")
        }
    }

    @Test func namesWithEmojiAreKeptExactly() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users", token: admin, json: newPerson(firstName: "Zoë 🦊", lastName: "Šťastná-Ünal"))

            #expect(response.status == .created)
            #expect(response.text.contains(#""firstName":"Zoë 🦊""#))
            #expect(response.text.contains(#""lastName":"Šťastná-Ünal""#))
        }
    }

    @Test(arguments: ["9999-01", "2101-01", "1989-12", "2020-1", "20-01", "2020-00", "abcd-ef"])
    func periodsOutsideTheCalendarAnswer400(period: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.get, "/v1/invoices?period=\(period)", token: admin)

            #expect(response.status == .badRequest)
            #expect(response.problem?.errors?.first?.field == "query.period")
        }
    }

    @Test(arguments: ["?&limit=10", "?limit=10&&state=paid"])
    func anEmptyPairInTheQueryStringAnswers400NotAServerFault(query: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.get, "/v1/invoices\(query)", token: admin)

            #expect(response.status == .badRequest)
            #expect(response.problem?.type == "urn:staffbook:problem:malformed-request")
            #expect(response.problem?.errors?.first?.field == "query")
        }
    }

    @Test func aFileNameWithAPathIsKeptAsDataAndNeverUsedAsOne() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let upload = try await app.upload("2026-11", token: token, body: Multipart.invoice(filename: "../../etc/passwd.pdf"))
            let month = try upload.decode(WorkerInvoiceTests.Month.self)
            let download = try await app.send(.get, month.file!.downloadUrl, token: token)

            #expect(upload.status == .created)
            #expect(download.headers[.contentDisposition] == #"attachment; filename="invoice-2026-11-novak.pdf""#)
            let stored = try await app.sql("SELECT original_name FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.id = '\(month.invoiceId!)'")
            #expect(stored == ["../../etc/passwd.pdf"])
        }
    }

    @Test(arguments: ["", "{}", "[]", "null", "\"text\"", "{\"email\":null,\"password\":null}"])
    func emptyAndWrongShapedBodiesAnswer400(body: String) async throws {
        try await TestApp.test { app in
            let response = try await app.execute("/v1/auth/password", method: .post, json: body)

            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }
}
