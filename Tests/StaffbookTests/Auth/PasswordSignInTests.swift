import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Password sign-in")
struct PasswordSignInTests {
    @Test func theRightPasswordGivesATokenPairAndTheUser() async throws {
        try await TestApp.test { app in
            let account = try await app.createAccount(email: "jana@staffbook.test", roles: [.worker, .admin])

            let response = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"JANA@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            struct Body: Decodable {
                struct User: Decodable { var id: String; var email: String; var firstName: String; var lastName: String; var roles: [String] }
                var accessToken: String; var refreshToken: String; var tokenType: String; var expiresIn: Int; var user: User
            }
            let body = try response.decode(Body.self)
            #expect(body.tokenType == "Bearer")
            #expect(body.expiresIn == 3600)
            #expect(body.refreshToken.count == 43)
            #expect(body.user.id == account.id.uuidString.lowercased())
            #expect(body.user.roles == ["worker", "admin"])
            #expect(body.user.lastName == "Nováková")
        }
    }

    @Test func unknownEmailAndWrongPasswordAnswerTheSame() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")

            let wrongPassword = try await app.execute(
                "/v1/auth/password", method: .post, json: #"{"email":"jana@staffbook.test","password":"nope"}"#
            )
            let unknownEmail = try await app.execute(
                "/v1/auth/password", method: .post, json: #"{"email":"nobody@staffbook.test","password":"nope"}"#
            )

            #expect(wrongPassword.status == .unauthorized)
            #expect(unknownEmail.status == .unauthorized)
            #expect(wrongPassword.problem?.type == "urn:staffbook:problem:sign-in-failed")
            #expect(wrongPassword.problem?.detail == unknownEmail.problem?.detail)
            #expect(wrongPassword.headers[.cacheControl] == "no-store")
        }
    }

    @Test func aDeactivatedAccountCannotSignIn() async throws {
        try await TestApp.test { app in
            let account = try await app.createAccount(email: "gone@staffbook.test")
            try await app.deactivate(account)

            let response = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"gone@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(response.status == .unauthorized)
            #expect(response.problem?.type == "urn:staffbook:problem:sign-in-failed")
        }
    }

    @Test func anAccountWithoutPasswordCannotUsePasswordSignIn() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "google-only@staffbook.test", password: nil)

            let response = try await app.execute(
                "/v1/auth/password", method: .post, json: #"{"email":"google-only@staffbook.test","password":"x"}"#
            )

            #expect(response.status == .unauthorized)
        }
    }

    @Test func failuresPastTheAccountLimitAnswer429WithRetryAfterToAnAddressThatFailedEvenWithTheRightPassword() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            for attempt in 0..<5 {
                // Different addresses: only the per-account limit is in play.
                _ = try await app.execute(
                    "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.\(attempt)"],
                    json: #"{"email":"jana@staffbook.test","password":"wrong"}"#
                )
            }

            // The right password from an address that took part in the failures is refused too.
            let blocked = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.3", .acceptLanguage: "cs"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            app.clock.advance(by: 15 * 60 + 1)
            let afterWindow = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.problem?.type == "urn:staffbook:problem:too-many-attempts")
            #expect(blocked.problem?.title == "Příliš mnoho pokusů")
            let retryAfter = try #require(blocked.headers[.retryAfter].flatMap(Int.init))
            #expect((1...900).contains(retryAfter))
            #expect(afterWindow.status == .ok)
        }
    }

    @Test func failuresPastTheAddressLimitBlockThatAddressForEveryAccount() async throws {
        try await TestApp.test(configure: { $0.auth.maxFailuresPerAddress = 3 }) { app in
            try await app.createAccount(email: "jana@staffbook.test")
            for attempt in 0..<3 {
                _ = try await app.execute(
                    "/v1/auth/password", method: .post, headers: [.xForwardedFor: "192.0.2.1"],
                    json: #"{"email":"guess\#(attempt)@staffbook.test","password":"wrong"}"#
                )
            }

            let sameAddress = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "192.0.2.1"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            let otherAddress = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "192.0.2.2"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(sameAddress.status == .tooManyRequests)
            #expect(otherAddress.status == .ok)
        }
    }

    @Test(arguments: [
        (#"{"email":"a@b.cz","password":"#, "urn:staffbook:problem:malformed-request", "body"),
        (#"{"email":"a@b.cz","password":42}"#, "urn:staffbook:problem:validation-failed", "body.password"),
        (#"{"email":"a@b.cz"}"#, "urn:staffbook:problem:validation-failed", "body.password"),
        (#"{"email":"a@b.cz","password":"x","admin":true}"#, "urn:staffbook:problem:validation-failed", "body.admin"),
        (#"{"email":"  ","password":"x"}"#, "urn:staffbook:problem:validation-failed", "body.email"),
        ("", "urn:staffbook:problem:malformed-request", ""),
    ])
    func badBodiesAnswerAProblemNamingTheField(json: String, type: String, field: String) async throws {
        try await TestApp.test { app in
            let response = try await app.execute("/v1/auth/password", method: .post, headers: [.acceptLanguage: "cs"], json: json)

            #expect(response.status == .badRequest)
            #expect(response.problem?.type == type)
            #expect(response.headers[.contentLanguage] == "cs")
            #expect(response.problem?.errors?.first?.field.hasPrefix(field) == true, "\(response.text)")
        }
    }

    @Test func aWrongContentTypeAnswers415() async throws {
        try await TestApp.test { app in
            let response = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.contentType: "text/plain"], json: "email=a&password=b"
            )

            #expect(response.status == .unsupportedMediaType)
            #expect(response.problem?.type == "urn:staffbook:problem:unsupported-media-type")
        }
    }

    @Test func passwordsAndTokensNeverReachTheLog() async throws {
        let sink = JSONLogSink()
        try await TestApp.test(logSink: sink) { app in
            let account = try await app.createAccount(email: "jana@staffbook.test")
            _ = try await app.execute(
                "/v1/auth/password", method: .post, json: #"{"email":"jana@staffbook.test","password":"wrong secret 1"}"#
            )
            let tokens = try await app.signIn("jana@staffbook.test")
            let refreshed = try await app.refresh(tokens.refreshToken).decode(TestContext.Tokens.self)
            _ = try await app.get("/v1/me", token: refreshed.accessToken)
            _ = try await app.get("/v1/me", token: "not.a.token")

            let log = sink.lines.joined()
            #expect(!log.isEmpty)
            for secret in [
                "wrong secret 1", TestContext.password, tokens.accessToken, tokens.refreshToken,
                refreshed.accessToken, refreshed.refreshToken, "not.a.token",
            ] {
                #expect(!log.contains(secret), "log contains a secret")
            }
            let hash = try await app.withDatabase { pool in
                try await PostgresAccountRepository(database: pool, logger: TestDatabase.logger).find(id: account.id)?.passwordHash
            }
            #expect(!log.contains(try #require(hash)))
        }
    }

    @Test(.tags(.fourthProbe))
    func aWrongPasswordAgainstACheaperHashCostsWhatOneCheckAtTheConfiguredCostCosts() async throws {
        // bcrypt's work doubles with each step of cost: 2^(12 - 10) checks at 10 are one at 12.
        #expect(PasswordHasher.paddingChecks(stored: 10, configured: 12) == 3)
        #expect(PasswordHasher.paddingChecks(stored: 4, configured: 12) == 255)
        #expect(PasswordHasher.paddingChecks(stored: 12, configured: 12) == 0)
        #expect(PasswordHasher.paddingChecks(stored: 13, configured: 12) == 0)
        let hasher = PasswordHasher(cost: 6)
        let old = Bcrypt.hash(TestContext.password, cost: 4)

        #expect(try await hasher.verify("wrong password", against: old) == false)
        #expect(try await hasher.verify(TestContext.password, against: old))
    }
}
