import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

/// The approval desk: each check passing and failing on real uploads through the API, the list
/// of invoices needing attention, approving with an override, and checks recomputed when what
/// they compare changes.
@Suite("Invoices: the approval desk's checks")
struct InvoiceChecksTests {
    typealias Desk = InvoiceDesk

    @Test func anInvoiceThatSaysWhatTheMonthShouldCostPassesEveryCheck() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()

            let month = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(expected))).decode(Desk.MyMonth.self)
            let detail = try await app.send(.get, "/v1/invoices/\(try #require(month.invoiceId))", token: admin).decode(Desk.Detail.self)
            let mine = try await app.send(.get, "/v1/me/invoices?from=2026-10&to=2026-10", token: jan)

            #expect(month.checks?.map(\.kind) == ["amount", "supplier", "customer", "bank_account", "duplicate", "dates", "vat"])
            #expect(month.checks?.allSatisfy { $0.status == "pass" } == true, "\(String(describing: month.checks))")
            #expect(month.checks?["amount"]?.basis == "tracked", "Jan tracks his time")
            #expect(month.checks?["amount"]?.difference == "0.00")
            #expect(detail.checks == month.checks)
            #expect(detail.checksSummary == Desk.Summary(attention: false, failing: [], needsConfirmation: []))
            #expect(mine.text.contains(#""checks":[{"#), "the worker sees their checks in their months")
        }
    }

    @Test func theAmountPassesWithinTheToleranceAndAnInvoiceTenPercentOverIsFlaggedWithTheDifference() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, _, expected) = try await app.jansOctober()
            let within = expected * Decimal(string: "1.005")!
            let over = expected * Decimal(string: "1.1")!

            let close = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(within))).decode(Desk.MyMonth.self)
            let tenPercent = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(over))).decode(Desk.MyMonth.self)

            #expect(close.checks?["amount"]?.status == "pass", "0.5 % is within the default 1 %")
            let amount = try #require(tenPercent.checks?["amount"])
            #expect(amount.status == "fail" && amount.code == "over_tolerance")
            #expect(amount.expected == expected.moneyText)
            #expect(amount.invoiced == over.moneyText)
            #expect(amount.difference == (Decimal(string: over.moneyText)! - expected).moneyText)
            #expect(amount.basis == "tracked")
        }
    }

    @Test func aContractorWhoTracksNothingIsExpectedToInvoiceTheCapacityAtTheRate() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            // Eva Zelená: a contractor tracking no time; her October was invoiced as usual.
            let eva = try await app.token("eva.zelena@staffbook.example")
            let october = try #require(
                try await app.sql(
                    "SELECT amount::text FROM invoices WHERE account_id = '00000000-0000-4000-8000-000000000009' AND period = '2026-10-01'"
                ).first ?? nil)

            let month = try await app.upload("2026-11", token: eva, body: Desk.form(["amount": october])).decode(Desk.MyMonth.self)
            let amount = try #require(month.checks?["amount"])

            #expect(amount.basis == "capacity")
            #expect(amount.expected.flatMap { Decimal(string: $0) }.map { $0 > 0 } == true)
            #expect(amount.invoiced == october)
            #expect(amount.difference == (Decimal(string: october)! - Decimal(string: amount.expected ?? "0")!).moneyText)
            #expect(month.checks?["supplier"]?.code == "missing", "Eva has no IČO on file and sent none")
        }
    }

    @Test func theSupplierMustBeThePersonAndTheCustomerUs() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let own = try await app.upload("2026-10", token: jan, body: Desk.form(["amount": "1", "customerIco": "28123450"])).decode(
                Desk.MyMonth.self)
            let other = try await app.upload(
                "2026-10", token: jan, body: Desk.form(["amount": "1", "supplierIco": "25596641", "customerIco": "45274649"])
            ).decode(Desk.MyMonth.self)
            let unsaid = try await app.upload("2026-10", token: jan, body: Desk.form(["amount": "1"])).decode(Desk.MyMonth.self)

            #expect(own.checks?["supplier"]?.status == "pass" && own.checks?["customer"]?.status == "pass")
            #expect(other.checks?["supplier"].map { [$0.status, $0.code] } == ["fail", "not_the_persons"])
            #expect(other.checks?["customer"].map { [$0.status, $0.code] } == ["fail", "not_ours"])
            #expect(unsaid.checks?["customer"].map { [$0.status, $0.code] } == ["fail", "missing"])
        }
    }

    @Test func aNewBankAccountWaitsForAnAdminsConfirmationAndEachNewOneAgain() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            var isdoc = Desk.jans(expected)
            isdoc.account = ("19-2000145399", "0800")

            let month = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(isdoc)).decode(Desk.MyMonth.self)
            let id = try #require(month.invoiceId)
            let before = try await app.send(.get, "/v1/invoices/\(id)", token: admin)
            let refused = try await app.send(
                .post, "/v1/invoices/\(id)/actions/approve", token: admin, json: "{}", headers: [.ifMatch: before.headers[.eTag]!])
            let byWorker = try await app.send(
                .post, "/v1/invoices/\(id)/bank-account-confirmation", token: jan, headers: [.ifMatch: before.headers[.eTag]!])
            let confirmed = try await app.send(
                .post, "/v1/invoices/\(id)/bank-account-confirmation", token: admin, headers: [.ifMatch: before.headers[.eTag]!])
            let detail = try confirmed.decode(Desk.Detail.self)
            isdoc.account = ("2000145399", "0800")
            let another = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(isdoc)).decode(Desk.MyMonth.self)

            #expect(month.checks?["bank_account"].map { [$0.status, $0.code] } == ["needs_confirmation", "not_on_file"])
            #expect(
                try before.decode(Desk.Detail.self).checksSummary == Desk.Summary(attention: true, failing: [], needsConfirmation: ["bank_account"]))
            #expect(refused.status == .conflict && refused.problem?.type == "urn:staffbook:problem:checks-need-attention")
            #expect(byWorker.status == .notFound)
            #expect(confirmed.status == .ok)
            #expect(detail.checks?["bank_account"]?.status == "pass" && detail.bankAccountConfirmedAt != nil)
            #expect(detail.checksSummary?.attention == false)
            #expect(detail.events.last.map { [$0.action, $0.reason] } == ["confirm_bank_account", "CZ6508000000192000145399"])
            #expect(another.checks?["bank_account"]?.status == "needs_confirmation", "the confirmation was for the account then on the invoice")
            let audit = try await app.sql(
                "SELECT action || ' ' || (changes->'bankAccount'->>'to') FROM audit_log WHERE entity = 'invoice' AND entity_id = '\(id)' AND changes ? 'bankAccount'")
            #expect(audit == ["confirm_bank_account CZ6508000000192000145399"])
        }
    }

    @Test func theSameNumberOrVariableSymbolFromTheSameSupplierIsADuplicate() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let october = try await app.upload(
                "2026-10", token: jan, body: Desk.form(["amount": "1", "number": "FV-1", "variableSymbol": "1001"])
            ).decode(Desk.MyMonth.self)

            var checks: [Desk.Check?] = []
            for (number, symbol) in [("FV-1", "1002"), ("FV-2", "1001"), ("FV-2", "1002")] {
                let november = try await app.upload(
                    "2026-11", token: jan, body: Desk.form(["amount": "1", "number": number, "variableSymbol": symbol])
                ).decode(Desk.MyMonth.self)
                checks.append(november.checks?["duplicate"])
            }

            #expect(october.checks?["duplicate"]?.status == "pass")
            #expect(checks.map { $0?.status } == ["fail", "fail", "pass"])
            #expect(checks[0]?.code == "number_or_symbol" && checks[0]?.otherInvoiceId == october.invoiceId)
            #expect(checks[1]?.otherInvoiceId == october.invoiceId)
        }
    }

    @Test func datesNeedAnIssueInOrAfterTheMonthAndADueDateNotBeforeIt() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            var codes: [String?] = []
            for fields: KeyValuePairs<String, String> in [
                ["amount": "1", "issueDate": "2026-10-31", "dueDate": "2026-11-14"],
                ["amount": "1", "issueDate": "2026-09-30", "dueDate": "2026-10-14"],
                ["amount": "1", "issueDate": "2026-11-02", "dueDate": "2026-11-01"],
                ["amount": "1", "issueDate": "2026-11-02"],
                ["amount": "1"],
            ] {
                let month = try await app.upload("2026-10", token: jan, body: Desk.form(fields)).decode(Desk.MyMonth.self)
                codes.append(month.checks?["dates"].map { $0.status == "pass" ? "pass" : $0.code ?? "?" })
            }

            #expect(codes == ["pass", "issued_before_month", "due_before_issue", "no_due_date", "no_issue_date"])
        }
    }

    @Test func aVATPayerChargesVATAtItsRateAndANonPayerNone() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            // Petra Svobodová: a VAT payer (DIČ CZ76543218 on file).
            let petra = try await app.token("petra.svobodova@staffbook.example")
            func vat(_ token: String, _ fields: KeyValuePairs<String, String>) async throws -> String? {
                let month = try await app.upload("2026-11", token: token, body: Desk.form(fields)).decode(Desk.MyMonth.self)
                return month.checks?["vat"].map { $0.status == "pass" ? "pass" : $0.code ?? "?" }
            }

            let nonPayer = try await vat(jan, ["amount": "42000", "amountWithoutVat": "42000", "vatAmount": "0"])
            let nonPayerCharging = try await vat(jan, ["amount": "50820", "amountWithoutVat": "42000", "vatAmount": "8820", "vatRate": "21"])
            let payer = try await vat(petra, ["amount": "50820", "amountWithoutVat": "42000", "vatAmount": "8820", "vatRate": "21"])
            let payerWrong = try await vat(petra, ["amount": "47000", "amountWithoutVat": "42000", "vatAmount": "5000", "vatRate": "21"])
            let payerNoRate = try await vat(petra, ["amount": "42000"])

            #expect(
                [nonPayer, nonPayerCharging, payer, payerWrong, payerNoRate] == [
                    "pass", "vat_from_non_payer", "pass", "not_the_rate", "no_rate_or_base",
                ])
        }
    }

    @Test func theListShowsEachInvoicesChecksSummaryAndFiltersThoseNeedingAttention() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let good = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(expected))).decode(Desk.MyMonth.self)
            var november = Desk.jans(expected * 3, number: "FV-2026-0043", symbol: "2026043")
            november.dueDate = "2026-11-01"
            let flagged = try await app.upload("2026-11", token: jan, body: try Desk.isdocPDF(november)).decode(Desk.MyMonth.self)

            let october = try await app.send(.get, "/v1/invoices?period=2026-10&q=Novák", token: admin).decode(Desk.List.self)
            let attentionOctober = try await app.send(.get, "/v1/invoices?period=2026-10&attention=true", token: admin).decode(Desk.List.self)
            let attentionNovember = try await app.send(.get, "/v1/invoices?period=2026-11&attention=true", token: admin).decode(Desk.List.self)
            let badFilter = try await app.send(.get, "/v1/invoices?attention=maybe", token: admin)

            let item = try #require(october.items.first { $0.id == good.invoiceId })
            #expect(item.checks == Desk.Summary(attention: false, failing: [], needsConfirmation: []))
            #expect(item.invoiceNumber == "FV-2026-0042" && item.dueDate == "2026-11-16")
            #expect(!attentionOctober.items.contains { $0.id == good.invoiceId })
            #expect(attentionNovember.items.map(\.id) == [flagged.invoiceId])
            #expect(attentionNovember.items.first?.checks == Desk.Summary(attention: true, failing: ["amount", "dates"], needsConfirmation: []))
            #expect(badFilter.status == .badRequest)
        }
    }

    @Test func approvingAnInvoiceWithAFailingCheckTakesAnOverrideWithAReasonShownInTheEvents() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let month = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(expected * Decimal(string: "1.1")!)))
                .decode(Desk.MyMonth.self)
            let id = try #require(month.invoiceId)
            let etag = try await app.send(.get, "/v1/invoices/\(id)", token: admin).headers[.eTag]!

            let plain = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: "{}", headers: [.ifMatch: etag])
            let noReason = try await app.send(
                .post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true}"#, headers: [.ifMatch: etag])
            let overridden = try await app.send(
                .post, "/v1/invoices/\(id)/actions/approve", token: admin,
                json: #"{"override":true,"reason":"Přesčasy v říjnu schválil vedoucí týmu."}"#, headers: [.ifMatch: etag])
            let detail = try overridden.decode(Desk.Detail.self)

            #expect(plain.status == .conflict)
            #expect(plain.problem?.type == "urn:staffbook:problem:checks-need-attention")
            #expect(plain.problem?.errors?.map { [$0.field, $0.code] } == [["checks.amount", "over_tolerance"]])
            #expect(noReason.status == .badRequest && noReason.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(overridden.status == .ok && detail.state == "approved")
            #expect(
                detail.events.last.map { [$0.action, $0.to, $0.reason] } == [
                    "approve_override", "approved", "Přesčasy v říjnu schválil vedoucí týmu.",
                ])
            let audit = try await app.sql(
                "SELECT action || ' ' || coalesce(changes->'state'->>'from', '') || '→' || (changes->'state'->>'to') FROM audit_log WHERE entity = 'invoice' AND entity_id = '\(id)' ORDER BY changed_at, id")
            #expect(audit == ["upload →submitted", "replace submitted→submitted", "approve_override submitted→approved"], "the uploads and the approval, each with its state before and after")
        }
    }

    @Test func bulkApproveSkipsInvoicesWhoseChecksNeedAttentionAndReportsThem() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let good = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(expected))).decode(Desk.MyMonth.self)
            let flagged = try await app.upload("2026-11", token: jan, body: Desk.form(["amount": "1"])).decode(Desk.MyMonth.self)
            let ids = [try #require(good.invoiceId), try #require(flagged.invoiceId)]

            let report = try await app.send(
                .post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"approve","ids":["\#(ids[0])","\#(ids[1])"]}"#)

            #expect(report.status == .ok)
            #expect(report.text.contains(#""done":1"#) && report.text.contains(#""skipped":1"#))
            // The words one invoice's approval answers with.
            #expect(
                report.text.contains(
                    #""reason":"These checks fail or wait for confirmation: amount, customer, dates. Approve with override and a reason, or return the invoice.""#
                ),
                "\(report.text)")
            let states = try await app.sql("SELECT state FROM invoices WHERE id IN ('\(ids[0])', '\(ids[1])') ORDER BY period")
            #expect(states == ["approved", "submitted"])
        }
    }

    @Test func checksAreComputedAgainWhenTheRateTheTrackedTimeOrTheBillingDetailsChange() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, admin, expected) = try await app.jansOctober()
            let month = try await app.upload("2026-10", token: jan, body: try Desk.isdocPDF(Desk.jans(expected))).decode(Desk.MyMonth.self)
            let id = try #require(month.invoiceId)
            func checks() async throws -> [Desk.Check] {
                try await app.send(.get, "/v1/invoices/\(id)", token: admin).decode(Desk.Detail.self).checks ?? []
            }

            try await app.withWorker { worker in
                await worker.tick()
                #expect(try await checks()["amount"]?.status == "pass")

                let raised = try await app.send(
                    .post, "/v1/users/\(Demo.janNovak)/rates", token: admin, json: #"{"amount":"2000","effectiveFrom":"2026-10-01"}"#)
                #expect(raised.status == .created)
                #expect(try await checks()["amount"]?.status == "pass", "not until the worker runs the queued job")
                await worker.tick()
                let afterRaise = try await checks()["amount"]
                #expect(afterRaise?.status == "fail" && afterRaise?.expected != expected.moneyText)

                let removed = try await app.sql(
                    "DELETE FROM hourly_rates WHERE account_id = '\(Demo.janNovak)' AND effective_from = '2026-10-01' RETURNING 'x'")
                #expect(removed == ["x"])
                await worker.tick()
                #expect(try await checks()["amount"]?.status == "pass")

                _ = try await app.sql(
                    "DELETE FROM time_entries WHERE account_id = '\(Demo.janNovak)' AND started_at >= '2026-10-20' AND started_at < '2026-10-23' RETURNING 'x'"
                )
                await worker.tick()
                #expect(try await checks()["amount"]?.status == "fail", "three days less tracked")

                let moved = try await app.send(
                    .put, "/v1/users/\(Demo.janNovak)/billing", token: admin, json: #"{"ico":"12345679","bankAccount":"19-2000145399/0800"}"#)
                #expect(moved.status == .ok)
                await worker.tick()
                #expect(try await checks()["bank_account"]?.status == "needs_confirmation", "the invoice's account is no longer the one on file")
            }
        }
    }
    @Test func aPersonsPendingChecksRunOnceFromTheEarliestMonthAndAnotherPersonsStayTheirs() async throws {
        try await TestApp.test(configure: Desk.configure) { app in
            let (jan, _, _) = try await app.jansOctober()
            let november = try await app.upload("2026-11", token: jan, body: Desk.form(["amount": "1"])).decode(Desk.MyMonth.self)
            #expect(november.invoiceId != nil)
            let other = try #require(
                try await app.sql(
                    "SELECT account_id::text FROM invoices WHERE kind = 'uploaded' AND state <> 'paid' AND account_id <> '\(Demo.janNovak)' LIMIT 1"
                ).first ?? nil)
            _ = try await app.sql("DELETE FROM jobs WHERE kind = 'invoice_checks'")
            _ = try await app.sql("UPDATE invoices SET checks = '[]' WHERE account_id = '\(Demo.janNovak)' AND period >= '2026-10-01'")
            // A month-end's queue for Jan: a job per changed month, the latest first; and another person's.
            for (person, month) in [(Demo.janNovak.lowercasedString, "2026-11"), (Demo.janNovak.lowercasedString, "2026-10"), (other, "2026-09")] {
                _ = try await app.sql(
                    """
                    INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, created_at)
                    VALUES ('invoice_checks', '\(person):\(month)', '{"person":"\(person)","month":"\(month)"}', 'epoch', 10, now())
                    """)
            }

            try await app.withWorker { worker in await worker.tick() }

            let jobs = try await app.sql(
                """
                SELECT concat_ws(' ', CASE WHEN payload->>'person' = '\(Demo.janNovak.lowercasedString)' THEN 'jan' ELSE 'other' END, state,
                       CASE WHEN started_at IS NULL THEN 'absorbed' ELSE 'ran' END, payload->>'month')
                FROM jobs WHERE kind = 'invoice_checks' ORDER BY 1
                """
            ).compactMap { $0 }
            // Jan's two ran as one from October, whichever was claimed first; the other person's
            // ran on its own.
            #expect(jobs.count == 3, "\(jobs)")
            #expect(jobs.contains("jan done ran 2026-10") && jobs.contains("other done ran 2026-09"), "\(jobs)")
            #expect(jobs.filter { $0.hasPrefix("jan done absorbed ") }.count == 1, "\(jobs)")
            let checked = try await app.sql(
                "SELECT count(*) FILTER (WHERE checks <> '[]')::text FROM invoices WHERE account_id = '\(Demo.janNovak)' AND period >= '2026-10-01'")
            #expect(checked == ["2"], "both of Jan's invoices were checked again")
        }
    }
}
