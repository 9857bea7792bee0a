import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookPostgres

/// The third outside probe's findings, one test (or more) each, named after the finding. The
/// timing findings' medians and the fuzzers are in `make verify`.
@Suite("Hardening: the third probe's findings")
struct ThirdProbeTests {
    static let togglHeader = "User,Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration,Tags"

    static func importFile(_ app: TestContext, _ csv: String, token: String, confirm: Bool = false) async throws -> TestResponse {
        try await app.client.execute(
            uri: "/v1/me/time-entries/import\(confirm ? "?confirm=true" : "")", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "text/csv"], body: ByteBuffer(string: csv)
        )
    }

    static func cursor(_ json: String) -> String {
        Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    struct Problems: Decodable {
        struct Line: Decodable { var line: Int; var code: String; var reason: String }
        var imported: Int
        var problems: [Line]
    }

    // 1. An hour count that overflows: a line problem, not a trap.

    @Test(arguments: ["9223372036854775807:00:00", "2562047788015216:00:00", "-1:00:00", "99999999999999999999:00"])
    func trap_aDurationOfInt64MaxHoursInTheTimeImportIsALineProblem(duration: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let csv = "\(Self.togglHeader)\nJan,jan@x.cz,Staffbook (interní),Interní,,Porada,No,2026-11-16,09:00:00,\(duration),\n"

            let preview = try await Self.importFile(app, csv, token: jan)
            let clockify = try await Self.importFile(
                app, """
                    Project,Client,Description,Task,User,Email,Tags,Billable,Start Date,Start Time,Duration (decimal)
                    Interní,Staffbook (interní),Porada,,Jan,jan@x.cz,,No,11/16/2026,09:00:00,1e300
                    """, token: jan)

            #expect(preview.status == .ok, "\(preview.text)")
            #expect(try preview.decode(Problems.self).problems.map(\.code) == ["unreadable_end"])
            #expect(clockify.status == .ok, "\(clockify.text)")
            #expect(try clockify.decode(Problems.self).problems.map(\.code) == ["unreadable_end"])
            #expect(try await app.get("/health/live", token: jan).status == .ok)
        }
    }

    // 2. Forged cursors whose timestamps lie far outside what PostgreSQL's encoder can hold.

    @Test(arguments: [
        ("/v1/me/notifications", #"{"c":1e300,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/me/notifications", #"{"c":-1e300,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/me/time-entries", #"{"s":9223372036854775807,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/me/time-entries", #"{"s":-9223372036854775808,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/jobs", #"{"c":1e300,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/jobs", #"{"c":9.2e18,"i":"00000000-0000-4000-8000-000000000001"}"#),
    ])
    func trap_aForgedCursorWithAFarTimestampAnswers400(path: String, json: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let forged = try await app.get("\(path)?cursor=\(Self.cursor(json))", token: admin)

            #expect(forged.status == .badRequest, "\(forged.text)")
            #expect(forged.problem?.errors?.map(\.field) == ["query.cursor"])
            #expect(try await app.get(path, token: admin).status == .ok)
        }
    }

    // 3. Made-up link tokens: looked up before any bcrypt, and counted against the address.

    @Test func linkGuessing_madeUpTokensAreCountedPerAddressAndARealLinkStillWorksElsewhere() async throws {
        try await TestApp.test(configure: { $0.auth.maxLinkFailuresPerAddress = 3 }) { app in
            try await app.seedDemo()
            var statuses: [Int] = []
            for round in 0..<4 {
                let token = String(repeating: ["A", "B", "C", "D"][round % 4], count: 43)
                let path = round.isMultiple(of: 2) ? "/v1/auth/password-reset/\(token)" : "/v1/auth/invitations/\(token)"
                let answer = try await app.send(
                    .post, path, token: nil, json: #"{"password":"a long enough password"}"#, headers: [.xForwardedFor: "198.51.100.9"]
                )
                statuses.append(Int(answer.status.code))
            }
            let elsewhere = try await app.send(
                .post, "/v1/auth/password-reset/\(String(repeating: "Z", count: 43))", token: nil,
                json: #"{"password":"a long enough password"}"#, headers: [.xForwardedFor: "198.51.100.10"]
            )

            #expect(statuses == [404, 404, 404, 429])
            #expect(elsewhere.status == .notFound)
        }
    }

    // 5. Secret path segments in the access log.

    @Test func secretPaths_linkAndResetTokensAreNotWrittenToTheLog() async throws {
        let sink = JSONLogSink()
        try await TestApp.test(logSink: sink) { app in
            let token = "SECRETsecretSECRETsecretSECRETsecretSECRET1"
            _ = try await app.execute("/v1/file-links/\(token)")
            _ = try await app.execute("/v1/auth/password-reset/\(token)", method: .post, json: #"{"password":"a long enough password"}"#)
            _ = try await app.execute("/v1/auth/invitations/\(token)", method: .post, json: #"{"password":"a long enough password"}"#)
            let metrics = try await app.execute("/metrics")

            #expect(sink.lines.contains { $0.contains(#""path":"/v1/file-links/…""#) })
            #expect(sink.lines.contains { $0.contains(#""path":"/v1/auth/invitations/…""#) })
            #expect(!sink.lines.contains { $0.contains("SECRETsecret") })
            #expect(!metrics.text.contains("SECRETsecret"))
        }
    }

    // 6. A large preview: in memory and a few statements; past the per-instance limit, 503.

    @Test func importSize_aPreviewOfThousandsOfLinesWritesNothingAndTheImportWritesThemAll() async throws {
        try await TestApp.test(configure: { $0.http.maxBodyBytes = 1 << 20 }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            var lines = [Self.togglHeader]
            for day in 0..<2000 {
                let date = CalendarDay(year: 2000, month: 1, day: 1).adding(days: day)
                lines.append("Alena,a@x.cz,Nový klient \(day % 7),Projekt \(day % 3),,Práce \(day),Yes,\(date.iso),08:00:00,02:30:00,a, b")
            }
            let csv = lines.joined(separator: "\n")

            let previewed = try await Self.importFile(app, csv, token: admin)
            try #require(previewed.status == .ok, "\(previewed.text.prefix(500))")
            let preview = try previewed.decode(Problems.self)
            let countAfterPreview = try await app.sql("SELECT count(*)::text FROM time_entries WHERE account_id = '\(Demo.admin)'")
            let clientsAfterPreview = try await app.sql("SELECT count(*)::text FROM clients WHERE name LIKE 'Nový klient%'")
            let imported = try await Self.importFile(app, csv, token: admin, confirm: true).decode(Problems.self)
            let again = try await Self.importFile(app, csv, token: admin, confirm: true)

            #expect(preview.imported == 2000, "\(preview.problems.prefix(3))")
            #expect(preview.problems.isEmpty)
            #expect(countAfterPreview == ["0"] && clientsAfterPreview == ["0"])
            #expect(imported.imported == 2000)
            #expect(try await app.sql("SELECT count(*)::text FROM time_entries WHERE account_id = '\(Demo.admin)'") == ["2000"])
            #expect(try await app.sql("SELECT count(*)::text FROM projects p JOIN clients c ON c.id = p.client_id WHERE c.name LIKE 'Nový klient%'") == ["21"])
            #expect(try again.decode(TimeAPI.ImportResult.self).alreadyThere == 2000)
        }
    }

    @Test func importSize_pastTheImportsAllowedAtOnceTheAnswerIs503WithRetryAfter() async throws {
        try await TestApp.test(configure: { $0.http.maxConcurrentImports = 0 }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let busy = try await Self.importFile(app, "\(Self.togglHeader)\n", token: jan)

            #expect(busy.status == .serviceUnavailable)
            #expect(busy.headers[.retryAfter] == "5")
            #expect(busy.problem?.type == "urn:staffbook:problem:service-unavailable")
        }
    }

    @Test func importSize_theGateLetsAtMostItsLimitRunAtOnce() async throws {
        let gate = ConcurrencyGate(limit: 1)
        let (entered, release) = AsyncStream.makeStream(of: Void.self)
        let (held, hold) = AsyncStream.makeStream(of: Void.self)

        async let first = gate.ifFree { () async -> Bool in
            hold.yield()
            for await _ in entered { break }
            return true
        }
        for await _ in held { break }
        let second = await gate.ifFree { true }
        release.yield()
        let firstRan = await first
        let third = await gate.ifFree { true }

        #expect(firstRan == true && second == nil && third == true)
    }

    // 7. One link used ends the other.

    @Test func linksRevokeEachOther_aPasswordSetThroughOneLinkEndsTheAccountsOtherLinks() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let links = AccountLinks(secret: TestApp.signingKey.secret, linkBase: "staffbook://")
            let now = app.clock.now()
            let invitation = links.grant(.invitation, now: now), reset = links.grant(.passwordReset, now: now)
            try await app.withDatabase { pool in
                let store = PostgresAccountLinkRepository(database: pool, logger: TestDatabase.logger)
                _ = try await store.issue(invitation, purpose: .invitation, accountId: Demo.petraSvobodova, now: now)
                _ = try await store.issue(reset, purpose: .passwordReset, accountId: Demo.petraSvobodova, now: now)
            }
            let resetToken = links.token(notificationId: reset.notificationId)
            let invitationToken = links.token(notificationId: invitation.notificationId)

            let used = try await app.send(.post, "/v1/auth/password-reset/\(resetToken)", token: nil, json: #"{"password":"the password I chose"}"#)
            let stale = try await app.send(
                .post, "/v1/auth/invitations/\(invitationToken)", token: nil, json: #"{"password":"an attacker's password"}"#
            )

            #expect(used.status == .noContent)
            #expect(stale.status == .notFound)
            #expect(try await app.signIn("petra.svobodova@staffbook.example", password: "the password I chose").accessToken.isEmpty == false)
        }
    }
}
