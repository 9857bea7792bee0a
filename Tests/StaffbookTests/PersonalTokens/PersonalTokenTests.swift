import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Personal access tokens")
struct PersonalTokenTests {
    struct Token: Decodable { var id: String; var name: String; var scopes: [String]; var lastUsedAt: String?; var lastUsedFrom: String? }
    struct Tokens: Decodable { var items: [Token] }
    struct Created: Decodable { var id: String; var token: String; var scopes: [String] }

    static let jan = "jan.novak@staffbook.example"
    static let start = #"{"projectId":"\#(Demo.mobileBanking)","description":"Tlačítko"}"#

    @Test func aTokenIsShownOnceStoredAsAHashAndListedWithItsLastUse() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let session = try await app.token(Self.jan)
            let created = try await app.send(.post, "/v1/me/tokens", token: session, json: #"{"name":"Kostka","scopes":["timer","time:read"]}"#)
            let token = try created.decode(Created.self)
            let pressed = try await app.send(.post, "/v1/me/timer/start", token: token.token, json: Self.start)
            let listed = try await app.send(.get, "/v1/me/tokens", token: session)
            let stored: [UInt8] = try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    let rows = try await connection.query("SELECT secret_hash FROM personal_access_tokens", logger: TestDatabase.logger).collect()
                    return Array(try rows.first?.decode(Data.self) ?? Data())
                }
            }

            #expect(created.status == .created)
            #expect(token.token.hasPrefix("sbp_"))
            #expect(token.token.count == 4 + 43, "256 random bits, base64url")
            #expect(token.scopes == ["time:read", "timer"])
            #expect(stored == Array(SHA256.hash(data: Data(token.token.utf8))), "only the hash is kept")
            #expect(pressed.status == .ok, "\(pressed.text)")
            #expect(!listed.text.contains(token.token), "the secret is never shown again")
            let item = try #require(try listed.decode(Tokens.self).items.first)
            #expect(item.name == "Kostka")
            #expect(item.lastUsedAt != nil)
            #expect(item.lastUsedFrom != nil)
        }
    }

    @Test func aTimerTokenPressesTheTimerAndIsRefusedElsewhereWithTheScopeNamed() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let key = try await app.personalToken(Self.jan, scopes: ["timer"])
            let start = try await app.send(.post, "/v1/me/timer/start", token: key, json: Self.start)
            let timer = try await app.send(.get, "/v1/me/timer", token: key)
            let stop = try await app.send(.post, "/v1/me/timer/stop", token: key)
            let projects = try await app.send(.get, "/v1/projects", token: key)
            let invoices = try await app.send(.get, "/v1/me/invoices", token: key)
            let entries = try await app.send(.get, "/v1/me/time-entries", token: key)
            let newToken = try await app.send(.post, "/v1/me/tokens", token: key, json: #"{"name":"x","scopes":["timer"]}"#)

            #expect(start.status == .ok)
            #expect(timer.status == .ok)
            #expect(stop.status == .ok)
            #expect(projects.status == .ok, "a shortcut needs the project ids to press")
            #expect(invoices.status == .forbidden)
            #expect(invoices.problem?.type == "urn:staffbook:problem:insufficient-scope")
            #expect(invoices.problem?.detail.contains("invoices:read") == true)
            #expect(invoices.headers[.wwwAuthenticate] == #"Bearer error="insufficient_scope", scope="invoices:read""#)
            #expect(entries.status == .forbidden)
            #expect(entries.problem?.detail.contains("time:read") == true)
            #expect(newToken.status == .forbidden, "a token cannot make tokens")
        }
    }

    @Test func aRevokedExpiredOrDeactivatedPersonsTokenIsRefused() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let session = try await app.token(Self.jan)
            let revoked = try await app.send(.post, "/v1/me/tokens", token: session, json: #"{"name":"Starý","scopes":["timer"]}"#)
                .decode(Created.self)
            let byAdmin = try await app.send(.post, "/v1/me/tokens", token: session, json: #"{"name":"Ztracený","scopes":["timer"]}"#)
                .decode(Created.self)
            let expiring = try await app.personalToken(Self.jan, scopes: ["timer"], expiresAt: app.clock.now().addingTimeInterval(3600))
            let kept = try await app.personalToken(Self.jan, scopes: ["timer"])
            let admin = try await app.token("admin@staffbook.example")
            let leader = try await app.token("lead.mobile@staffbook.example")

            let ownRevoke = try await app.send(.delete, "/v1/me/tokens/\(revoked.id)", token: session)
            let leaderRevoke = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/tokens/\(byAdmin.id)", token: leader)
            let otherPersonsRevoke = try await app.send(.delete, "/v1/me/tokens/\(byAdmin.id)", token: admin)
            let adminList = try await app.send(.get, "/v1/users/\(Demo.janNovak)/tokens", token: admin).decode(Tokens.self)
            let adminRevoke = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/tokens/\(byAdmin.id)", token: admin)
            let afterRevoke = try await app.send(.get, "/v1/me/timer", token: revoked.token)
            let afterAdminRevoke = try await app.send(.get, "/v1/me/timer", token: byAdmin.token)
            app.clock.advance(by: 3601)
            let afterExpiry = try await app.send(.get, "/v1/me/timer", token: expiring)
            let beforeDeactivation = try await app.send(.get, "/v1/me/timer", token: kept)
            let deactivated = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/deactivate", token: try await app.token("admin@staffbook.example"))
            let afterDeactivation = try await app.send(.get, "/v1/me/timer", token: kept)
            let forged = try await app.send(.get, "/v1/me/timer", token: "sbp_" + String(repeating: "A", count: 43))

            #expect(ownRevoke.status == .noContent)
            #expect(leaderRevoke.status == .notFound, "only admins revoke someone else's")
            #expect(otherPersonsRevoke.status == .notFound, "another person's token through /me is not there")
            #expect(adminList.items.count == 3)
            #expect(adminRevoke.status == .noContent)
            #expect(afterRevoke.status == .unauthorized)
            #expect(afterRevoke.headers[.wwwAuthenticate] == #"Bearer error="invalid_token""#)
            #expect(afterRevoke.problem?.detail.contains("Create a new one.") == true, "a key cannot be refreshed: the answer does not say to")
            #expect(afterRevoke.problem?.detail.contains("refresh") == false)
            #expect(afterAdminRevoke.status == .unauthorized)
            #expect(afterExpiry.status == .unauthorized)
            #expect(beforeDeactivation.status == .ok)
            #expect(deactivated.status == .ok || deactivated.status == .noContent, "\(deactivated.text)")
            #expect(afterDeactivation.status == .unauthorized)
            #expect(forged.status == .unauthorized)
        }
    }

    @Test func aTokenPastItsRequestsOfTheMinuteGets429UntilTheMinuteEnds() async throws {
        try await TestApp.test(configure: { $0.auth.personalTokenRequestsPerMinute = 3 }) { app in
            try await app.seedDemo()
            let key = try await app.personalToken(Self.jan, scopes: ["timer"])
            let other = try await app.personalToken(Self.jan, scopes: ["timer"])
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await app.send(.get, "/v1/me/timer", token: key).status.code) }
            let limited = try await app.send(.get, "/v1/me/timer", token: key)
            let otherKey = try await app.send(.get, "/v1/me/timer", token: other)
            app.clock.advance(by: 61)
            let nextMinute = try await app.send(.get, "/v1/me/timer", token: key)

            #expect(statuses == [200, 200, 200, 429])
            #expect(limited.problem?.type == "urn:staffbook:problem:rate-limited")
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(otherKey.status == .ok, "the limit is per token")
            #expect(nextMinute.status == .ok)
        }
    }

    /// Fifth probe, finding 15: duplicate scopes were accepted.
    @Test(.tags(.fifthProbe)) func aScopeNamedTwiceIsRefusedWithTheField() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let answer = try await app.send(.post, "/v1/me/tokens", token: jan, json: #"{"name":"Twice","scopes":["timer","timer"]}"#)
            #expect(answer.status == .badRequest && answer.problem?.errors?.map(\.code) == ["duplicate"], "\(answer.text)")
        }
    }

    @Test func aTokenRequestWithoutScopesOrWithAPastExpiryIsRefusedWithTheField() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let session = try await app.token(Self.jan)
            let noScopes = try await app.send(.post, "/v1/me/tokens", token: session, json: #"{"name":"x","scopes":[]}"#)
            let unknownScope = try await app.send(.post, "/v1/me/tokens", token: session, json: #"{"name":"x","scopes":["admin"]}"#)
            let past = try await app.send(
                .post, "/v1/me/tokens", token: session,
                json: #"{"name":"x","scopes":["timer"],"expiresAt":"\#(app.clock.now().addingTimeInterval(-60).formatted(.iso8601))"}"#)
            let tooFar = try await app.send(
                .post, "/v1/me/tokens", token: session, json: #"{"name":"x","scopes":["timer"],"expiresAt":"2099-01-01T00:00:00Z"}"#)
            let fiveScopes = try await app.send(
                .post, "/v1/me/tokens", token: session, json: #"{"name":"x","scopes":["timer","timer","timer","timer","timer"]}"#)
            let noName = try await app.send(.post, "/v1/me/tokens", token: session, json: #"{"name":"","scopes":["timer"]}"#)

            #expect(noScopes.status == .badRequest)
            #expect(unknownScope.status == .badRequest)
            #expect(past.status == .badRequest)
            #expect(past.problem?.errors?.first?.field == "body.expiresAt")
            #expect(past.problem?.errors?.first?.code == "past")
            #expect(tooFar.problem?.errors?.first?.code == "too_far")
            #expect(noName.status == .badRequest)
            #expect(fiveScopes.status == .badRequest, "the contract allows four")
            #expect(fiveScopes.problem?.errors?.first?.code == "too_many")
        }
    }
}
