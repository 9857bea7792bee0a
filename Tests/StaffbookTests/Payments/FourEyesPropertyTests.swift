import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP

/// Random sequences of one admin's requests over a small company, and after every step the
/// promise: no money leaves on her word alone.
///
/// The model: the demo company, four eyes `auto`. Alena is the admin who acts; Zuzana, the other
/// admin (of long standing), never does. Karel, who left, once was an admin; Alena knows his
/// password, as she knows Jan's (a worker) and the password of every account she creates (she
/// reads its invitation). Each step is one of her requests (or one of those accounts'): make a
/// payment run, approve it, fetch or send its file, approve an invoice over its failing checks,
/// confirm a changed bank account, deactivate, demote, erase or remove the second factor of
/// Zuzana, erase or reactivate Karel, create an admin, give an account the admin role, withdraw
/// a request, or let one to four days pass. After each step: no run approved, written or sent; no
/// approval over checks; no account confirmed; Zuzana an active admin with her factor; Karel
/// neither back nor erased; none of Alena's accounts an admin.
@Suite("Payments: four eyes, random sequences of one admin's requests", .tags(.fifthProbe))
struct FourEyesPropertyTests {
    /// How many sequences one run drives (`STAFFBOOK_FOUR_EYES_SEQUENCES` for more), and how long each is.
    static let sequences = ProcessInfo.processInfo.environment["STAFFBOOK_FOUR_EYES_SEQUENCES"].flatMap(Int.init) ?? 40
    static let steps = 14

