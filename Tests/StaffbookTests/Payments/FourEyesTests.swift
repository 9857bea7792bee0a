import Foundation
import HTTPTypes
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookPostgres

/// Four eyes on a payment run: its file is released after a second admin approves it.
@Suite("Payments: four eyes")
struct FourEyesTests {
    typealias Desk = PaymentDesk

    struct Approval: Decodable {
        var approvalRequired: Bool
        var approvedBy: String?
        var awaiting: String?
        var actions: [String]
        var state: String
    }

    @Test func theFileWaitsForASecondAdminWhoIsNeverTheCreatorAndTwoApprovingAtOnceApproveOnce() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            let (admin, payables) = try await app.payableSeptember(2)
            let second = try await app.token("lead.web@staffbook.example")
            let created = try await app.createRun(admin, ids: payables.map(\.invoiceId))
            let run = try created.decode(Desk.Created.self).run
            let waiting = try created.decode(PaymentDeskCreated.self).run
            #expect(waiting.approvalRequired && waiting.awaiting == "second_admin" && waiting.actions == ["approve", "cancel"])

            let file = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)
            let link = try await app.send(.post, "/v1/payment-runs/\(run.id)/file-links", token: second, json: "{}")
            let sent = try await app.send(.post, "/v1/payment-runs/\(run.id)/sent", token: second)
            #expect(file.status == .conflict && link.status == .conflict && sent.status == .conflict)
            #expect(try file.decode(ProblemBody.self).type == "urn:staffbook:problem:awaiting-second-admin")

            let own = try await app.send(.post, "/v1/payment-runs/\(run.id)/approval", token: admin)
            let ownType = try own.decode(ProblemBody.self).type
            #expect(own.status == .conflict && ownType == "urn:staffbook:problem:own-payment-run")

            // A third admin, so that two others than the creator approve at once.
            let third = try await app.createAccount(email: "third@staffbook.example", roles: [.admin])
            let thirdToken = try await app.signIn(third.email).accessToken
            async let one = app.send(.post, "/v1/payment-runs/\(run.id)/approval", token: second)
            async let other = app.send(.post, "/v1/payment-runs/\(run.id)/approval", token: thirdToken)
            let answers = try await [one.status, other.status].sorted { $0.code < $1.code }
            #expect(answers == [.ok, .conflict], "one approves, the other is told it waits no more")
            #expect(try await app.sql("SELECT count(*)::text FROM payment_run_events WHERE run_id = '\(run.id)' AND action = 'approve'") == ["1"])

            let approved = try await app.send(.get, "/v1/payment-runs/\(run.id)", token: admin).decode(Approval.self)
            #expect(approved.approvedBy != nil && approved.awaiting == nil && approved.actions == ["send", "cancel"])
            let released = try await app.send(.get, "/v1/payment-runs/\(run.id)/file?format=abo", token: admin)
            #expect(released.status == .ok && String(buffer: released.body).hasPrefix("UHL1"), "the creator downloads it once approved")
            #expect(
                try await app.sql("SELECT count(*)::text FROM audit_log WHERE entity = 'payment_run' AND action = 'approve'") == ["1"])
        }
    }

    @Test func withOneAdminTheRuleStaysAsideUnlessItIsOn() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            let (admin, payables) = try await app.payableSeptember(2)
            _ = try await app.sql("UPDATE accounts SET roles = '{team_leader}' WHERE email = 'lead.web@staffbook.example' RETURNING id::text")
            let run = try await app.createRun(admin, ids: [payables[0].invoiceId]).decode(PaymentDeskCreated.self).run
            #expect(!run.approvalRequired && run.awaiting == nil, "one admin cannot have a second")
        }
        try await TestApp.test(configure: { $0.fourEyes = .on }) { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let run = try await app.createRun(admin, ids: [payables[0].invoiceId]).decode(PaymentDeskCreated.self).run
            #expect(run.approvalRequired && run.awaiting == "second_admin")
        }
    }

    @Test func theDeskShowsTheWaitAndASecondAdminApprovesThere() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let run = try await app.createRun(admin, ids: [payables[0].invoiceId]).decode(Desk.Created.self).run
            let maker = DeskBrowser(app)
            try await maker.signIn("admin@staffbook.example")
            let own = try await maker.get("/desk/payment-runs/\(run.id)")
            #expect(own.text.contains("Waiting for a second admin") && own.text.contains("You made this run"))
            #expect(!own.text.contains("/approve\"") && !own.text.contains("/file\""), "no approve button and no file for the maker")

            let second = DeskBrowser(app)
            try await second.signIn("lead.web@staffbook.example")
            let page = try await second.get("/desk/payment-runs/\(run.id)")
            let approved = try await second.post("/desk/payment-runs/\(run.id)/approve", ["csrf": second.token(of: page)])
            let after = try await second.get(approved.headers[.location] ?? "")
            #expect(approved.status == .seeOther && after.text.contains("Approved by a second admin") && after.text.contains("/file\""))
        }
    }
}

/// The run's approval fields, as the four-eyes tests read them.
struct PaymentDeskCreated: Decodable {
    var run: FourEyesTests.Approval
}

/// Four eyes on an invoice: an approval over failing checks and a changed bank account's
/// confirmation take effect when a second admin agrees.
@Suite("Invoices: four eyes")
struct InvoiceFourEyesTests {
    static let invoice = DeskTests.october

    struct Wait: Decodable {
        struct Person: Decodable { var name: String }
        var what: String
        var askedBy: Person
        var reason: String?
    }

