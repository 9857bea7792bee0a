import Foundation
import PostgresNIO
import StaffbookClient
import StaffbookPostgres
import StaffbookTestSupport
import Synchronization
import Testing

/// How the client keeps a person signed in: one refresh for many requests, a clear "signed
/// out" when the refresh is refused, and patience while the database is away.
@Suite struct TokenRefreshTests {
    @Test func twentyConcurrentRequestsWithAnExpiredTokenShareOneRefreshAndAllSucceed() async throws {
        try await EndToEndServer.run { server in
            let changes = Mutex(0)
            let client = Staffbook(serverURL: server.url, onTokensChange: { _ in changes.withLock { $0 += 1 } })
            try await client.signIn(email: "jan.novak@staffbook.example", password: "staffbook-demo")
            let signedIn = try #require(await client.tokens.current)
            server.clock.advance(by: 3600 + 120)

            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.api.getMe().ok.body.json.firstName }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }

            #expect(names == Array(repeating: "Jan", count: 20))
            let refreshes = server.requests.filter { $0.path == "/v1/auth/refresh" }
            #expect(refreshes.count == 1)
            #expect(refreshes.first?.status == 200)
            let me = server.requests.filter { $0.path == "/v1/me" }
            #expect(me.filter { $0.status == 401 }.count == 20)
            #expect(me.filter { $0.status == 200 }.count == 20)
            let renewed = try #require(await client.tokens.current)
            #expect(renewed.accessToken != signedIn.accessToken)
            #expect(renewed.refreshToken != signedIn.refreshToken)
            #expect(changes.withLock { $0 } == 2)
        }
    }

    @Test func aRefusedRefreshSignsOutAndSaysSo() async throws {
        try await EndToEndServer.run { server in
            let signedOut = Mutex(0)
            let client = Staffbook(serverURL: server.url, onSignedOut: { signedOut.withLock { $0 += 1 } })
            try await client.signIn(email: "jan.novak@staffbook.example", password: "staffbook-demo")
            // The same person ends this session from elsewhere (another device's sign-out).
            let other = Staffbook(serverURL: server.url, tokens: await client.tokens.current)
            try await other.signOut()
            server.clock.advance(by: 3600 + 120)

            do {
                _ = try await client.api.getMe()
                Issue.record("a request succeeded after the session ended")
            } catch {
                #expect(SignedOut(error) != nil)
            }
            #expect(await client.tokens.current == nil)
            #expect(signedOut.withLock { $0 } == 1)
            #expect(server.requests.filter { $0.path == "/v1/auth/refresh" }.map(\.status) == [401])
        }
    }

    @Test func aReadIsRetriedWhileTheDatabaseIsAwayAndSucceedsWhenItIsBack() async throws {
        try await EndToEndServer.run(configure: { $0.database.connectTimeout = .milliseconds(500) }) { server in
            let client = Staffbook(
                serverURL: server.url,
                retry: RetryPolicy(maxAttempts: 30, baseDelay: .milliseconds(100), maxDelay: .milliseconds(400))
            )
            // Signing in is not idempotent, so the client does not retry it; with a 0.5 s bound on
            // waiting for a connection, a loaded test machine may answer 503 here: try again.
            for attempt in 1...20 {
                do {
                    try await client.signIn(email: "jan.novak@staffbook.example", password: "staffbook-demo")
                    break
                } catch where StaffbookProblem(error)?.status == 503 && attempt < 20 {
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
            let name = TestDatabase.quoted(server.database.name)
            try await TestDatabase.admin(sql: "ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
            try await TestDatabase.admin(
                sql: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(server.database.name)'"
            )
            let back = Task {
                try await Task.sleep(for: .seconds(1.5))
                try await TestDatabase.admin(sql: "ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            }

            let me = try await client.api.getMe().ok.body.json
            try await back.value

            #expect(me.firstName == "Jan")
            let statuses = server.requests.filter { $0.path == "/v1/me" }.map(\.status)
            #expect(statuses.first == 503)
            #expect(statuses.last == 200)
            #expect(statuses.count >= 2)
        }
    }
}
