import Foundation
import HTTPTypes
import Testing

@testable import StaffbookCore

/// Weekly capacity is effective-dated: a change made today takes effect from this month's first
/// day, and earlier months are computed with what was in force then. A past month's statement,
/// its report and an approved invoice's checks stay as they were.
@Suite("People: capacity has a history")
struct CapacityHistoryTests {
    struct Run: Decodable { struct Item: Decodable { var userId: String; var amount: String?; var hours: String? }; var items: [Item] }
    struct Report: Decodable { struct Row: Decodable { var key: String; var capacityHours: String? }; var items: [Row] }

    @Test func aPastMonthsStatementAndReportDoNotMoveWhenTodaysCapacityChanges() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Kateřina Nováková, HPP 30 h a week.
            let katerina = Demo.id(18).uuidString.lowercased()
            func october() async throws -> (Run.Item?, String?) {
                let run = try await app.send(.post, "/v1/invoices/statements?period=2026-10", token: admin).decode(Run.self)
                let report = try await app.send(.get, "/v1/reports/time?from=2026-10-01&to=2026-10-31&groupBy=person", token: admin)
                    .decode(Report.self)
                return (run.items.first { $0.userId == katerina }, report.items.first { $0.key == katerina }?.capacityHours)
            }
            func november() async throws -> String? {
                try await app.send(.get, "/v1/reports/time?from=2026-11-01&to=2026-11-30&groupBy=person", token: admin).decode(Report.self)
                    .items.first { $0.key == katerina }?.capacityHours
            }
            let (before, capacityBefore) = try await october()
            let novemberBefore = try await november()
            let profile = try await app.send(.get, "/v1/users/\(katerina)", token: admin)

            // Today is in November: from November on she works 20 hours a week.
            let changed = try await app.send(
                .patch, "/v1/users/\(katerina)", token: admin, json: #"{"capacityHoursPerWeek":20}"#,
                headers: [.ifMatch: profile.headers[.eTag] ?? ""])
            let (after, capacityAfter) = try await october()
            let novemberAfter = try await november()
            let history = try await app.sql(
                "SELECT to_char(effective_from, 'YYYY-MM') || '=' || coalesce(hours::text, '') FROM capacity_changes WHERE account_id = '\(katerina)' ORDER BY 1")

            #expect(changed.status == .ok, "\(changed.text)")
            #expect(before?.amount != nil && after?.amount == before?.amount, "October's statement: \(String(describing: before)) → \(String(describing: after))")
            #expect(after?.hours == before?.hours)
            #expect(capacityBefore != nil && capacityAfter == capacityBefore, "October's capacity in the report")
            #expect(novemberAfter != novemberBefore, "November follows the change")
            #expect(history == ["1900-01=30.0", "2026-11=20.0"])
        }
    }

    @Test func anInvoicesExpectedAmountIsComputedWithTheCapacityOfItsMonth() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // A contractor who tracked no time in September: the expectation is capacity at the rate.
            struct Created: Decodable { var id: String }
            let created = try await app.send(.post, "/v1/users", token: admin, json: """
                {"email":"vera.kapacitni@staffbook.example","firstName":"Věra","lastName":"Kapacitní","capacityHoursPerWeek":40,
                 "contract":{"type":"ICO","validFrom":"2026-06-01"},"rate":{"amount":"500","effectiveFrom":"2026-06-01"}}
                """).decode(Created.self)
            _ = try await app.sql(
                "UPDATE accounts SET password_hash = (SELECT password_hash FROM accounts WHERE email = 'admin@staffbook.example') WHERE id = '\(created.id)'")
            let vera = try await app.token("vera.kapacitni@staffbook.example")
            let first = try await app.upload("2026-09", token: vera, body: InvoiceDesk.form(["amount": "1"])).decode(InvoiceDesk.MyMonth.self)
            let expected = first.checks?["amount"]?.expected
            let profile = try await app.send(.get, "/v1/users/\(created.id)", token: admin)
            _ = try await app.send(
                .patch, "/v1/users/\(created.id)", token: admin, json: #"{"capacityHoursPerWeek":10}"#,
                headers: [.ifMatch: profile.headers[.eTag] ?? ""])
            let again = try await app.upload("2026-09", token: vera, body: InvoiceDesk.form(["amount": "2"])).decode(InvoiceDesk.MyMonth.self)

            #expect(expected != nil && again.checks?["amount"]?.expected == expected, "\(String(describing: expected)) → \(String(describing: again.checks?["amount"]?.expected))")
        }
    }
}