    /// SplitMix64: the same seed gives the same sequences, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Step: CaseIterable {
        case createRun, approveRun, fetchFile, markSent, overrideChecks, confirmAccount
        case deactivateZuzana, demoteZuzana, eraseZuzana, resetZuzanasFactor, reactivateKarel, eraseKarel
        case createAdmin, grantAdmin, withdrawRequest, letDaysPass
    }

    /// The accounts Alena can sign in as, and the ids they stand for.
    final class Attacker: @unchecked Sendable {
        var emails = [FourEyesAgainstOneAdminTests.alena, "jan.novak@staffbook.example", "karel.byvaly@staffbook.example"]
        var tokens: [String: String] = [:]
        var runs: [String] = []
        var made = 0
    }

    @Test func noSequenceOfOneAdminsRequestsGetsMoneyOut() async throws {
        var generator = Generator(state: 0x5EED_F0E5)
        let seeds = (0..<Self.sequences).map { _ in generator.next() }
        var driven = 0
        var stepsTaken = 0
        // Four at a time, each on its own database.
        try await withThrowingTaskGroup(of: Int.self) { group in
            for (sequence, seed) in seeds.enumerated() {
                if sequence >= 4, let taken = try await group.next() {
                    driven += 1
                    stepsTaken += taken
                }
                group.addTask { try await Self.drive(seed: seed, sequence: sequence) }
            }
            for try await taken in group {
                driven += 1
                stepsTaken += taken
            }
        }
        print("four eyes: \(driven) sequences of one admin's requests driven, \(stepsTaken) steps")
        #expect(driven == Self.sequences)
    }

    /// One sequence on its own database; the number of steps taken.
    static func drive(seed: UInt64, sequence: Int) async throws -> Int {
        try await TestApp.test(configure: { $0.fourEyes = .auto }) { app in
            var random = Generator(state: seed)
            let (_, payables) = try await app.payableSeptember(2)
            _ = try await app.sql(
                """
                UPDATE invoices SET needs_attention = true, checks = '[{"kind":"supplier","status":"fail","code":"missing"}]'
                WHERE id = '\(FourEyesAgainstOneAdminTests.failing)' RETURNING id::text
                """)
            _ = try await app.sql(
                "UPDATE invoices SET bank_account = 'CZ6508000000192000145399' WHERE id = '\(FourEyesAgainstOneAdminTests.failing)' RETURNING id::text")
            // Karel was an admin once; Zuzana has a second factor.
            _ = try await app.sql("UPDATE accounts SET roles = '{admin}' WHERE id = '\(Demo.formerEmployee)' RETURNING id::text")
            _ = try await app.sql(
                "INSERT INTO second_factors (account_id, sealed_secret, created_at, confirmed_at) VALUES ('\(Demo.webLead)', decode(repeat('00', 40), 'hex'), now(), now()) RETURNING account_id::text"
            )
            let attacker = Attacker()
            var trail: [String] = []
            for _ in 0..<steps {
                let step = Step.allCases.randomElement(using: &random) ?? .createRun
                let who = attacker.emails.randomElement(using: &random) ?? FourEyesAgainstOneAdminTests.alena
                trail.append("\(step) as \(who)")
                try await Self.take(step, as: who, app: app, attacker: attacker, payables: payables.map(\.invoiceId), random: &random)
                let left = try await FourEyesAgainstOneAdminTests.nothingLeft(app)
                let stands = try await FourEyesAgainstOneAdminTests.zuzanaStands(app)
                let karel = try await app.sql(
                    "SELECT (NOT is_active AND erased_at IS NULL)::text FROM accounts WHERE id = '\(Demo.formerEmployee)'")
                let aliases = attacker.emails.dropFirst().map { "'\($0)'" }.joined(separator: ",")
                let promoted = try await app.sql("SELECT count(*)::text FROM accounts WHERE email IN (\(aliases)) AND admin_since IS NOT NULL")
                let factor = try await app.sql("SELECT count(*)::text FROM second_factors WHERE account_id = '\(Demo.webLead)'")
                let holds = left.isEmpty && stands && karel == ["true"] && promoted == ["0"] && factor == ["1"]
                #expect(holds, "sequence \(sequence) (seed \(seed)): \(left) zuzana \(stands) karel \(karel) promoted \(promoted) after \(trail)")
                if !holds { break }
            }
            return trail.count
        }
    }

    static func take(
        _ step: Step, as email: String, app: TestContext, attacker: Attacker, payables: [String], random: inout Generator
    ) async throws {
        let run = attacker.runs.last ?? UUID().lowercasedString
        let invoice = FourEyesAgainstOneAdminTests.failing
        let zuzana = Demo.webLead
        let karel = Demo.formerEmployee
        switch step {
        case .createRun:
            let answer = try await send(app, attacker, email, .post, "/v1/payment-runs", #"{"invoiceIds":["\#(payables.joined(separator: "\",\""))"]}"#)
            if answer.status == .created, let created = try? answer.decode(PaymentDesk.Created.self) { attacker.runs.append(created.run.id) }
        case .approveRun: _ = try await send(app, attacker, email, .post, "/v1/payment-runs/\(run)/approval")
        case .fetchFile: _ = try await send(app, attacker, email, .get, "/v1/payment-runs/\(run)/file?format=abo")
        case .markSent: _ = try await send(app, attacker, email, .post, "/v1/payment-runs/\(run)/sent")
        case .overrideChecks:
            _ = try await send(app, attacker, email, .post, "/v1/invoices/\(invoice)/actions/approve", #"{"override":true,"reason":"Ověřeno"}"#)
        case .confirmAccount: _ = try await send(app, attacker, email, .post, "/v1/invoices/\(invoice)/bank-account-confirmation", "{}")
        case .deactivateZuzana: _ = try await send(app, attacker, email, .post, "/v1/users/\(zuzana)/deactivate")
        case .demoteZuzana: _ = try await send(app, attacker, email, .patch, "/v1/users/\(zuzana)", #"{"roles":["worker"]}"#)
        case .eraseZuzana: _ = try await send(app, attacker, email, .post, "/v1/users/\(zuzana)/erasure", #"{"reason":"person_request"}"#)
        case .resetZuzanasFactor: _ = try await send(app, attacker, email, .delete, "/v1/users/\(zuzana)/second-factor")
        case .reactivateKarel: _ = try await send(app, attacker, email, .post, "/v1/users/\(karel)/reactivate")
        case .eraseKarel: _ = try await send(app, attacker, email, .post, "/v1/users/\(karel)/erasure", #"{"reason":"person_request"}"#)
        case .createAdmin:
            attacker.made += 1
            let address = "alias\(attacker.made)@staffbook.example"
            let answer = try await send(app, attacker, email, .post, "/v1/users", FourEyesAgainstOneAdminTests.newPerson(address, roles: #""admin""#))
            if answer.status.code < 300 {
                _ = try await FourEyesAgainstOneAdminTests.takeOver(app, email: address)
                attacker.emails.append(address)
            }
        case .grantAdmin:
            let target = attacker.emails.dropFirst().randomElement(using: &random) ?? "jan.novak@staffbook.example"
            guard let id = try await app.sql("SELECT id::text FROM accounts WHERE email = '\(target)'").first.flatMap({ $0 }) else { return }
            _ = try await send(app, attacker, email, .patch, "/v1/users/\(id)", #"{"roles":["worker","admin"]}"#)
        case .withdrawRequest:
            guard let id = try await app.sql("SELECT id::text FROM admin_change_requests ORDER BY random() LIMIT 1").first.flatMap({ $0 }) else {
                return
            }
            _ = try await send(app, attacker, email, .delete, "/v1/pending-admin-changes/\(id)")
        case .letDaysPass:
            app.clock.advance(by: TimeInterval(Int.random(in: 1...4, using: &random)) * 86_400)
            attacker.tokens = [:]
        }
    }

    /// One request as one of Alena's accounts (signed in again once a token has lapsed); an
    /// answer of 500 or more fails the test, whatever the request was.
    static func send(
        _ app: TestContext, _ attacker: Attacker, _ email: String, _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil
    ) async throws -> TestResponse {
        if attacker.tokens[email] == nil {
            let password = email.hasPrefix("alias") ? TestContext.password : Demo.password
            attacker.tokens[email] = try? await app.signIn(email, password: password).accessToken
        }
        guard let token = attacker.tokens[email] else { return try await app.send(method, path, token: nil) }
        let answer = try await app.send(method, path, token: token, json: body, headers: [.ifMatch: "*"])
        #expect(answer.status.code < 500, "\(method) \(path) as \(email): \(answer.status) \(answer.text)")
        return answer
    }
}
