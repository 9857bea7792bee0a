import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

/// The desk's pay runs through real HTTP: the preview of what goes in and what stays out, a run
/// made once however often its form is sent, its bank file, and cancelling one at the bank only
/// with the admin's word that the bank did not pay.
@Suite("Desk: payment runs")
struct DeskPaymentRunTests {
    @Test func aRunIsPreviewedMadeOnceFromItsFormDownloadedAndCancelledOnlyWithTheBanksWord() async throws {
        try await TestApp.test { app in
            let (_, payables) = try await app.payableSeptember(3)
            let browser = DeskBrowser(app)
            try await browser.signIn("admin@staffbook.example")

            let preview = try await browser.get("/desk/payment-runs")
            let form: KeyValuePairs<String, String> = [
                "csrf": browser.token(of: preview), "key": DeskBrowser.hidden("key", in: preview.text) ?? "",
            ]
            let created = try await browser.post("/desk/payment-runs", form)
            let again = try await browser.post("/desk/payment-runs", form)
            let run = try await browser.get(created.headers[.location] ?? "")
            let runPath = String((created.headers[.location] ?? "").prefix { $0 != "?" })
            let file = try await browser.post(runPath + "/file", ["csrf": browser.token(of: run), "format": "abo"])
            let withoutWord = try await browser.post(runPath + "/cancel", ["csrf": browser.token(of: run), "reason": "Omyl"])
            let state = try await app.sql("SELECT state FROM payment_runs")
            let cancelled = try await browser.post(
                runPath + "/cancel", ["csrf": browser.token(of: run), "bankDidNotPay": "1", "reason": "Banka dávku odmítla"])
            let finalState = try await app.sql("SELECT state FROM payment_runs")

            #expect(preview.status == .ok)
            let previewed = preview.text.components(separatedBy: "<td data-label=\"Bank account\">").count - 1
            #expect(try await app.sql("SELECT count(*)::text FROM payment_run_items") == ["\(previewed)"], "what the preview shows goes in")
            #expect(previewed >= 3)
            #expect(preview.text.contains("no bank account to pay to"), "the rest of September stays out, with why")
            #expect(created.status == .seeOther && again.headers[.location] == created.headers[.location], "one run for one form")
            #expect(try await app.sql("SELECT count(*)::text FROM payment_runs") == ["1"])
            #expect(run.status == .ok && payables.allSatisfy { run.text.contains($0.account) })
            #expect(file.status == .ok && file.headers[.contentDisposition] == "attachment; filename=\"platby-1.abo\"")
            #expect(String(buffer: file.body).hasPrefix("UHL1"))
            #expect(state == ["sent"], "the download is what goes to the bank")
            #expect(withoutWord.status == .badRequest, "refused as the API refuses it")
            #expect(withoutWord.text.contains("Omyl</textarea>"), "what was typed is kept")
            #expect(cancelled.status == .seeOther)
            #expect(finalState == ["cancelled"])
        }
    }

