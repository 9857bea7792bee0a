import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// What an outside review and a black-box run of the money path found, one test each: what is
/// approved is what is paid, checks that are never stale or approved over without an override,
/// duplicates seen from both sides and by the right supplier, totals that add up, and no way to
/// pay an invoice twice without being told.
@Suite("Invoices: the money path holds")
struct MoneyPathTests {
    typealias Desk = InvoiceDesk

    private static func detail(_ app: TestContext, _ id: String, _ admin: String) async throws -> (Desk.Detail, String) {
        let response = try await app.send(.get, "/v1/invoices/\(id)", token: admin)
        return (try response.decode(Desk.Detail.self), response.headers[.eTag] ?? "")
    }

    // MARK: What was approved is paid

    @Test func anApprovedInvoicePaidToTheProfilesAccountGoesBackWhenTheAccountChanges() async throws {
        try await TestApp.test { app in
            let (jan, admin, expected) = try await app.jansOctober()
            // A form upload naming no account: the check waits for one; the admin approves over it.
            let uploaded = try await app.upload("2026-10", token: jan, body: Desk.form(["amount": expected.moneyText, "ignoreIsdoc": "true"]))
                .decode(Desk.MyMonth.self)
            let id = try #require(uploaded.invoiceId)
            _ = try await app.sql("UPDATE invoices SET bank_account = NULL WHERE id = '\(id)'")
            let (_, etag) = try await Self.detail(app, id, admin)
            let approved = try await app.send(
                .post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true,"reason":"Účet ověřen telefonicky"}"#,
                headers: [.ifMatch: etag])
            let kept = try await app.sql("SELECT approved_account FROM invoices WHERE id = '\(id)'")

            let changed = try await app.send(
                .put, "/v1/me/billing", token: jan, json: #"{"ico":"12345679","bankAccount":"CZ6508000000192000145399"}"#)
            let (after, _) = try await Self.detail(app, id, admin)

            #expect(approved.status == .ok, "\(approved.text)")
            #expect(kept == ["CZ8808000000002001000001"], "the account on file when it was approved")
            #expect(changed.status == .ok)
            #expect(after.state == "submitted", "a changed account sends the approved invoice back to the desk")
            #expect(after.events.last?.action == "undo-approval" && after.events.last?.reason == "bank account changed after approval")
        }
    }

    // MARK: Checks

