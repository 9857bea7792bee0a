import Foundation
import HTTPTypes
import HummingbirdBcrypt
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// The four-eyes rule tested against the admin it checks: Alena, one admin with every power an
/// admin has (making admins, removing them, erasing, second factors, personal tokens), tries each
/// way an outside probe used to get a payment run's file, an approval over failing checks or a
/// changed bank account's confirmation without Zuzana, the company's other admin, agreeing.
@Suite("Payments: four eyes against one admin", .tags(.fifthProbe))
struct FourEyesAgainstOneAdminTests {
    static let alena = "admin@staffbook.example"
    static let zuzana = "lead.web@staffbook.example"
    static let failing = DeskTests.october

    struct Profile: Decodable {
        struct Pending: Decodable {
            struct Asker: Decodable { var name: String }
            var id: String
            var change: String
            var askedBy: Asker
        }
        var id: String
        var roles: [String]
        var active: Bool
        var awaitingSecondAdmin: [Pending]?
    }

    struct Pending: Decodable {
        var id: String
        var change: String
        var personId: String
    }

    /// A run of Alena's waiting for a second admin, with its id.
    static func waitingRun(_ app: TestContext) async throws -> (alena: String, run: String) {
        let (alena, payables) = try await app.payableSeptember(1)
        let created = try await app.createRun(alena, ids: [payables[0].invoiceId])
        let run = try created.decode(PaymentDeskCreated.self).run
        guard run.approvalRequired else { throw TestFailure("the run was made without the rule: \(created.text)") }
        let id = try created.decode(PaymentDesk.Created.self).run.id
        return (alena, id)
    }

    /// Whether anything left on one admin's word: a run approved or its file fetched, an
    /// invoice approved over its failing checks, a changed account confirmed.
    static func nothingLeft(_ app: TestContext) async throws -> [String] {
        var found: [String] = []
        let checks: [(String, String)] = [
            ("a run approved", "SELECT count(*)::text FROM payment_runs WHERE approved_by IS NOT NULL"),
            ("a run made without the rule", "SELECT count(*)::text FROM payment_runs WHERE NOT approval_required"),
            ("a run's file written", "SELECT count(*)::text FROM payment_run_files"),
            ("a run sent", "SELECT count(*)::text FROM payment_runs WHERE state <> 'draft' AND state <> 'cancelled'"),
            ("an approval over checks", "SELECT count(*)::text FROM invoice_events WHERE action = 'approve_override'"),
            ("an account confirmed", "SELECT count(*)::text FROM invoices WHERE bank_account_confirmed_by IS NOT NULL"),
        ]
        for (what, query) in checks where try await app.sql(query) != ["0"] { found.append(what) }
        return found
    }

    /// Zuzana is still an active admin with her second factor, Karel (who left) is not erased.
    static func zuzanaStands(_ app: TestContext) async throws -> Bool {
        try await app.sql(
            "SELECT (is_active AND 'admin' = ANY (roles) AND admin_since IS NOT NULL)::text FROM accounts WHERE id = '\(Demo.webLead)'")
            == ["true"]
    }

    /// An account Alena made for a mailbox she reads: she sets its password from the invitation.
    static func takeOver(_ app: TestContext, email: String) async throws -> String {
        let hash = Bcrypt.hash(TestContext.password, cost: 4)
        _ = try await app.sql("UPDATE accounts SET password_hash = '\(hash)' WHERE email = '\(email)' RETURNING id::text")
        return try await app.signIn(email).accessToken
    }

    static func newPerson(_ email: String, roles: String) -> String {
        """
        {"email":"\(email)","firstName":"Petr","lastName":"Druhý","roles":[\(roles)],
         "contract":{"type":"ICO","validFrom":"2026-01-01"},"rate":{"amount":"1000","effectiveFrom":"2026-01-01"}}
        """
    }

    @Test func deactivatingOrDemotingTheOtherAdminWaitsForThemAndTheRunStillWaits() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            let (alena, run) = try await Self.waitingRun(app)
            let deactivated = try await app.send(.post, "/v1/users/\(Demo.webLead)/deactivate", token: alena)
            let waiting = try deactivated.decode(Profile.self)
            #expect(deactivated.status == .accepted && waiting.active, "\(deactivated.text)")
            #expect(waiting.awaitingSecondAdmin?.map(\.change) == ["deactivate_admin"])
            #expect(waiting.awaitingSecondAdmin?.first?.askedBy.name == "Alena Dvořáková")
            let again = try await app.send(.post, "/v1/users/\(Demo.webLead)/deactivate", token: alena)
            #expect(again.status == .conflict && again.problem?.type == "urn:staffbook:problem:own-request", "never her own second")

