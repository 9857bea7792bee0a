import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Payments: runs, bank files and statements")
struct PaymentRunTests {
    typealias Desk = PaymentDesk

    @Test func aRunTakesTheApprovedInvoicesAndListsWhyOthersStayOutOnceEvenWhenRetried() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(3)
            let flagged = try #require(
                try await app.sql(
                    "SELECT id::text FROM invoices WHERE state = 'approved' AND kind = 'uploaded' AND period = '2026-09-01' ORDER BY id OFFSET 3 LIMIT 1"
                ).first.flatMap { $0 })
            _ = try await app.sql(
                "UPDATE invoices SET needs_attention = true, bank_account = 'CZ8808000000002001000001' WHERE id = '\(flagged)' RETURNING id::text")
            let submitted = try #require(
                try await app.sql("SELECT id::text FROM invoices WHERE state = 'submitted' AND kind = 'uploaded' LIMIT 1").first.flatMap { $0 })
            let ids = payables.map(\.invoiceId) + [flagged, submitted, "not-an-id"]

            let first = try await app.createRun(admin, ids: ids, key: "run-september")
            let retried = try await app.createRun(admin, ids: ids, key: "run-september")
            let created = try first.decode(Desk.Created.self)
            let again = try retried.decode(Desk.Created.self)
            let second = try await app.createRun(admin, ids: payables.map(\.invoiceId))

            #expect(first.status == .created && retried.status == .created)
            #expect(first.headers[.location] == "/v1/payment-runs/\(created.run.id)")
            #expect(again.run.id == created.run.id, "a retry with the same key gets the same run")
            #expect(Set(created.run.items.map(\.invoiceId)) == Set(payables.map(\.invoiceId)))
            #expect(created.run.items.allSatisfy { $0.state == "pending" })
            let total = payables.reduce(Decimal()) { $0 + Decimal(string: $1.amount)! }
            #expect(created.run.totals == [.init(currency: "CZK", count: 3, total: total.moneyText)])
            #expect(created.run.state == "draft" && created.run.actions == ["send", "cancel"])
            #expect(
                created.excluded.sorted { $0.invoiceId < $1.invoiceId }
                    == [
                        .init(invoiceId: flagged, reason: "checks_need_attention"), .init(invoiceId: submitted, reason: "not_approved"),
                        .init(invoiceId: "not-an-id", reason: "not_found"),
                    ].sorted { $0.invoiceId < $1.invoiceId })
            #expect(second.status == .unprocessableContent)
            let problem = try second.decode(ProblemBody.self)
            #expect(problem.type == "urn:staffbook:problem:nothing-to-pay")
            #expect(problem.errors?.map(\.code) == ["in_open_run", "in_open_run", "in_open_run"])
            let runs = try await app.sql("SELECT count(*)::text FROM payment_runs")
            #expect(runs == ["1"])
            let events = try await app.sql("SELECT action FROM invoice_events WHERE invoice_id = '\(payables[0].invoiceId)' ORDER BY id DESC LIMIT 1")
            #expect(events == ["payment-run"])
        }
    }

    /// An admin leaves one invoice out with why and names the day the bank is to pay: the run
    /// pays the others on that day (in both files), the one left out says why in its history and
    /// waits for the next run; a day in the past, a reason left empty, an invoice listed twice are
    /// refused in words, and nothing is made.
    @Test func anInvoiceLeftOutSaysWhyAndTheRunIsPaidOnTheDayAsked() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(3)
            let ids = payables.map(\.invoiceId)
            let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
            func create(_ extra: String) async throws -> TestResponse {
                try await app.send(.post, "/v1/payment-runs", token: admin, json: #"{"invoiceIds":[\#(list)]\#(extra)}"#)
            }

            let past = try await create(#","payOn":"2026-11-01""#)
            let empty = try await create(#","leaveOut":[{"invoiceId":"\#(ids[0])","reason":"  "}]"#)
            let twice = try await create(#","leaveOut":[{"invoiceId":"\#(ids[0])","reason":"a"},{"invoiceId":"\#(ids[0])","reason":"b"}]"#)
            let nothingMade = try await app.sql("SELECT count(*)::text FROM payment_runs")
            let made = try await create(#","leaveOut":[{"invoiceId":"\#(ids[2])","reason":"Disputed hours; paid next month."}],"payOn":"2026-11-25""#)
            let created = try made.decode(Desk.Created.self)
            let pain = try await app.send(.get, "/v1/payment-runs/\(created.run.id)/file?format=pain001", token: admin)
            let abo = try await app.send(.get, "/v1/payment-runs/\(created.run.id)/file?format=abo", token: admin)
            let history = try await app.sql(
                "SELECT action || ': ' || reason FROM invoice_events WHERE invoice_id = '\(ids[2])' ORDER BY id DESC LIMIT 1")
            let next = try await app.createRun(admin, ids: [ids[2]]).decode(Desk.Created.self)

            for refused in [past, empty, twice] { #expect(refused.status == .unprocessableContent || refused.status == .badRequest) }
            #expect(try past.decode(ProblemBody.self).errors?.map(\.field) == ["body.payOn"])
            #expect(try past.decode(ProblemBody.self).errors?.map(\.code) == ["out_of_range"])
            #expect(try empty.decode(ProblemBody.self).errors?.map(\.field) == ["body.leaveOut[0].reason"])
            #expect(try twice.decode(ProblemBody.self).errors?.map(\.code) == ["duplicate"])
            #expect(nothingMade == ["0"], "a refused request makes no run")
            #expect(made.status == .created)
            #expect(Set(created.run.items.map(\.invoiceId)) == Set(ids.prefix(2)))
            #expect(created.run.items.allSatisfy { $0.dueDate == "2026-11-25" })
            #expect(created.excluded == [.init(invoiceId: ids[2], reason: "left_out", note: "Disputed hours; paid next month.")])
            #expect(history == ["left-out-of-run: run \(created.run.number): Disputed hours; paid next month."])
            let painText = String(decoding: Data(buffer: pain.body), as: UTF8.self)
            #expect(painText.contains("<ReqdExctnDt>2026-11-25</ReqdExctnDt>") && painText.contains("<NbOfTxs>2</NbOfTxs>"))
            let groups = String(decoding: Data(buffer: abo.body), as: UTF8.self).split(separator: "\r\n").filter { $0.hasPrefix("2 ") }
            #expect(groups.count == 1 && groups.allSatisfy { $0.hasSuffix(" 251126") }, "ABO's group is due on the day asked")
            #expect(next.run.items.map(\.invoiceId) == [ids[2]], "the one left out waits for the next run")
        }
    }

    @Test func anInvoiceApprovedOverItsChecksWithAReasonIsPaidOneWhoseChecksFailedLaterIsNot() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(2)
            let (overridden, later) = (payables[0].invoiceId, payables[1].invoiceId)
            _ = try await app.sql("UPDATE invoices SET needs_attention = true WHERE id IN ('\(overridden)', '\(later)') RETURNING id::text")
            _ = try await app.sql(
                """
                INSERT INTO invoice_events (invoice_id, at, action, from_state, to_state, reason)
                SELECT id, approved_at, 'approve_override', 'submitted', 'approved', 'Schváleno vedoucím.' FROM invoices WHERE id = '\(overridden)'
                RETURNING invoice_id::text
                """)

            let created = try await app.createRun(admin, ids: [overridden, later]).decode(Desk.Created.self)

            #expect(created.run.items.map(\.invoiceId) == [overridden])
            #expect(created.excluded == [.init(invoiceId: later, reason: "checks_need_attention")])
        }
    }

    @Test func theFileIsWrittenOnceMarksTheRunSentAndAnInvoiceInTheRunCannotBePaidByHand() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(2)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(Desk.Created.self).run

            let abo = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)
            let aboAgain = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)
            let pain = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=pain001", token: admin)
            let sent = try await app.send(.get, "/v1/payment-runs/\(run.id)", token: admin).decode(Desk.Run.self)
            let detail = try await app.send(.get, "/v1/invoices/\(payables[0].invoiceId)", token: admin)
            let byHand = try await app.send(
                .post, "/v1/invoices/\(payables[0].invoiceId)/actions/mark-paid", token: admin, json: "{}",
                headers: [.ifMatch: detail.headers[.eTag]!]
            )

            #expect(abo.status == .ok && abo.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(abo.headers[.contentDisposition] == "attachment; filename=\"platby-\(run.number).abo\"")
            let aboText = String(decoding: Data(buffer: abo.body), as: UTF8.self)
            #expect(aboText.hasPrefix("UHL1") && aboText.hasSuffix("5 +\r\n"))
            for payable in payables {
                let cents = payable.amount.replacingOccurrences(of: ".", with: "").drop { $0 == "0" }
                #expect(
                    aboText.contains(
                        String(repeating: "0", count: 15 - cents.count) + cents + " " + String(repeating: "0", count: 10 - payable.symbol.count)
                            + payable.symbol))
            }
            #expect(aboAgain.body == abo.body, "the file went to the bank once: the same bytes again")
            let painText = String(decoding: Data(buffer: pain.body), as: UTF8.self)
            #expect(pain.headers[.contentType]?.hasPrefix("application/xml") == true)
            #expect(painText.contains("<NbOfTxs>2</NbOfTxs>") && painText.contains("<IBAN>\(Desk.ourIBAN)</IBAN>"))
            #expect(sent.state == "sent" && sent.events.map(\.action) == ["create", "send"])
            #expect(byHand.status == .conflict)
            #expect(try byHand.decode(ProblemBody.self).type == "urn:staffbook:problem:invoice-in-payment-run")
        }
    }

    @Test func aSignedLinkDownloadsTheKeptFileWithoutAHeaderAndLeavesTheRunADraft() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(Desk.Created.self).run

            struct Link: Decodable {
                var url: String
                var fileId: String
            }
            let made = try await app.send(.post, "/v1/payment-runs/\(run.id)/file-links?format=pain001", token: admin, json: "{}")
            let link = try made.decode(Link.self)
            let opened = try await app.send(.get, link.url, token: nil)
            let state = try await app.sql("SELECT state FROM payment_runs WHERE id = '\(run.id)'")
            let direct = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=pain001", token: admin)

            #expect(made.status == .created)
            #expect(opened.status == .ok && opened.headers[.contentType]?.hasPrefix("application/xml") == true)
            #expect(opened.headers[.contentDisposition] == "attachment; filename=\"platby-\(run.number).xml\"")
            #expect(state == ["draft"], "a link is not the file going to the bank")
            #expect(direct.body == opened.body, "the same kept bytes")
        }
    }

    @Test func cancellingARunFreesItsInvoicesForTheNextAndItsFileIsRefused() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(2)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(Desk.Created.self).run

            let cancelled = try await app.send(.post, "/v1/payment-runs/\(run.id)/cancel", token: admin)
            let file = try await app.send(.get, "/v1/payment-runs/\(run.id)/file", token: admin)
            let again = try await app.send(.post, "/v1/payment-runs/\(run.id)/cancel", token: admin)
            let next = try await app.createRun(admin, ids: payables.map(\.invoiceId))

            #expect(try cancelled.decode(Desk.Run.self).items.map(\.state) == ["cancelled", "cancelled"])
            #expect(file.status == .conflict && again.status == .conflict)
            #expect(next.status == .created)
            #expect(try next.decode(Desk.Created.self).run.items.count == 2)
        }
    }

    @Test(arguments: ["camt053", "gpc"])
    func aStatementPaysExactlyTheMatchedInvoicesAndASecondImportChangesNothing(format: String) async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(3)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(Desk.Created.self).run
            _ = try await app.send(.post, "/v1/payment-runs/\(run.id)/sent", token: admin)
            let (a, b, c) = (payables[0], payables[1], payables[2])
            let statement = try Desk.statement(
                format: format,
                payments: [
                    "\(a.amount):\(a.symbol):\(a.account):Dodavatel A",
                    // The right symbol and account, but one crown short: a person decides.
                    "\(Decimal(string: b.amount)! - 1):\(b.symbol):\(b.account):Dodavatel B",
                    "999.00:77:CZ4520100000001234000008:Někdo jiný",
                ],
                credits: ["1200.00:555:CZ7501000000002000100019:Klient"]
            )
            let mail = "text/plain"

            let preview = try await app.importStatement(
                statement, token: admin, confirm: false, contentType: format == "gpc" ? mail : "application/xml")
            let unchanged = try await app.sql("SELECT state FROM invoices WHERE id = '\(a.invoiceId)'")
            let confirmed = try await app.importStatement(
                statement, token: admin, confirm: true, contentType: format == "gpc" ? mail : "application/xml")
            let repeated = try await app.importStatement(
                statement, token: admin, confirm: true, contentType: format == "gpc" ? mail : "application/xml")

            let previewed = try preview.decode(Desk.Import.self)
            #expect(preview.status == .ok && !previewed.recorded && previewed.statementId == nil)
            #expect(unchanged == ["approved"], "a preview writes nothing")
            let result = try confirmed.decode(Desk.Import.self)
            #expect(result.recorded && !result.repeated && result.lines == 4 && result.format == format)
            #expect(result.matched.map(\.invoiceId) == [a.invoiceId] && result.matched.first?.bookedOn == "2026-11-20")
            #expect(result.partial.map(\.invoiceId) == [b.invoiceId])
            #expect(result.partial.first?.agreeing == ["variable_symbol", "account"])
            #expect(result.unmatched.map(\.direction).sorted() == ["credit", "debit"])
            let states = try await app.sql(
                "SELECT state || ' ' || coalesce(to_char(paid_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD'), '-') FROM invoices WHERE id IN ('\(a.invoiceId)', '\(b.invoiceId)', '\(c.invoiceId)') ORDER BY id = '\(a.invoiceId)' DESC, id"
            )
            #expect(states.first == "paid 2026-11-20")
            #expect(states.dropFirst().allSatisfy { $0 == "approved -" })
            let told = try await app.sql("SELECT kind FROM notifications WHERE payload->>'invoiceId' = '\(a.invoiceId)'")
            #expect(told == ["invoice_paid"])
            let after = try await app.send(.get, "/v1/payment-runs/\(run.id)", token: admin).decode(Desk.Run.self)
            #expect(after.state == "partially_paid")
            #expect(after.items.first { $0.invoiceId == a.invoiceId }?.paidOn == "2026-11-20")
            let again = try repeated.decode(Desk.Import.self)
            #expect(again.repeated && !again.recorded && again.statementId == result.statementId)
            let kept = try await app.sql("SELECT outcome FROM bank_statement_lines ORDER BY line")
            #expect(kept == ["matched", "partial", "unmatched", "unmatched"])
            let paidCount = try await app.sql("SELECT count(*)::text FROM invoice_events WHERE action = 'paid-by-statement'")
            #expect(paidCount == ["1"], "the second import paid nothing again")
        }
    }

    @Test func aRunWhosePaymentsAllAppearBecomesPaid() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(2)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(Desk.Created.self).run
            _ = try await app.send(.get, "/v1/payment-runs/\(run.id)/file", token: admin)
            let statement = try Desk.statement(payments: payables.map { "\($0.amount):\($0.symbol):\($0.account):Dodavatel" })

            let result = try await app.importStatement(statement, token: admin, confirm: true).decode(Desk.Import.self)
            let after = try await app.send(.get, "/v1/payment-runs/\(run.id)", token: admin).decode(Desk.Run.self)
            let cancel = try await app.send(.post, "/v1/payment-runs/\(run.id)/cancel", token: admin)

            #expect(result.matched.count == 2)
            #expect(after.state == "paid" && after.items.allSatisfy { $0.state == "paid" } && after.actions.isEmpty)
            #expect(cancel.status == .conflict, "a paid run cannot be cancelled")
        }
    }

    @Test func aStatementThatIsNotOursOrNotAStatementIsRefusedAndOneOverTheLimitIs413() async throws {
        try await TestApp.test(configure: { $0.http.maxStatementBytes = 4096 }) { app in
            let (admin, _) = try await app.payableSeptember(1)
            let theirs = try Desk.statement(account: "CZ6508000000192000145399", payments: ["10.00:1:CZ8808000000002001000001:X"])
            let entities = Data(
                #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&a;</Document>"#
                    .utf8)
            let big = Data(repeating: 0x20, count: 5000)

            let other = try await app.importStatement(theirs, token: admin, confirm: true)
            let declared = try await app.importStatement(entities, token: admin, confirm: true)
            let oversized = try await app.importStatement(big, token: admin, confirm: true)
            let text = try await app.importStatement(Data("hello".utf8), token: admin, confirm: false, contentType: "text/plain")

            #expect(other.status == .unprocessableContent)
            #expect(try other.decode(ProblemBody.self).type == "urn:staffbook:problem:bank-statement-of-another-account")
            #expect(declared.status == .unprocessableContent)
            #expect(try declared.decode(ProblemBody.self).type == "urn:staffbook:problem:invalid-bank-statement")
            #expect(oversized.status == .contentTooLarge)
            #expect(text.status == .unprocessableContent)
            let kept = try await app.sql("SELECT count(*)::text FROM bank_statements")
            #expect(kept == ["0"])
        }
    }

    @Test func withoutTheCompanysAccountThereIsNoRunAndSettingsAreValidated() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let run = try await app.send(.post, "/v1/payment-runs", token: admin, json: "{}")
            let bad = try await app.send(
                .put, "/v1/settings/payments", token: admin,
                json: #"{"name":"","account":"123/0000","bic":"X","format":"abo","unmatchedAfterDays":0}"#
            )
            let nulls = try await app.send(
                .put, "/v1/settings/payments", token: admin,
                json: #"{"name":"Staffbook s.r.o.","account":"2000100027/2010","bic":null,"format":"abo","unmatchedAfterDays":null}"#
            )
            let good = try await app.send(.put, "/v1/settings/payments", token: admin, json: Desk.settings)

            let problem = try run.decode(ProblemBody.self)
            #expect(run.status == .conflict && problem.type == "urn:staffbook:problem:payments-not-configured")
            #expect(bad.status == .badRequest)
            let fields = try bad.decode(ProblemBody.self).errors?.map(\.field).sorted()
            #expect(fields == ["body.account", "body.bic", "body.name", "body.unmatchedAfterDays"])
            #expect(nulls.status == .ok)
            #expect(String(decoding: Data(buffer: nulls.body), as: UTF8.self).contains(#""unmatchedAfterDays":5"#), "null is the default")
            #expect(good.status == .ok)
            #expect(String(decoding: Data(buffer: good.body), as: UTF8.self).contains(#""account":"CZ2720100000002000100027""#))
        }
    }

    @Test func theMonthEndDigestNamesARunSentFiveDaysAgoThatNoStatementPaid() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(Desk.Created.self).run
            _ = try await app.send(.post, "/v1/payment-runs/\(run.id)/sent", token: admin)
            let sentOn = CalendarDay(app.clock.now())

            let early: [Int] = try await app.withDatabase { pool in
                try await PostgresMonthEndRepository(database: pool, logger: TestDatabase.logger).unpaidRuns(on: sentOn.adding(days: 4))
            }
            let due: [Int] = try await app.withDatabase { pool in
                try await PostgresMonthEndRepository(database: pool, logger: TestDatabase.logger).unpaidRuns(on: sentOn.adding(days: 5))
            }
            let digest = MonthEndService.digest(period: CalendarMonth(year: 2026, month: 10), missing: [], attention: 0)

            #expect(early.isEmpty, "the settings give the bank five days")
            #expect(due == [run.number])
            #expect(digest.unpaidRuns == nil)
        }
    }

    @Test func twoAdminsCreatingRunsAtOnceNeverPutOneInvoiceInTwoOpenRuns() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(3)
            let other = try await app.token("admin@staffbook.example")
            let ids = payables.map(\.invoiceId)

            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<6 {
                    group.addTask { try await app.createRun(index % 2 == 0 ? admin : other, ids: ids).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            let pending = try await app.sql("SELECT count(*)::text FROM payment_run_items WHERE state = 'pending'")
            let perInvoice = try await app.sql(
                "SELECT max(n)::text FROM (SELECT count(*) AS n FROM payment_run_items WHERE state = 'pending' GROUP BY invoice_id) c")
            #expect(pending == ["3"] && perInvoice == ["1"])
            #expect(statuses.filter { $0 == .created }.count >= 1)
            #expect(statuses.allSatisfy { $0 == .created || $0 == .unprocessableContent })
        }
    }
}
