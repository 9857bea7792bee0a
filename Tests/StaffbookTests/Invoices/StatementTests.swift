import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Staffbook

@Suite("Statements and exports")
struct StatementTests {
    struct Result: Decodable {
        struct Item: Decodable { var userId: String; var invoiceId: String?; var outcome: String; var reason: String?; var hours: String?; var amount: String? }
        var items: [Item]
    }

    @Test func aRateChangeWithinTheMonthPaysEachDayAtItsOwnRate() {
        // 2026-03: 22 working days; capacity 40 h → 8 h a day; the rate changes on Monday 16th.
        let month = CalendarMonth(year: 2026, month: 3)
        let result = StatementCalculator.compute(
            month: month, covered: { _ in true }, weeklyCapacity: 40,
            rates: [(CalendarDay(year: 2025, month: 1, day: 1), 500), (CalendarDay(year: 2026, month: 3, day: 16), 600)],
            givenHours: nil
        )

        guard case .success(let statement) = result else { Issue.record("\(result)"); return }
        // 1–13 March: 10 working days × 8 h × 500 = 40 000; 16–31: 12 days × 8 h × 600 = 57 600.
        #expect(statement.segments.map(\.workingDays) == [10, 12])
        #expect(statement.segments.map(\.amount) == [40000, 57600])
        #expect(statement.hours == 176)
        #expect(statement.amount == 97600)
        #expect(statement.rate == Decimal(string: "554.55"))
    }

    @Test func givenHoursAreSpreadOverTheWorkingDaysUnderTheContract() {
        // DPP from 2026-03-23: 7 working days (23–27, 30, 31); 21 hours given → 3 h a day at 300.
        let result = StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 3), covered: { $0 >= CalendarDay(year: 2026, month: 3, day: 23) },
            weeklyCapacity: 10, rates: [(CalendarDay(year: 2026, month: 1, day: 1), 300)], givenHours: 21
        )

        guard case .success(let statement) = result else { Issue.record("\(result)"); return }
        #expect(statement.segments.map(\.workingDays) == [7])
        #expect(statement.amount == 6300)
        #expect(StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 3), covered: { _ in true }, weeklyCapacity: 10, rates: [], givenHours: nil
        ) == .failure(.noRate(CalendarDay(year: 2026, month: 3, day: 2))))
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

@Suite("Invoice state machine")
struct InvoiceWorkflowTests {
    @Test(arguments: [
        (InvoiceState?.none, InvoiceAction.upload, InvoiceActor.owner, InvoiceState?.some(.submitted)),
        (.submitted, .replace, .owner, .submitted),
        (.returned, .replace, .owner, .submitted),
        (.approved, .replace, .owner, nil),
        (.paid, .replace, .owner, nil),
        (.submitted, .approve, .admin, .approved),
        (.submitted, .return, .admin, .returned),
        (.approved, .return, .admin, .returned),
        (.approved, .markPaid, .admin, .paid),
        (.approved, .undoApproval, .admin, .submitted),
        (.paid, .undoPayment, .admin, .approved),
        (.submitted, .markPaid, .admin, nil),
        (.returned, .approve, .admin, nil),
        (.paid, .return, .admin, nil),
        (.submitted, .approve, .owner, nil),
    ])
    func theTableDecidesEveryTransition(from: InvoiceState?, action: InvoiceAction, actor: InvoiceActor, to: InvoiceState?) {
        let result = InvoiceWorkflow.apply(action, to: from, kind: .uploaded, by: actor)

        switch (result, to) {
        case (.success(let state), let expected?): #expect(state == expected)
        case (.failure, nil): break
        default: Issue.record("\(String(describing: from)) \(action) by \(actor) gave \(result)")
        }
    }

    @Test func actionsAreNamedAsActionsForEachState() {
        #expect(InvoiceWorkflow.allowedActions(state: nil, kind: .uploaded, actors: [.owner]) == [.upload])
        #expect(InvoiceWorkflow.allowedActions(state: .submitted, kind: .uploaded, actors: [.admin]) == [.approve, .return])
        #expect(InvoiceWorkflow.allowedActions(state: .approved, kind: .uploaded, actors: [.admin]) == [.return, .markPaid, .undoApproval])
        #expect(InvoiceWorkflow.allowedActions(state: .submitted, kind: .statement, actors: [.owner]) == [])
        #expect(InvoiceWorkflow.allowedActions(state: .paid, kind: .uploaded, actors: [.owner, .admin]) == [.undoPayment])
    }
}
