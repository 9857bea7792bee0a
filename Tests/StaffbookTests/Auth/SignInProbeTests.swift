import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import JWTKit
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Findings of the outside probes about this area, one test (or more) each; each test is
/// tagged with the probe that found it. The timing and slow-client medians are in `make verify`.
@Suite("Sign-in, passwords and account links: what the outside probes found")
struct SignInProbeTests {
    // 1. Account enumeration by timing.

    /// The third probe found the decoy at the stored hashes' typical cost (10) while real
    /// accounts carried the configured one (12): it must cost what the configured cost costs.
    @Test(.tags(.secondProbe)) func timing_theDecoyCostsWhatTheConfiguredCostCosts() async throws {
        let hasher = PasswordHasher(cost: 6)

        let decoy = try await hasher.decoy()

        #expect(PasswordHasher.cost(of: decoy) == 6)
        #expect(try await hasher.verify("staffbook decoy password", against: nil) == false)
    }

    @Test(.tags(.secondProbe)) func timing_aSignInWithAnOlderCostRehashesThePasswordAtTheConfiguredCost() async throws {
        try await TestApp.test(configure: { $0.auth.bcryptCost = 5 }) { app in
            let account = try await app.createAccount(email: "jana@staffbook.test")

            _ = try await app.signIn("jana@staffbook.test")
            let stored = try await app.sql("SELECT password_hash FROM accounts WHERE id = '\(account.id)'").first ?? nil

            #expect(PasswordHasher.cost(of: try #require(stored)) == 5)
            #expect(Bcrypt.verify(TestContext.password, hash: try #require(stored)))
            #expect(try await app.signIn("jana@staffbook.test").accessToken.isEmpty == false)
        }
    }

    // 3. Unicode case folding.

