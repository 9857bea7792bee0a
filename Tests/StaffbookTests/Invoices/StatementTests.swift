import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Statements and exports")
struct StatementTests {
    struct Result: Decodable {
        struct Item: Decodable { var userId: String; var invoiceId: String?; var outcome: String; var reason: String?; var hours: String?; var amount: String? }
        var items: [Item]
    }

    @Test func generatedStatementsAreRealWorkbooksAndRerunningCreatesNoDuplicates() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Kateřina Nováková (HPP, 30 h/week) gets her hours given; everyone else by capacity.
            let katerina = Demo.id(18)

            let first = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin,
                                           json: #"{"hours":[{"userId":"\#(katerina)","hours":"100.5"}]}"#)
            let created = try first.decode(Result.self)
            let kate = try #require(created.items.first { $0.userId == katerina.uuidString.lowercased() })
            let file = try await app.send(.get, "/v1/invoices/\(kate.invoiceId!)/file", token: admin)
            let again = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin)
            let august = try await app.send(.post, "/v1/invoices/statements?period=2026-08", token: admin)

            #expect(first.status == .ok, "\(first.text)")
            #expect(!created.items.isEmpty)
            #expect(created.items.allSatisfy { $0.outcome == "created" })
            #expect(kate.hours == "100.50")
            #expect(try again.decode(Result.self).items.allSatisfy { $0.outcome == "regenerated" })
            // August's statements are approved or paid in the demo data: left alone.
            #expect(try august.decode(Result.self).items.allSatisfy { $0.outcome == "skipped" })
            let count = try await app.sql("SELECT count(*)::text FROM invoices WHERE period = '2026-11-01' AND kind = 'statement'")
            #expect(count == [String(created.items.count)])

            #expect(file.headers[.contentType] == XLSXWorkbook.mediaType)
            let cells = try OpenPyXL.cells(of: Data(file.body.readableBytesView))
            #expect(cells[0].prefix(2) == ["Výkaz / Statement", "2026-11"])
            #expect(cells[1].prefix(2) == ["Zaměstnanec / Employee", "Kateřina Nováková"])
            let total = try #require(cells.last)
            #expect(total[0] == "Celkem / Total")
            #expect(Decimal(string: total[3]) == Decimal(string: "100.5"))
            #expect(Decimal(string: total[5]) == Decimal(string: kate.amount!))
        }
    }

    @Test func theXLSXExportReadsBackWithTheRightNumbersInTheRightCells() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.get, "/v1/invoices/export?period=2026-09&format=xlsx", token: admin)

            let cells = try OpenPyXL.cells(of: Data(response.body.readableBytesView))
            #expect(cells[0] == ["employee", "email", "period", "amount", "currency", "invoice_id", "link"])
            let expected = try await app.sql(
                """
                SELECT a.first_name || ' ' || a.last_name || '|' || i.amount::text FROM invoices i JOIN accounts a ON a.id = i.account_id
                WHERE i.period = '2026-09-01' AND i.state = 'approved' ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """
            )
            #expect(cells.count == expected.count + 1)
            for (row, line) in zip(cells.dropFirst(), expected) {
                let parts = line!.split(separator: "|").map(String.init)
                #expect(row[0] == parts[0])
                #expect(Decimal(string: row[3]) == Decimal(string: parts[1]))
                #expect(row[4] == "CZK")
            }
        }
    }

    @Test func hoursForSomeoneWithoutAnEmploymentContractAnswer422() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin,
                                              json: #"{"hours":[{"userId":"\#(Demo.ondrejChalupa)","hours":"10"}]}"#)
            let future = try await app.send(.post, "/v1/invoices/statements?period=2027-01", token: admin)

            #expect(response.status == .unprocessableContent)
            #expect(response.problem?.type == "urn:staffbook:problem:no-statement-contract")
            #expect(future.problem?.type == "urn:staffbook:problem:future-period")
        }
    }
}