    /// Approvals without an override race recomputations that turn the amount check failing.
    /// Whichever commits first, no invoice ends approved over a failing check without an
    /// `approve_override` event: the approval locks the invoice and decides on the checks it
    /// sees, and checks are stored only while an invoice waits for a decision.
    @Test func anApprovalRacingAChecksRecomputeNeverApprovesOverAFailingCheckSilently() async throws {
        try await TestApp.test { app in
            let (jan, admin, expected) = try await app.jansOctober()
            for round in 0..<8 {
                _ = try await app.sql("UPDATE invoices SET state = 'submitted', approved_at = NULL, approved_account = NULL WHERE period = '2026-10-01' AND account_id = '\(Demo.janNovak)'")
                let uploaded = try await app.upload(
                    "2026-10", token: jan, body: Desk.isdocPDF(Desk.jans(expected, number: "FV-R\(round)"))
                ).decode(Desk.MyMonth.self)
                let id = try #require(uploaded.invoiceId)
                let (before, etag) = try await Self.detail(app, id, admin)
                #expect(before.checksSummary?.attention == false, "round \(round) starts clean")
                // The month's rate halves: a recompute now fails the amount check.
                try await app.withDatabase { pool in
                    let checks = InvoiceChecksService(
                        store: PostgresInvoiceRepository(database: pool, logger: TestDatabase.logger), companyIco: "28123450",
                        tolerancePercent: 1, timesheets: PostgresTimesheetRepository(database: pool, logger: TestDatabase.logger))
                    _ = try await app.sql("UPDATE invoices SET amount = amount * 2, amount_without_vat = amount_without_vat * 2 WHERE id = '\(id)'")
                    async let recomputed: [InvoiceCheck] = checks.recompute(invoiceId: UUID(uuidString: id) ?? UUID())
                    async let approval = app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: "{}", headers: [.ifMatch: etag])
                    _ = try await (recomputed, approval)
                }
                let row = try await app.sql(
                    """
                    SELECT state || ':' || needs_attention::text || ':' ||
                           (SELECT count(*) FROM invoice_events e WHERE e.invoice_id = i.id AND e.action = 'approve_override')::text
                    FROM invoices i WHERE id = '\(id)'
                    """)
                let parts = (row.first ?? nil)?.split(separator: ":").map(String.init) ?? []
                #expect(parts.count == 3)
                if parts.first == "approved" {
                    #expect(parts[1] == "false" || parts[2] != "0", "round \(round): approved over a failing check without an override")
                }
            }
        }
    }

    /// Three entries posted back to back: the checks that run while the second and third arrive
    /// run again, so the amount check ends counting all three.
    @Test func aChangeArrivingWhileTheChecksRunCausesAnotherRun() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            _ = try await app.upload("2026-11", token: try await app.token("jan.novak@staffbook.example"))
            try await app.withDatabase { pool in
                let jobs = PostgresJobQueue(database: pool, logger: TestDatabase.logger)
                _ = try await app.sql("DELETE FROM jobs")
                _ = try await app.sql("SELECT queue_invoice_checks('\(Demo.janNovak)', '2026-11-01', now())")
                let claimed = try #require(try await jobs.claim(now: app.clock.now(), worker: "w", leaseUntil: app.clock.now().addingTimeInterval(60), lane: .main))
                #expect(claimed.kind == .invoiceChecks)
                // While it runs, another change of the month arrives.
                _ = try await app.sql("SELECT queue_invoice_checks('\(Demo.janNovak)', '2026-11-01', now())")
                let marked = try await app.sql("SELECT state || ':' || rerun::text FROM jobs WHERE id = '\(claimed.id)'")
                let done = try await jobs.complete(claimed, worker: "w", effects: [], now: app.clock.now())
                let after = try await app.sql("SELECT state || ':' || rerun::text FROM jobs WHERE id = '\(claimed.id)'")

                #expect(marked == ["running:true"])
                #expect(done)
                #expect(after == ["pending:false"], "due again: the change that came meanwhile is counted")
            }
        }
    }

    /// Two recomputes of one invoice's checks that commit in the opposite order (the older one
    /// last): the stored checks are the newer one's (before, the last to commit won).
    @Test func twoRecomputesThatCommitOutOfOrderLeaveTheNewerChecks() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            _ = try await app.upload("2026-11", token: try await app.token("jan.novak@staffbook.example"))
            let invoice = try #require(try await app.sql("SELECT id::text FROM invoices WHERE account_id = '\(Demo.janNovak)' AND period = '2026-11-01'").first ?? nil)
            let id = try #require(UUID(uuidString: invoice))
            try await app.withDatabase { pool in
                let store = PostgresInvoiceRepository(database: pool, logger: TestDatabase.logger)
                let older = try #require(try await store.checksTicket(invoiceId: id))
                let newer = try #require(try await store.checksTicket(invoiceId: id))
                let failing = [InvoiceCheck(.supplier, .fail, code: "missing")]
                let passing = [InvoiceCheck(.supplier, .pass)]
                // The newer computation commits first, the older one after it.
                #expect(try await store.storeChecks(invoiceId: id, checks: passing, computedAs: newer))
                #expect(try await store.storeChecks(invoiceId: id, checks: failing, computedAs: older) == false)
            }
            #expect(
                try await app.sql("SELECT (checks->0->>'status') || '/' || needs_attention::text FROM invoices WHERE id = '\(invoice)'")
                    == ["pass/false"], "the newer result stays")
        }
    }

    // MARK: Duplicates

    @Test func aColleaguesIsdocNamingYourNumberDoesNotMakeYourInvoiceADuplicate() async throws {
        try await TestApp.test(configure: { $0.invoices.companyIco = "28123450" }) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let janOctober = try await app.upload("2026-10", token: jan, body: Desk.isdocPDF(Desk.jans(expected, number: "FV-2026-0042")))
                .decode(Desk.MyMonth.self)
            // Another contractor sends an ISDOC naming Jan's IČO and Jan's number.
            let other = try await app.token("ondrej.chalupa@staffbook.example")
            _ = try await app.send(.put, "/v1/me/billing", token: other, json: #"{"ico":"25596641"}"#)
            var poison = Desk.jans(expected, number: "FV-2026-0042")
            poison.supplierIco = "12345679"
            _ = try await app.upload("2026-10", token: other, body: Desk.isdocPDF(poison))
            let (jans, _) = try await Self.detail(app, try #require(janOctober.invoiceId), admin)

            #expect(jans.checks?["duplicate"]?.status == "pass", "\(String(describing: jans.checks))")
        }
    }

    @Test func aDuplicateIsFlaggedOnBothInvoices() async throws {
        try await TestApp.test(configure: { $0.invoices.companyIco = "28123450" }) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let october = try await app.upload("2026-10", token: jan, body: Desk.isdocPDF(Desk.jans(expected, number: "FV-SAME", symbol: "77")))
                .decode(Desk.MyMonth.self)
            var november = Desk.jans(expected, number: "FV-SAME", symbol: "77")
            (november.issueDate, november.taxPointDate, november.dueDate) = ("2026-11-18", "2026-11-18", "2026-12-02")
            let later = try await app.upload("2026-11", token: jan, body: Desk.isdocPDF(november)).decode(Desk.MyMonth.self)
            let (first, _) = try await Self.detail(app, try #require(october.invoiceId), admin)
            let (second, _) = try await Self.detail(app, try #require(later.invoiceId), admin)

            #expect(first.checks?["duplicate"]?.status == "fail", "the earlier one is flagged too")
            #expect(second.checks?["duplicate"]?.status == "fail")
        }
    }

    // MARK: Totals and files

    @Test func anIsdocWhoseAmountToPayIsAboveItsLinesAndVATIsRefused() async throws {
        try await TestApp.test(configure: { $0.invoices.companyIco = "28123450" }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            var inflated = Desk.jans(7000)
            inflated.payable = "8000.00"
            inflated.inclusive = "7000.00"

            let answer = try await app.upload("2026-10", token: jan, body: Desk.isdocPDF(inflated))

            #expect(answer.status == .unprocessableContent, "\(answer.text)")
            #expect(answer.problem?.type == "urn:staffbook:problem:invalid-isdoc")
            #expect(answer.problem?.errors?.map(\.field) == ["isdoc.total"])
        }
    }

    @Test func anAttachmentNamedAsAnIsdocThatCannotBeReadIsRefusedAndOtherXMLIsIgnored() async throws {
        try await TestApp.test(configure: { $0.invoices.companyIco = "28123450" }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let doctype = #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice xmlns="http://isdoc.cz/namespace/2013"/>"#

            let namedISDOC = try await app.upload(
                "2026-10", token: jan, body: Multipart.upload(file: try ISDOCFixture.pdf(attaching: doctype), fields: ["amount": "100"]))
            let notXML = try await app.upload(
                "2026-10", token: jan, body: Multipart.upload(file: try ISDOCFixture.pdf(attaching: "not xml at all"), fields: ["amount": "100"]))
            let otherXML = try await app.upload(
                "2026-10", token: jan,
                body: Multipart.upload(
                    file: try ISDOCFixture.pdf(attaching: "<CrossIndustryInvoice/>", name: "factur-x.xml"), fields: ["amount": "100"]))

            #expect(namedISDOC.status == .unprocessableContent && namedISDOC.problem?.type == "urn:staffbook:problem:invalid-isdoc")
            #expect(notXML.status == .unprocessableContent && notXML.problem?.type == "urn:staffbook:problem:invalid-isdoc")
            #expect(otherXML.status == .created, "a PDF with another XML attachment stays a PDF: \(otherXML.text)")
        }
    }

    @Test func aWebPageNamedFakturaPdfIsNeitherAPdfNorAnIsdoc() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let page = Data("<!doctype html><html><body>Faktura</body></html>".utf8)

            let answer = try await app.upload("2026-10", token: jan, body: Multipart.upload(file: page, fields: ["amount": "100"]))

            #expect(answer.status == .unsupportedMediaType)
            #expect(answer.problem?.type == "urn:staffbook:problem:not-a-pdf")
        }
    }

    // MARK: Paying twice

    @Test func aRunAtTheBankIsCancelledOnlyWhenTheAdminAffirmsTheBankDidNotPay() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(PaymentDesk.Created.self).run
            _ = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)

            let bare = try await app.send(.post, "/v1/payment-runs/\(run.id)/cancel", token: admin)
            let withoutReason = try await app.send(.post, "/v1/payment-runs/\(run.id)/cancel", token: admin, json: #"{"bankDidNotPay":true}"#)
            let affirmed = try await app.send(
                .post, "/v1/payment-runs/\(run.id)/cancel", token: admin, json: #"{"bankDidNotPay":true,"reason":"Banka dávku odmítla."}"#)

            #expect(bare.status == .badRequest && bare.problem?.errors?.map(\.field) == ["body.bankDidNotPay"])
            #expect(withoutReason.status == .badRequest)
            #expect(affirmed.status == .ok, "\(affirmed.text)")
            let events = try await app.sql("SELECT detail FROM payment_run_events WHERE run_id = '\(run.id)' AND action = 'cancel'")
            #expect(events == ["the bank did not pay what waited: Banka dávku odmítla."])
        }
    }

    @Test func aDebitRepeatingAPaymentAlreadyPaidIsReportedAsAPossibleDoublePayment() async throws {
        struct Twice: Decodable { var line: Int; var invoiceId: String; var run: Int; var paidOn: String }
        struct Import: Decodable { var matched: [PaymentDesk.Matched]; var possibleDoublePayments: [Twice]; var bankUnchecked: Bool? }
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let payable = try #require(payables.first)
            let run = try await app.createRun(admin, ids: [payable.invoiceId]).decode(PaymentDesk.Created.self).run
            _ = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)
            let line = "\(payable.amount):\(payable.symbol):\(payable.account):Supplier"
            let first = try PaymentDesk.statement(id: "STMT-A", payments: [line])
            let again = try PaymentDesk.statement(id: "STMT-B", date: "2026-11-27", payments: [line])

            _ = try await app.importStatement(first, token: admin, confirm: true)
            let second = try await app.importStatement(again, token: admin, confirm: true).decode(Import.self)
            let undo = try await app.send(
                .post, "/v1/invoices/\(payable.invoiceId)/actions/undo-payment", token: admin, json: "{}",
                headers: [.ifMatch: try await Self.detail(app, payable.invoiceId, admin).1])

            #expect(second.matched.isEmpty)
            #expect(second.possibleDoublePayments.map(\.invoiceId) == [payable.invoiceId])
            #expect(second.possibleDoublePayments.first?.paidOn == "2026-11-20")
            #expect(second.bankUnchecked == false, "a camt.053 names the IBAN")
            #expect(undo.status == .badRequest && undo.problem?.errors?.map(\.field) == ["body.reason"], "undoing a payment says why")
        }
    }

    // MARK: Settings

    @Test func anABOCompanyAccountMustBeCzechAndADICsCompanyNumberItsCheckDigit() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")

            let foreign = try await app.send(
                .put, "/v1/settings/payments", token: admin,
                json: #"{"name":"Staffbook s.r.o.","account":"DE89370400440532013000","bic":"COBADEFFXXX","format":"abo"}"#)
            let foreignPain = try await app.send(
                .put, "/v1/settings/payments", token: admin,
                json: #"{"name":"Staffbook s.r.o.","account":"DE89370400440532013000","bic":"COBADEFFXXX","format":"pain001"}"#)
            let badDIC = try await app.send(.put, "/v1/me/billing", token: jan, json: #"{"ico":"12345679","dic":"CZ12345678"}"#)

            #expect(foreign.status == .badRequest && foreign.problem?.errors?.map(\.field) == ["body.account"])
            #expect(foreignPain.status == .ok)
            #expect(badDIC.status == .badRequest && badDIC.problem?.errors?.map(\.field) == ["body.dic"], "\(badDIC.text)")
        }
    }

    // MARK: Currencies

    /// An invoice in euros: its amount check says it cannot be compared with the crowns the
    /// month's rates give; the earnings and the export keep a total per currency; a run of a
    /// crown and a euro invoice is refused as ABO and carries both as pain.001.
    @Test func aEuroInvoiceIsNeverAddedToCrownsNorComparedWithThem() async throws {
        struct Total: Decodable, Equatable { var currency: String; var total: String }
        struct Month: Decodable { var period: String; var amount: String?; var currency: String? }
        struct Earnings: Decodable { var items: [Month]; var totals: [Total]? }
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let jan = try await app.token("jan.novak@staffbook.example")
            let uploaded = try await app.upload(
                "2026-10", token: jan, body: Desk.form(["amount": "1700.00", "currency": "EUR", "bankAccount": "CZ6508000000192000145399"])
            ).decode(Desk.MyMonth.self)
            let october = try #require(uploaded.invoiceId)
            let amountCheck = uploaded.checks?["amount"]
            let (_, etag) = try await Self.detail(app, october, admin)
            _ = try await app.send(
                .post, "/v1/invoices/\(october)/actions/approve", token: admin, json: #"{"override":true,"reason":"Částka v eurech dle smlouvy"}"#,
                headers: [.ifMatch: etag])
            _ = try await app.sql("UPDATE invoices SET needs_attention = false, variable_symbol = '2026101' WHERE id = '\(october)'")
            let september = try #require(payables.first)
            let earnings = try await app.send(.get, "/v1/me/earnings?from=2026-09&to=2026-10", token: jan).decode(Earnings.self)
            let export = try await app.send(.get, "/v1/invoices/export?period=2026-10&format=xlsx", token: admin)
            let cells = try OpenPyXL.cells(of: Data(buffer: export.body))

            let run = try await app.createRun(admin, ids: [september.invoiceId, october]).decode(PaymentDesk.Created.self).run
            let abo = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)
            let pain = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=pain001", token: admin)
            let painText = String(decoding: Data(buffer: pain.body), as: UTF8.self)

            #expect(amountCheck?.status == "needs_confirmation" && amountCheck?.code == "other_currency", "\(String(describing: amountCheck))")
            #expect(earnings.items.first { $0.period == "2026-10" }?.currency == "EUR")
            #expect(earnings.totals?.contains(Total(currency: "EUR", total: "1700.00")) == true, "\(String(describing: earnings.totals))")
            #expect(earnings.totals?.allSatisfy { $0.currency == "EUR" || $0.currency == "CZK" } == true)
            let totals = cells.filter { $0.first == "Celkem / Total" }
            #expect(totals.count == 1 && totals.first?.contains("EUR") == true, "one total per currency: \(totals)")
            #expect(run.totals.map(\.currency).sorted() == ["CZK", "EUR"])
            #expect(abo.status == .unprocessableContent, "ABO carries crowns only")
            #expect(pain.status == .ok && painText.contains(#"Ccy="EUR">1700.00<"#) && painText.contains(#"Ccy="CZK""#))
        }
    }
}