    @Test(.tags(.secondProbe)) func unicode_anAddressSpeltWithADottedCapitalICountsAgainstTheSameAccount() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "sarka.simkova@staffbook.test")
            for _ in 0..<5 {
                _ = try await app.execute(
                    "/v1/auth/password", method: .post, json: #"{"email":"sarka.simkova@staffbook.test","password":"wrong password"}"#
                )
            }

            let variant = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"sarka.s\#u{0130}mkova@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(variant.status == .tooManyRequests, "\(variant.text)")
            #expect(variant.headers[.retryAfter] != nil)
        }
    }

    @Test(.tags(.secondProbe)) func unicode_addressesAreStoredInOneNormalFormSoACompatibilityVariantIsTaken() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            func person(_ email: String) -> String {
                """
                {"email":"\(email)","firstName":"Filip","lastName":"Nový",
                 "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"500","effectiveFrom":"2026-12-01"}}
                """
            }

            let first = try await app.send(.post, "/v1/users", token: admin, json: person("ﬁlip@staffbook.example"))
            let second = try await app.send(.post, "/v1/users", token: admin, json: person("FILIP@staffbook.example"))

            #expect(first.status == .created, "\(first.text)")
            #expect(first.text.contains(#""email":"filip@staffbook.example""#))
            #expect(second.status == .conflict)
            #expect(second.problem?.type == "urn:staffbook:problem:email-taken")
        }
    }

    // 5. A bad bearer token on a route that needs none.

    @Test(.tags(.secondProbe)) func bearerOnPublicRoutes_aBadTokenIsIgnoredWhereNoneIsNeeded() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")
            let stale: HTTPFields = [.authorization: "Bearer expired.or.forged"]

            let live = try await app.execute("/health/live", headers: stale)
            let contract = try await app.execute("/openapi.yaml", headers: stale)
            let signIn = try await app.execute(
                "/v1/auth/password", method: .post, headers: stale,
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            let refresh = try await app.execute(
                "/v1/auth/refresh", method: .post, headers: [.authorization: "Basic eDp5"],
                json: #"{"refreshToken":"\#(tokens.refreshToken)"}"#
            )
            let me = try await app.execute("/v1/me", headers: stale)

            #expect(live.status == .ok)
            #expect(contract.status == .ok)
            #expect(signIn.status == .ok)
            #expect(refresh.status == .ok, "\(refresh.text)")
            #expect(me.status == .unauthorized)
        }
    }

    // 7. Google key set outages.

    @Test(.tags(.secondProbe)) func googleOutage_aHangingKeySetAnswers503QuicklyAndCountsAgainstNobody() async throws {
        let server = try await TestJWKSServer(document: GoogleTestTokens.jwks([(GoogleTestTokens.keyId, GoogleTestTokens.privateKey)]))
        server.hang()
        try await TestApp.test(configure: { config in
            config.auth.google.jwksURL = server.url
            config.auth.google.fetchTimeout = .milliseconds(300)
        }) { app in
            try await app.createAccount(email: "jana@staffbook.test", password: nil)
            let token = try await GoogleTestTokens.token(.init(email: "jana@staffbook.test", now: app.clock.now()))
            let started = ContinuousClock.now

            let response = try await app.execute("/v1/auth/google", method: .post, json: #"{"idToken":"\#(token)"}"#)
            let again = try await app.execute("/v1/auth/google", method: .post, json: #"{"idToken":"\#(token)"}"#)

            // Bounded, not fast: without the bound the request waits for the hanging server for ever.
            #expect(ContinuousClock.now - started < .seconds(20))
            #expect(response.status == .serviceUnavailable, "\(response.text)")
            #expect(response.headers[.retryAfter] == "30")
            #expect(again.status == .serviceUnavailable)
            #expect(try await app.sql("SELECT count(*)::text FROM sign_in_throttle") == ["0"])
        }
        try await server.close()
    }

    @Test(.tags(.secondProbe)) func googleOutage_aKeyFetchedBeforeTheOutageKeepsWorking() async throws {
        let server = try await TestJWKSServer(document: GoogleTestTokens.jwks([(GoogleTestTokens.keyId, GoogleTestTokens.privateKey)]))
        try await TestApp.test(configure: { config in
            config.auth.google.jwksURL = server.url
            // Generous: in a full parallel test run on two cores a loopback fetch has taken
            // over 5 s, and this test is about the cached key, not about the bound.
            config.auth.google.fetchTimeout = .seconds(20)
        }) { app in
            try await app.createAccount(email: "jana@staffbook.test", password: nil)
            let token = try await GoogleTestTokens.token(.init(email: "jana@staffbook.test", now: app.clock.now()))
            let before = try await app.execute("/v1/auth/google", method: .post, json: #"{"idToken":"\#(token)"}"#)
            server.hang()

            let during = try await app.execute("/v1/auth/google", method: .post, json: #"{"idToken":"\#(token)"}"#)

            #expect(before.status == .ok, "\(before.text)")
            #expect(during.status == .ok, "\(during.text)")
        }
        try await server.close()
    }

    // 8. bcrypt reads only 72 bytes.

    @Test(.tags(.secondProbe)) func bcrypt72_aPasswordWithASuffixPastByte72OrANulDoesNotSignIn() async throws {
        // 72 bytes exactly: 12 × "Kůň1" (K, then ů and ň in two bytes each, then 1).
        let trimmed = String(repeating: "Kůň1", count: 12)
        try await TestApp.test { app in
            #expect(trimmed.utf8.count == 72)
            try await app.createAccount(email: "jana@staffbook.test", password: trimmed)
            func signIn(_ password: String) async throws -> TestResponse {
                let body = try JSONEncoder().encode(["email": "jana@staffbook.test", "password": password])
                return try await app.execute("/v1/auth/password", method: .post, json: String(decoding: body, as: UTF8.self))
            }

            let exact = try await signIn(trimmed)
            let longer = try await signIn(trimmed + "anything")
            let nul = try await signIn("short pw" + "\u{0}garbage")

            #expect(exact.status == .ok)
            #expect(longer.status == .unauthorized)
            #expect(nul.status == .badRequest)
            #expect(PasswordRules.problem(trimmed + "anything") == .tooLong)
            #expect(PasswordRules.problem("correct horse\u{0}") == .controlCharacter)
        }
    }

    // 12. A token's subject must match its session's account.

    @Test(.tags(.secondProbe)) func subjectAndSession_aTokenNamingOneAccountAndAnothersSessionOpensNothing() async throws {
        try await TestApp.test(configure: { $0.auth.sessionStatusCacheTTL = .zero }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let payload = try #require(Base64URL.decode(jan.split(separator: ".")[1]))
            let sid = try JSONDecoder().decode(AccessTokenClaims.self, from: payload).sid
            let now = Int(app.clock.now().timeIntervalSince1970)
            let claims = AccessTokenClaims(
                iss: "staffbook", aud: "staffbook-api", sub: Demo.admin.lowercasedString, sid: sid, roles: ["admin"], iat: now, exp: now + 600
            )
            let keys = await JWTKeyCollection().add(
                hmac: HMACKey(from: Data(TestApp.signingKey.secret)), digestAlgorithm: .sha256, kid: JWKIdentifier(string: TestApp.signingKey.id)
            )
            let forged = try await keys.sign(claims, kid: JWKIdentifier(string: TestApp.signingKey.id))

            let response = try await app.get("/v1/users/\(Demo.admin)", token: forged)

            #expect(response.status == .unauthorized)
            #expect(!response.text.contains("admin@staffbook.example"))
        }
    }

    // 3. Made-up link tokens: looked up before any bcrypt, and counted against the address.

    @Test(.tags(.thirdProbe)) func linkGuessing_madeUpTokensAreCountedPerAddressAndARealLinkStillWorksElsewhere() async throws {
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

    @Test(.tags(.thirdProbe)) func secretPaths_linkAndResetTokensAreNotWrittenToTheLog() async throws {
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

    // 7. One link used ends the other.

    @Test(.tags(.thirdProbe)) func linksRevokeEachOther_aPasswordSetThroughOneLinkEndsTheAccountsOtherLinks() async throws {
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

    // 13. Common passwords.

    @Test(.tags(.thirdProbe), arguments: ["aaaaaaaaaaaa", "password1234", "Password1234", "qwertyuiop123", "1qaz2wsx3edc", "ŽŽŽŽŽŽŽŽŽŽŽŽ"])
    func commonPasswords_aCommonOrOneCharacterPasswordIsRefused(password: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let links = AccountLinks(secret: TestApp.signingKey.secret, linkBase: "staffbook://")
            let grant = links.grant(.passwordReset, now: app.clock.now())
            try await app.withDatabase { pool in
                _ = try await PostgresAccountLinkRepository(database: pool, logger: TestDatabase.logger)
                    .issue(grant, purpose: .passwordReset, accountId: Demo.janNovak, now: app.clock.now())
            }
            let token = links.token(notificationId: grant.notificationId)

            let refused = try await app.send(.post, "/v1/auth/password-reset/\(token)", token: nil, json: #"{"password":"\#(password)"}"#)
            let accepted = try await app.send(.post, "/v1/auth/password-reset/\(token)", token: nil, json: #"{"password":"zelený kůň skáče přes plot"}"#)

            #expect(refused.status == .badRequest)
            #expect(refused.problem?.errors?.map(\.code) == ["common"])
            #expect(accepted.status == .noContent)
            #expect(CommonPasswords.list.count >= 10_000)
        }
    }

    @Test(.tags(.thirdProbe)) func info_duringAnAccountLockTheRightPasswordFromAnAddressThatHasNotFailedSignsIn() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            for attempt in 0..<6 {
                _ = try await app.execute(
                    "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.\(attempt)"],
                    json: #"{"email":"jana@staffbook.test","password":"wrong password"}"#
                )
            }

            let attacker = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.1"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            let owner = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "203.0.113.50"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(owner.status == .ok)
            #expect(attacker.status == .tooManyRequests)
        }
    }
}