    /// The admin ticks one invoice to wait, forgets why: the page says so by whose invoice it is,
    /// keeping the tick, the day and nothing made; with a reason the run is made without it, every
    /// payment due on the day chosen, and the invoice's page tells why it waits.
    @Test func anInvoiceLeftOutOfARunOnTheDeskNeedsWhyAndTheRunIsPaidOnTheDayChosen() async throws {
        try await TestApp.test { app in
            let (_, payables) = try await app.payableSeptember(3)
            let browser = DeskBrowser(app)
            try await browser.signIn("admin@staffbook.example")
            let waiting = payables[1].invoiceId
            let owner = try #require(
                try await app.sql(
                    "SELECT a.first_name || ' ' || a.last_name FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.id = '\(waiting)'"
                ).first.flatMap { $0 })

            let preview = try await browser.get("/desk/payment-runs")
            let key = DeskBrowser.hidden("key", in: preview.text) ?? ""
            let forgot = try await browser.post(
                "/desk/payment-runs",
                ["csrf": browser.token(of: preview), "key": key, "leave.\(waiting)": "1", "why.\(waiting)": " ", "payOn": "2026-11-27"])
            let noRun = try await app.sql("SELECT count(*)::text FROM payment_runs")
            let past = try await browser.post("/desk/payment-runs", ["csrf": browser.token(of: preview), "key": key, "payOn": "2026-11-02"])
            let created = try await browser.post(
                "/desk/payment-runs",
                [
                    "csrf": browser.token(of: preview), "key": key, "leave.\(waiting)": "1", "why.\(waiting)": "Hodiny se ještě ověřují",
                    "payOn": "2026-11-27",
                ])
            let run = try await browser.get(created.headers[.location] ?? "")
            let items = try await app.sql("SELECT invoice_id::text || ' ' || due_date::text FROM payment_run_items ORDER BY 1").compactMap { $0 }
            let invoice = try await browser.get("/desk/invoices/\(waiting)")

            #expect(forgot.status == .badRequest || forgot.status == .unprocessableContent)
            #expect(forgot.text.contains("Why it waits (\(owner)"), "the missing reason is named by whose invoice it is")
            #expect(forgot.text.contains("name=\"leave.\(waiting)\" value=\"1\" checked"), "the tick is kept")
            #expect(forgot.text.contains("value=\"2026-11-27\""), "the day is kept")
            #expect(noRun == ["0"])
            #expect(past.status == .unprocessableContent || past.status == .badRequest)
            #expect(past.text.contains("from today to a year ahead"))
            #expect(created.status == .seeOther && run.status == .ok)
            let taken = payables.map(\.invoiceId).filter { $0 != waiting }
            #expect(items.filter { $0.hasSuffix(" 2026-11-27") }.count == items.count && items.count >= 2)
            #expect(taken.allSatisfy { id in items.contains { $0.hasPrefix(id) } } && !items.contains { $0.hasPrefix(waiting) })
            #expect(invoice.text.contains("left out of a payment run") && invoice.text.contains("Hodiny se ještě ověřují"))
            #expect(!invoice.text.contains("event."), "no key of a text shows")
        }
    }

    @Test func aWorkerAndATeamLeaderGet404ForEveryPaymentRunPage() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let created = try await app.createRun(admin, ids: payables.map(\.invoiceId))
            let runId = try #require(created.headers[.location]?.split(separator: "/").last.map(String.init))
            for email in ["petra.svobodova@staffbook.example", "lead.mobile@staffbook.example"] {
                let browser = DeskBrowser(app)
                try await browser.signIn(email)
                let token = browser.token(of: try await browser.get("/desk"))

                let answers = [
                    try await browser.get("/desk/payment-runs"),
                    try await browser.get("/desk/payment-runs/\(runId)"),
                    try await browser.post("/desk/payment-runs", ["csrf": token, "key": "k"]),
                    try await browser.post("/desk/payment-runs/\(runId)/file", ["csrf": token, "format": "abo"]),
                    try await browser.post("/desk/payment-runs/\(runId)/cancel", ["csrf": token, "reason": "x"]),
                ]

                #expect(answers.map(\.status) == Array(repeating: .notFound, count: answers.count), "\(email)")
            }
            #expect(try await app.sql("SELECT state FROM payment_runs") == ["draft"])
        }
    }

    @Test func aStatementIsPreviewedThenConfirmedWithoutChoosingItsFileAgainAndPaysTheRun() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(2)
            let run = try await app.createRun(admin, ids: payables.map(\.invoiceId)).decode(PaymentDesk.Created.self).run
            _ = try await app.send(.get, "/v1/payment-runs/\(run.id)/file", token: admin)
            let statement = try PaymentDesk.statement(
                payments: payables.map { "\($0.amount):\($0.symbol):\($0.account):Dodavatel" } + ["5.00:9:CZ6508000000192000145399:Jiný"])
            let browser = DeskBrowser(app)
            try await browser.signIn("admin@staffbook.example")
            let form = try await browser.get("/desk/payment-runs/statements")
            let token = browser.token(of: form)

            let preview = try await browser.postMultipart(
                "/desk/payment-runs/statements",
                [
                    .init(name: "csrf", bytes: Array(token.utf8)),
                    .init(name: "file", filename: "vypis.xml", contentType: "application/xml", bytes: Array(statement)),
                ])
            let paidAfterPreview = try await app.sql(
                "SELECT count(*)::text FROM invoices WHERE state = 'paid' AND id IN ('\(payables[0].invoiceId)', '\(payables[1].invoiceId)')")
            let confirmFields = ["csrf", "confirm", "draft", "digest"].map { name in
                Multipart.Part(name: name, bytes: Array((DeskBrowser.hidden(name, in: preview.text) ?? "").utf8))
            }
            let confirmed = try await browser.postMultipart("/desk/payment-runs/statements", confirmFields)
            let again = try await browser.postMultipart("/desk/payment-runs/statements", confirmFields)
            let tampered = try await browser.postMultipart(
                "/desk/payment-runs/statements",
                confirmFields.map { $0.name == "digest" ? Multipart.Part(name: "digest", bytes: Array(String(repeating: "0", count: 64).utf8)) : $0 })
            let runState = try await app.sql("SELECT state FROM payment_runs")

            #expect(preview.status == .ok && preview.text.contains("Pays these invoices") && preview.text.contains("Not ours"))
            #expect(preview.text.contains("Confirm: they are paid"))
            #expect(paidAfterPreview == ["0"], "a preview pays nothing")
            #expect(confirmed.status == .ok && confirmed.text.contains("Imported: the matched invoices are paid."))
            #expect(runState == ["paid"])
            #expect(again.text.contains("This statement was imported before: nothing changed."))
            #expect(tampered.status == .badRequest && tampered.text.contains("Choose the statement"), "only the bytes previewed are confirmed")
        }
    }
}
