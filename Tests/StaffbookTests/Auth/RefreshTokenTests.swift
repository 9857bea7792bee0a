import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Refresh tokens")
struct RefreshTokenTests {
    @Test func aCurrentTokenGivesANewPairAndBecomesUsed() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")

            let response = try await app.refresh(tokens.refreshToken)

            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let next = try response.decode(TestContext.Tokens.self)
            #expect(next.refreshToken != tokens.refreshToken)
            #expect(try await app.get("/v1/me", token: next.accessToken).status == .ok)
            #expect(try await app.refresh(next.refreshToken).status == .ok)
        }
    }

    @Test func theSameTokenWithinTheGraceWindowGetsTheSameSuccessor() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")

            let first = try await app.refresh(tokens.refreshToken).decode(TestContext.Tokens.self)
            app.clock.advance(by: 29)
            let again = try await app.refresh(tokens.refreshToken)

            #expect(again.status == .ok)
            #expect(try again.decode(TestContext.Tokens.self).refreshToken == first.refreshToken)
        }
    }

    @Test func tenConcurrentRefreshesWithOneTokenAllSucceedWithOneSuccessor() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")

            let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<10 { group.addTask { try await app.refresh(tokens.refreshToken) } }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }

            #expect(responses.map(\.status) == Array(repeating: .ok, count: 10))
            let successors = Set(try responses.map { try $0.decode(TestContext.Tokens.self).refreshToken })
            #expect(successors.count == 1)
            let stored = try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    try await connection.query("SELECT count(*) FROM refresh_tokens", logger: TestDatabase.logger)
                        .collect().first!.decode(Int.self)
                }
            }
            #expect(stored == 2)
        }
    }

    @Test func aUsedTokenReplayedAfterTheGraceWindowEndsTheWholeSession() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")
            let next = try await app.refresh(tokens.refreshToken).decode(TestContext.Tokens.self)
            app.clock.advance(by: 31)

            let replay = try await app.refresh(tokens.refreshToken)
            let successorAfterTheft = try await app.refresh(next.refreshToken)

            #expect(replay.status == .unauthorized)
            #expect(replay.problem?.type == "urn:staffbook:problem:sign-in-failed")
            #expect(successorAfterTheft.status == .unauthorized)
            let reason = try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    try await connection.query("SELECT revoked_reason FROM sessions", logger: TestDatabase.logger)
                        .collect().first!.decode(String?.self)
                }
            }
            #expect(reason == "refresh_token_reuse")
        }
    }

    @Test func aSessionIdleTooLongCannotBeRefreshed() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")
            app.clock.advance(by: 30 * 86400 + 1)

            #expect(try await app.refresh(tokens.refreshToken).status == .unauthorized)
        }
    }

    @Test func aSessionPastItsAbsoluteLifetimeCannotBeRefreshedEvenWhenUsedDaily() async throws {
        try await TestApp.test(configure: { $0.auth.sessionAbsoluteLifetime = 3 * 86400 }) { app in
            try await app.createAccount(email: "jana@staffbook.test")
            var token = try await app.signIn("jana@staffbook.test").refreshToken
            for _ in 0..<2 {
                app.clock.advance(by: 86400)
                token = try await app.refresh(token).decode(TestContext.Tokens.self).refreshToken
            }
            app.clock.advance(by: 86400 + 1)

            #expect(try await app.refresh(token).status == .unauthorized)
        }
    }

    @Test(arguments: ["", "short", String(repeating: "A", count: 43), "../../etc/passwd", String(repeating: "x", count: 200)])
    func unknownOrMalformedTokensAnswer401(token: String) async throws {
        try await TestApp.test { app in
            let response = try await app.refresh(token)

            #expect(response.status == (token.isEmpty ? .badRequest : .unauthorized))
        }
    }

    @Test func aDeactivatedAccountCannotRefresh() async throws {
        try await TestApp.test { app in
            let account = try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")
            try await app.deactivate(account)

            #expect(try await app.refresh(tokens.refreshToken).status == .unauthorized)
        }
    }

}
