import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Statements from tracked hours")
struct TrackedStatementTests {
    typealias API = TimeAPI

    struct Run: Decodable {
        struct Item: Decodable {
            var userId: String
            var invoiceId: String?
            var outcome: String
        }
        var items: [Item]
    }
    struct Detail: Decodable {
        struct Line: Decodable {
            struct Name: Decodable {
                var cs: String
                var en: String
            }
            var from: String
            var to: String
            var days: Int
            var hours: String
            var rate: String
            var amount: String
            var holiday: Name?
        }
        var amount: String
        var statementHours: String?
        var statementBasis: String?
        var statementLines: [Line]?
    }

    @Test func anEmployeeWhoTrackedTimeIsPaidTheHoursTrackedPerDayAtTheRateOfThatDayWithHolidaysOnTop() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let katerinaId = Demo.id(18)
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            // Kateřina (HPP, 30 h a week, 490 Kč/h) gets 500 Kč/h from 10 November.
            _ = try await app.sql(
                """
                INSERT INTO hourly_rates (account_id, amount, effective_from, set_by, set_at, reason)
                VALUES ('\(katerinaId)', 500, '2026-11-10', '\(Demo.admin)', now(), 'Povýšení')
                """
            )
            for (day, from, to) in [
                ("2026-11-02", "08:00", "16:00"), ("2026-11-03", "09:00", "13:45"),
                ("2026-11-07", "10:00", "11:20"),  // a Saturday: worked, so paid
                ("2026-11-16", "09:00", "10:00"),
            ] {
                let created = try await app.send(
                    .post, "/v1/me/time-entries", token: katerina, json: API.json(projectId: Demo.internalProject, day, from, to))
                #expect(created.status == .created, "\(created.text)")
            }

            let run = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin).decode(Run.self)
            let invoiceId = try #require(run.items.first { $0.userId == katerinaId.uuidString.lowercased() }?.invoiceId)
            let detail = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin).decode(Detail.self)
            let file = try await app.send(.get, "/v1/invoices/\(invoiceId)/file", token: admin)
            let sheet = try OpenPyXL.read(Data(file.body.readableBytesView))

            #expect(detail.statementBasis == "tracked")
            let lines = try #require(detail.statementLines)
            #expect(lines.map(\.from) == ["2026-11-02", "2026-11-16", "2026-11-17"])
            #expect(lines.map(\.to) == ["2026-11-07", "2026-11-16", "2026-11-17"])
            #expect(lines.map(\.days) == [3, 1, 1])
            #expect(lines.map(\.hours) == ["14.08", "1.00", "6.00"], "1 h 20 min is 1.33 h; a holiday counts a capacity day")
            #expect(lines.map(\.rate) == ["490.00", "500.00", "500.00"])
            #expect(lines.map(\.amount) == ["6899.20", "500.00", "3000.00"])
            #expect(lines[2].holiday?.cs == "Den boje za svobodu a demokracii")
            #expect(detail.statementHours == "21.08")
            #expect(detail.amount == "10399.20")
            // The workbook says where the hours went.
            #expect(sheet.row(startingWith: "Projekt / Project") != nil)
            #expect(sheet.row(startingWith: "Staffbook (interní) / Interní")?[3].value == "15.08", "every tracked hour, holidays aside")
        }
    }

    @Test func withoutTrackedTimeTheStatementStaysOnCapacity() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // A running timer is not time worked yet.
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            _ = try await app.send(.post, "/v1/me/timer/start", token: katerina, json: #"{"projectId":"\#(Demo.internalProject)"}"#)

            let run = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin).decode(Run.self)
            let invoiceId = try #require(run.items.first { $0.userId == Demo.id(18).uuidString.lowercased() }?.invoiceId)
            let detail = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin).decode(Detail.self)

            #expect(detail.statementBasis == "capacity")
            #expect(detail.amount == "61740.00")
        }
    }
}