            let demoted = try await app.send(
                .patch, "/v1/users/\(Demo.webLead)", token: alena, json: #"{"roles":["worker","team_leader"],"position":"Vedoucí webu"}"#,
                headers: [.ifMatch: "*"])
            let kept = try demoted.decode(Profile.self)
            #expect(demoted.status == .accepted && kept.roles.contains("admin"), "the role stays while it waits: \(demoted.text)")
            #expect(try await app.sql("SELECT position FROM accounts WHERE id = '\(Demo.webLead)'") == ["Vedoucí webu"], "the rest is written")
            #expect(try await Self.zuzanaStands(app))

            let file = try await app.send(.get, "/v1/payment-runs/\(run)/file?format=abo", token: alena)
            let own = try await app.send(.post, "/v1/payment-runs/\(run)/approval", token: alena)
            #expect(file.status == .conflict && own.status == .conflict)
            #expect(try await Self.nothingLeft(app) == [])

            // Every other admin heard of each request at once, by e-mail.
            #expect(
                try await app.sql(
                    "SELECT string_agg(payload->>'decision', ',' ORDER BY payload->>'decision') FROM notifications WHERE kind = 'second_admin_requested' AND account_id = '\(Demo.webLead)'"
                ) == ["deactivate_admin,revoke_admin"])
            let listed = try await app.send(.get, "/v1/pending-admin-changes", token: try await app.token(Self.zuzana))
            struct List: Decodable { var items: [Pending] }
            #expect(try listed.decode(List.self).items.map(\.change).sorted() == ["deactivate_admin", "revoke_admin"])

            // Zuzana agrees to step down as an admin: then, and only then, it takes effect.
            let zuzana = try await app.token(Self.zuzana)
            let agreed = try await app.send(
                .patch, "/v1/users/\(Demo.webLead)", token: zuzana, json: #"{"roles":["worker","team_leader"]}"#, headers: [.ifMatch: "*"])
            let stepped = try agreed.decode(Profile.self)
            #expect(agreed.status == .ok && !stepped.roles.contains("admin"), "\(agreed.text)")
            #expect(
                try await app.sql(
                    "SELECT changes->'askedBy'->>'to' FROM audit_log WHERE subject_id = '\(Demo.webLead)' AND action = 'update' AND changes ? 'roles'"
                ) == [Demo.admin.lowercasedString], "the history names who asked")
            // With one admin left the rule stays engaged: Alena's next run waits as the first did.
            let (_, payables) = (alena, try await app.sql("SELECT id::text FROM invoices WHERE state = 'approved' AND kind = 'uploaded' AND period = '2026-08-01' LIMIT 1"))
            if let next = payables.first.flatMap({ $0 }) {
                _ = try await app.sql("UPDATE invoices SET bank_account = 'CZ6508000000192000145399', needs_attention = false WHERE id = '\(next)' RETURNING id::text")
                let second = try await app.createRun(alena, ids: [next])
                #expect(try second.decode(PaymentDeskCreated.self).run.approvalRequired, "removing admins never turns the rule off")
            }
        }
    }

    @Test func anAdminOneAdminMakesIsNotTheirSecondAndWaitsAWeekAfterTheGrant() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            let (alena, run) = try await Self.waitingRun(app)
            let created = try await app.send(.post, "/v1/users", token: alena, json: Self.newPerson("druhy@staffbook.example", roles: #""admin""#))
            let person = try created.decode(Profile.self)
            #expect(created.status == .accepted && !person.roles.contains("admin") && created.headers[.location] != nil, "\(created.text)")
            #expect(person.awaitingSecondAdmin?.map(\.change) == ["grant_admin"])
            #expect(
                try await app.sql("SELECT changes->'roles'->>'to' FROM audit_log WHERE subject_id = '\(person.id)' AND action = 'create'")
                    == ["worker"], "the history says what the person was created with")
            // She reads the invitation and signs in as him: he is no admin, and cannot agree.
            let petr = try await Self.takeOver(app, email: "druhy@staffbook.example")
            #expect(try await app.send(.post, "/v1/payment-runs/\(run)/approval", token: petr).status == .notFound)
            let selfGrant = try await app.send(
                .patch, "/v1/users/\(person.id)", token: petr, json: #"{"roles":["worker","admin"]}"#, headers: [.ifMatch: "*"])
            #expect(selfGrant.status == .notFound)
            #expect(try await Self.nothingLeft(app) == [])

            // Zuzana agrees (from the desk's button, as a second admin would): now he is an admin,
            // and still not a second pair of eyes until a week has passed.
            let desk = DeskBrowser(app)
            try await desk.signIn(Self.zuzana)
            let page = try await desk.get("/desk/people/\(person.id)")
            #expect(page.text.contains("Make an admin") && page.text.contains("Alena Dvořáková") && page.text.contains("Agree as the second admin"))
            let changeId = try #require(person.awaitingSecondAdmin?.first?.id)
            let agreed = try await desk.post("/desk/people/\(person.id)/pending/\(changeId)/agree", ["csrf": desk.token(of: page)])
            let after = try await desk.get(agreed.headers[.location] ?? "")
            #expect(agreed.status == .seeOther && after.text.contains("you agreed as the second admin"), "\(after.text.prefix(2000))")
            let petrAdmin = try await app.signIn("druhy@staffbook.example").accessToken
            let tooNew = try await app.send(.post, "/v1/payment-runs/\(run)/approval", token: petrAdmin)
            #expect(tooNew.status == .conflict && tooNew.problem?.type == "urn:staffbook:problem:not-a-second-admin", "\(tooNew.text)")
            #expect(tooNew.problem?.detail.contains("second pair of eyes from") == true)
            #expect(try await Self.nothingLeft(app) == [])
            app.clock.advance(by: 7 * 86_400 + 60)
            let approved = try await app.send(
                .post, "/v1/payment-runs/\(run)/approval", token: try await app.signIn("druhy@staffbook.example").accessToken)
            #expect(approved.status == .ok, "an admin for a week, made with a second admin's agreement, may be the second")
        }
    }

    @Test func withTheOtherAdminGoneByOtherMeansTheRuleStaysOnAndNothingIsApprovedAlone() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            try await app.seedDemo()
            let alena = try await app.token(Self.alena)
            _ = try await app.sql(
                """
                UPDATE invoices SET needs_attention = true, checks = '[{"kind":"supplier","status":"fail","code":"missing"}]'
                WHERE id = '\(Self.failing)' RETURNING id::text
                """)
            // The rule engages the first time it is asked with two admins who can check each other.
            let asked = try await app.send(
                .post, "/v1/invoices/\(Self.failing)/actions/approve", token: alena, json: #"{"override":true,"reason":"Ověřeno"}"#,
                headers: [.ifMatch: "*"])
            #expect(asked.status == .accepted && asked.text.contains("\"state\":\"submitted\""))
            #expect(try await app.sql("SELECT (engaged_at IS NOT NULL)::text FROM four_eyes") == ["true"])
            // Zuzana is deactivated outside the rule (an operator's command line, a restore):
            // Alena alone still cannot approve over the checks.
            _ = try await app.sql("UPDATE accounts SET is_active = false, deactivated_at = now() WHERE id = '\(Demo.webLead)' RETURNING id::text")
            let alone = try await app.send(
                .post, "/v1/invoices/\(Self.failing)/actions/approve", token: alena, json: #"{"override":true,"reason":"Znovu"}"#,
                headers: [.ifMatch: "*"])
            #expect(alone.status == .conflict && alone.problem?.type == "urn:staffbook:problem:own-request", "\(alone.text)")
            #expect(try await Self.nothingLeft(app) == [])
            // Only the operator lets `auto` go back to one admin (`staffbook four-eyes-release`).
            let released = try await app.withDatabase { pool in
                try await AdminChangeGate.release(now: app.clock.now(), on: pool, logger: TestDatabase.logger)
            }
            let afterRelease = try await app.send(
                .post, "/v1/invoices/\(Self.failing)/actions/approve", token: alena, json: #"{"override":true,"reason":"Jediný admin"}"#,
                headers: [.ifMatch: "*"])
            #expect(released && afterRelease.status == .ok && afterRelease.text.contains("\"state\":\"approved\""), "\(afterRelease.text)")
        }
    }

    @Test func erasingAnyoneAndRemovingTheOtherAdminsSecondFactorWaitForASecondAdmin() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            try await app.seedDemo()
            let alena = try await app.token(Self.alena)
            let zuzana = try await app.token(Self.zuzana)
            let erased = try await app.send(
                .post, "/v1/users/\(Demo.formerEmployee)/erasure", token: alena, json: #"{"reason":"person_request"}"#)
            let pending = try erased.decode(Pending.self)
            #expect(erased.status == .accepted && pending.change == "erase_person", "\(erased.text)")
            #expect(try await app.sql("SELECT (erased_at IS NULL)::text FROM accounts WHERE id = '\(Demo.formerEmployee)'") == ["true"])
            #expect(try await app.sql("SELECT count(*)::text FROM erasures") == ["0"])

            // Zuzana's factor: Alena asks, it stays until another admin agrees.
            _ = try await app.sql(
                "INSERT INTO second_factors (account_id, sealed_secret, created_at, confirmed_at) VALUES ('\(Demo.webLead)', decode(repeat('00', 40), 'hex'), now(), now()) RETURNING account_id::text"
            )
            let reset = try await app.send(.delete, "/v1/users/\(Demo.webLead)/second-factor", token: alena)
            let resetWaits = try reset.decode(Pending.self)
            #expect(reset.status == .accepted && resetWaits.change == "reset_admin_second_factor", "\(reset.text)")
            #expect(try await app.sql("SELECT count(*)::text FROM second_factors WHERE account_id = '\(Demo.webLead)'") == ["1"])
            // A worker's factor is not a change of who is an admin: it goes at once.
            _ = try await app.sql(
                "INSERT INTO second_factors (account_id, sealed_secret, created_at, confirmed_at) VALUES ('\(Demo.janNovak)', decode(repeat('00', 40), 'hex'), now(), now()) RETURNING account_id::text"
            )
            #expect(try await app.send(.delete, "/v1/users/\(Demo.janNovak)/second-factor", token: alena).status == .noContent)

            // Zuzana agrees to the erasure by asking for it too; the history of what admins did
            // about Karel survives it, naming him no more.
            let done = try await app.send(
                .post, "/v1/users/\(Demo.formerEmployee)/erasure", token: zuzana, json: #"{"reason":"person_request"}"#)
            #expect(done.status == .ok, "\(done.text)")
            #expect(
                try await app.sql(
                    "SELECT string_agg(action, ',' ORDER BY changed_at, id) FROM audit_log WHERE subject_id = '\(Demo.formerEmployee)' AND action LIKE '%erase%' OR (subject_id = '\(Demo.formerEmployee)' AND action = 'second_admin_requested')"
                ) == ["second_admin_requested,erase"])
            #expect(
                try await app.sql(
                    "SELECT changes->'askedBy'->>'to' FROM audit_log WHERE subject_id = '\(Demo.formerEmployee)' AND action = 'erase'")
                    == [Demo.admin.lowercasedString])
            #expect(
                try await app.sql("SELECT count(*)::text FROM audit_log WHERE subject_id = '\(Demo.formerEmployee)' AND changes::text ~* 'karel|b[yý]val'")
                    == ["0"])

            // Alena withdraws her request about Zuzana's factor; a withdrawn request completes nothing.
            let listed = try await app.send(.get, "/v1/pending-admin-changes", token: alena)
            struct List: Decodable { var items: [Pending] }
            let waiting = try listed.decode(List.self).items
            #expect(waiting.map(\.change) == ["reset_admin_second_factor"])
            #expect(try await app.send(.delete, "/v1/pending-admin-changes/\(waiting[0].id)", token: alena).status == .noContent)
            #expect(try await app.send(.delete, "/v1/pending-admin-changes/\(waiting[0].id)", token: alena).status == .notFound)
            let askedAgain = try await app.send(.delete, "/v1/users/\(Demo.webLead)/second-factor", token: alena)
            #expect(askedAgain.status == .accepted, "asked anew, it waits anew")
        }
    }

    @Test func aPersonalKeyOrManyRequestsAtOnceGetNothingOutEither() async throws {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            let (alena, run) = try await Self.waitingRun(app)
            let key = try await app.personalToken(Self.alena, scopes: ["timer", "time:read", "time:write", "invoices:read"])
            for path in ["/v1/payment-runs/\(run)/approval", "/v1/payment-runs/\(run)/sent", "/v1/users/\(Demo.webLead)/deactivate"] {
                let answer = try await app.send(.post, path, token: key)
                #expect(answer.status == .forbidden, "a personal key reaches no admin operation: \(path) \(answer.status)")
            }
            // Twenty of her requests at once, every way she has.
            let paths: [(HTTPRequest.Method, String, String?)] = [
                (.post, "/v1/payment-runs/\(run)/approval", nil), (.post, "/v1/users/\(Demo.webLead)/deactivate", nil),
                (.patch, "/v1/users/\(Demo.webLead)", #"{"roles":["worker"]}"#), (.get, "/v1/payment-runs/\(run)/file?format=abo", nil),
                (.post, "/v1/payment-runs/\(run)/sent", nil),
            ]
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<20 {
                    let (method, path, body) = paths[index % paths.count]
                    group.addTask { try await app.send(method, path, token: alena, json: body, headers: [.ifMatch: "*"]).status }
                }
                for try await status in group { #expect(status.code < 500) }
            }
            #expect(try await Self.nothingLeft(app) == [])
            #expect(try await Self.zuzanaStands(app))
            #expect(
                try await app.sql("SELECT string_agg(kind, ',' ORDER BY kind) FROM admin_change_requests")
                    == ["deactivate_admin,revoke_admin"], "each asked once, however often she sent it")
        }
    }
}