    struct Detail: Decodable {
        var state: String
        var awaitingSecondAdmin: [Wait]?
    }

    @Test func anApprovalOverFailingChecksWaitsForASecondAdminWhoAgreesByApprovingToo() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            try await app.seedDemo()
            _ = try await app.sql(
                """
                UPDATE invoices SET needs_attention = true, checks = '[{"kind":"supplier","status":"fail","code":"missing"}]'
                WHERE id = '\(Self.invoice)' RETURNING id::text
                """)
            let first = try await app.token("admin@staffbook.example")
            let second = try await app.token("lead.web@staffbook.example")
            let path = "/v1/invoices/\(Self.invoice)/actions/approve"
            let asked = try await app.send(
                .post, path, token: first, json: #"{"override":true,"reason":"Dodavatel ověřen"}"#, headers: [.ifMatch: "*"])
            let waiting = try asked.decode(Detail.self)
            #expect(asked.status == .accepted && waiting.state == "submitted", "only requested: 202, not 200 (\(asked.text))")
            #expect(waiting.awaitingSecondAdmin?.first?.what == "override" && waiting.awaitingSecondAdmin?.first?.askedBy.name == "Alena Dvořáková")
            #expect(waiting.awaitingSecondAdmin?.first?.reason == "Dodavatel ověřen")
            let again = try await app.send(.post, path, token: first, json: #"{"override":true,"reason":"Znovu"}"#, headers: [.ifMatch: "*"])
            let againType = try again.decode(ProblemBody.self).type
            #expect(again.status == .conflict && againType == "urn:staffbook:problem:own-request")
            let owner = try await app.send(.get, "/v1/invoices/\(Self.invoice)", token: second).decode(Detail.self)
            #expect(owner.awaitingSecondAdmin?.count == 1, "the second admin sees what waits for them")
            let desk = DeskBrowser(app)
            try await desk.signIn("lead.web@staffbook.example")
            let month = try await desk.get("/desk/invoices?period=2026-10")
            let page = try await desk.get("/desk/invoices/\(Self.invoice)")
            #expect(month.text.contains("<h2 id=\"waits\">Waiting for a second admin</h2>") && month.text.contains("approve over failing checks, Alena Dvořáková"))
            #expect(page.text.contains("Dodavatel ověřen") && page.text.contains("Agree by doing the same below."))
            let counted = try await app.withDatabase { pool in
                try await PostgresMonthEndRepository(database: pool, logger: TestDatabase.logger).secondAdminWaits(now: app.clock.now())
            }
            var payload = NotificationPayload(period: "2026-10")
            payload.secondAdminWaits = counted
            let digest = try NotificationRenderer(links: AccountLinks(secret: TestApp.signingKey.secret, linkBase: "staffbook://")).render(
                NotificationRecord(
                    id: UUID(), accountId: nil, kind: .missingInvoicesDigest, payload: payload, state: .pending, channel: nil,
                    createdAt: app.clock.now(), sentAt: nil), recipient: nil, language: .en)
            #expect(counted == 1 && digest.text.contains("Waiting for a second admin (approvals over failing checks, bank accounts, payment runs): 1."))

            let agreed = try await app.send(.post, path, token: second, json: #"{"override":true,"reason":"Souhlasím"}"#, headers: [.ifMatch: "*"])
            let approved = try agreed.decode(Detail.self)
            #expect(agreed.status == .ok && approved.state == "approved" && approved.awaitingSecondAdmin == nil)
            #expect(
                try await app.sql(
                    "SELECT string_agg(action, ',' ORDER BY id) FROM audit_log WHERE entity = 'invoice' AND entity_id = '\(Self.invoice)'")
                    == ["approve_override_requested,approve_override"])
            #expect(try await app.sql("SELECT count(*)::text FROM invoices WHERE override_requested_by IS NOT NULL") == ["0"])
        }
    }

    @Test func aChangedBankAccountIsConfirmedWhenASecondAdminConfirmsItToo() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            try await app.seedDemo()
            _ = try await app.sql(
                "UPDATE invoices SET bank_account = 'CZ6508000000192000145399' WHERE id = '\(Self.invoice)' RETURNING id::text")
            let first = try await app.token("admin@staffbook.example")
            let second = try await app.token("lead.web@staffbook.example")
            let path = "/v1/invoices/\(Self.invoice)/bank-account-confirmation"
            let asked = try await app.send(.post, path, token: first, json: "{}", headers: [.ifMatch: "*"])
            let waiting = try asked.decode(Detail.self)
            let own = try await app.send(.post, path, token: first, json: "{}", headers: [.ifMatch: "*"])
            #expect(asked.status == .accepted && waiting.awaitingSecondAdmin?.first?.what == "bank_account", "\(asked.text)")
            #expect(own.status == .conflict)
            #expect(try await app.sql("SELECT (bank_account_confirmed_at IS NULL)::text FROM invoices WHERE id = '\(Self.invoice)'") == ["true"])
            let confirmed = try await app.send(.post, path, token: second, json: "{}", headers: [.ifMatch: "*"])
            let after = try confirmed.decode(Detail.self)
            #expect(confirmed.status == .ok && after.awaitingSecondAdmin == nil)
            #expect(
                try await app.sql("SELECT bank_account_confirmed_by::text FROM invoices WHERE id = '\(Self.invoice)'")
                    == [Demo.webLead.uuidString.lowercased()])
        }
    }
}
