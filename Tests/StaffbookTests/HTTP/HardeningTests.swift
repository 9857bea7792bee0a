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
@testable import StaffbookPostgres

/// The findings of the second outside probe, one test (or more) each, named after the finding.
/// The timing, slow-client and idle-socket findings need real processes: `make verify` has them.
@Suite("Hardening: the second probe's findings")
struct HardeningTests {
    private struct People: Decodable {
        struct Item: Decodable { var lastName: String }
        var items: [Item]
    }

    // 1. Account enumeration by timing.

    /// The third probe found the decoy at the stored hashes' typical cost (10) while real
    /// accounts carried the configured one (12): it must cost what the configured cost costs.
    @Test func timing_theDecoyCostsWhatTheConfiguredCostCosts() async throws {
        let hasher = PasswordHasher(cost: 6)

        let decoy = try await hasher.decoy()

        #expect(PasswordHasher.cost(of: decoy) == 6)
        #expect(try await hasher.verify("staffbook decoy password", against: nil) == false)
    }

    @Test func timing_aSignInWithAnOlderCostRehashesThePasswordAtTheConfiguredCost() async throws {
        try await TestApp.test(configure: { $0.auth.bcryptCost = 5 }) { app in
            let account = try await app.createAccount(email: "jana@staffbook.test")

            _ = try await app.signIn("jana@staffbook.test")
            let stored = try await app.sql("SELECT password_hash FROM accounts WHERE id = '\(account.id)'").first ?? nil

            #expect(PasswordHasher.cost(of: try #require(stored)) == 5)
            #expect(Bcrypt.verify(TestContext.password, hash: try #require(stored)))
            #expect(try await app.signIn("jana@staffbook.test").accessToken.isEmpty == false)
        }
    }

    // 2. Slow and idle clients: make verify (real sockets, seconds). The cap's arithmetic here.

    @Test func slowClients_theConnectionCapCountsAcrossConnectionsAndFreesClosedOnes() {
        let connections = OpenConnections()

        let opened = (0..<5).map { _ in connections.tryOpen(limit: 3) }
        connections.close()

        #expect(opened == [true, true, true, false, false])
        #expect(connections.tryOpen(limit: 3))
        #expect(connections.current == 3)
    }

    // 3. Unicode case folding.

    @Test func unicode_anAddressSpeltWithADottedCapitalICountsAgainstTheSameAccount() async throws {
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

    @Test func unicode_addressesAreStoredInOneNormalFormSoACompatibilityVariantIsTaken() async throws {
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

    // 4. LIKE wildcards after unaccent.

    @Test(arguments: ["%EF%BC%85", "%EF%BC%BF", "%25", "_"])
    func likeWildcards_aFullwidthOrPlainWildcardMatchesNobody(q: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let people = try await app.get("/v1/users?q=\(q)", token: admin)
            let invoices = try await app.get("/v1/invoices?q=\(q)", token: admin)

            #expect(people.status == .ok)
            #expect(try people.decode(People.self).items.isEmpty)
            #expect(invoices.text.contains(#""items":[]"#), "\(invoices.text.prefix(200))")
        }
    }

    // 5. A bad bearer token on a route that needs none.

    @Test func bearerOnPublicRoutes_aBadTokenIsIgnoredWhereNoneIsNeeded() async throws {
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

    // 6. Malformed chunked encoding.

    @Test(arguments: ["FFFFFFFFFFFFFFFFFF", "zz"])
    func chunkedEncoding_aMalformedChunkSizeAnswers400(size: String) async throws {
        let sink = JSONLogSink()
        try await TestApp.test(.live, logSink: sink) { app in
            let port = try #require(app.client.port)
            let request = "POST /v1/auth/password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n\(size)\r\n{}\r\n0\r\n\r\n"

            let (answer, _) = try await RawHTTP.exchange(port: port, Array(request.utf8))

            #expect(RawHTTP.status(answer) == 400, "\(answer.prefix(200))")
            #expect(answer.contains("urn:staffbook:problem:malformed-request"))
            #expect(!sink.lines.contains { $0.contains(#""level":"error""#) })
        }
    }

    // 7. Google key set outages.

    @Test func googleOutage_aHangingKeySetAnswers503QuicklyAndCountsAgainstNobody() async throws {
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

    @Test func googleOutage_aKeyFetchedBeforeTheOutageKeepsWorking() async throws {
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

    @Test func bcrypt72_aPasswordWithASuffixPastByte72OrANulDoesNotSignIn() async throws {
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

    // 9. Spreadsheet formula injection.

    @Test func formulaInjection_aNameStartingWithAFormulaCharacterIsTextInTheCSVExport() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.sql("UPDATE accounts SET first_name = '=HYPERLINK(\"http://x.test\")', last_name = '@SUM(A1)' WHERE id = '\(Demo.ondrejChalupa)'")
            _ = try await app.sql("UPDATE invoices SET state = 'approved' WHERE account_id = '\(Demo.ondrejChalupa)' AND period = '2026-09-01'")

            let csv = try await app.get("/v1/invoices/export?period=2026-09&format=csv", token: admin).text

            #expect(csv.contains(#""'=HYPERLINK(""http://x.test"") @SUM(A1)""#), "\(csv.prefix(500))")
            #expect(!csv.contains(",=HYPERLINK") && !csv.contains("\n=HYPERLINK"))
            #expect(CSVDocument.field("-1+1") == "'-1+1")
            #expect(CSVDocument.field("\tcmd") == "'\tcmd")
            #expect(CSVDocument.field("Novák") == "Novák")
        }
    }

    // 10. Caching and content headers.

    @Test func headers_personalAnswersAreNotStoredFilesAreRevalidatedAndRunNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            let upload = try await app.upload("2026-11", token: token).decode(WorkerInvoiceTests.Month.self)

            let me = try await app.get("/v1/me", token: token)
            let list = try await app.get("/v1/me/invoices", token: token)
            let file = try await app.get(try #require(upload.file?.downloadUrl), token: token)
            let live = try await app.execute("/health/live")

            #expect(me.headers[.cacheControl] == "no-store")
            #expect(list.headers[.cacheControl] == "no-store")
            #expect(file.headers[.cacheControl] == "private, no-cache")
            #expect(file.headers[.contentSecurityPolicy] == "default-src 'none'; frame-ancestors 'none'; sandbox")
            for response in [me, list, file, live] {
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    // 11. Idempotency keys bound to their request.

    @Test func idempotency_aKeyReusedWithADifferentRequestAnswers422() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let worker = try await app.token("jan.novak@staffbook.example")
            let key: HTTPFields = [.literal("Idempotency-Key"): "bulk-1"]
            var uploadKey = Multipart.headers
            uploadKey[.literal("Idempotency-Key")] = "upload-1"

            let first = try await app.send(.post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"approve","ids":[]}"#, headers: key)
            let other = try await app.send(
                .post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"mark-paid","filter":{"period":"2026-09"}}"#, headers: key
            )
            let upload = try await app.upload("2026-11", token: worker, headers: uploadKey)
            let otherFile = try await app.upload("2026-11", token: worker, body: Multipart.invoice(amount: "1.00"), headers: uploadKey)

            #expect(first.status == .ok)
            #expect(other.status == .unprocessableContent)
            #expect(other.problem?.type == "urn:staffbook:problem:idempotency-key-reused")
            #expect(upload.status == .created)
            #expect(otherFile.status == .unprocessableContent)
            #expect(otherFile.problem?.type == "urn:staffbook:problem:idempotency-key-reused")
        }
    }

    // 12. A token's subject must match its session's account.

    @Test func subjectAndSession_aTokenNamingOneAccountAndAnothersSessionOpensNothing() async throws {
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

    // 13. HEAD and Host.

    @Test func headAndHost_headAnswersLikeGetWithoutABody() async throws {
        try await TestApp.test { app in
            let get = try await app.execute("/openapi.yaml")
            let head = try await app.execute("/openapi.yaml", method: .head)
            let headMe = try await app.execute("/v1/me", method: .head)

            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(headMe.status == .unauthorized)
        }
    }

    @Test func headAndHost_anHTTP11RequestWithoutHostAnswers400() async throws {
        try await TestApp.test(.live) { app in
            let port = try #require(app.client.port)

            let (missing, closed) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.1\r\n\r\n".utf8))
            let (twice, _) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".utf8))
            let (old, oldClosed) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.0\r\n\r\n".utf8))

            #expect(RawHTTP.status(missing) == 400, "\(missing.prefix(200))")
            #expect(missing.contains("application/problem+json"))
            #expect(closed)
            #expect(RawHTTP.status(twice) == 400)
            #expect(RawHTTP.status(old) == 200, "\(old.prefix(200))")
            #expect(oldClosed)
        }
    }

    // 14. Demo accounts in a deployment.

    @Test func demoAccounts_theyAreFoundWhileTheyKeepTheDemoPasswordAndOnlyOnAReachableServer() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            try await app.createAccount(email: "real@company.test")
            _ = try await app.sql(
                "UPDATE accounts SET password_hash = '\(Bcrypt.hash("a real password now", cost: 4))' WHERE email = 'jan.novak@staffbook.example'"
            )

            let (found, others) = try await app.withDatabase { pool in
                let accounts = PostgresAccountRepository(database: pool, logger: TestDatabase.logger)
                return (
                    try await DemoAccounts.usingDemoPassword(accounts: accounts, hasher: PasswordHasher(cost: 4)),
                    try await accounts.countAccounts(outsideEmailDomain: DemoAccounts.emailDomain)
                )
            }

            #expect(found.contains("admin@staffbook.example"))
            #expect(!found.contains("jan.novak@staffbook.example"))
            #expect(!found.contains("karel.byvaly@staffbook.example"))
            #expect(others == 1)
            #expect(DemoAccounts.isLoopback("127.0.0.1") && DemoAccounts.isLoopback("::1"))
            #expect(!DemoAccounts.isLoopback("0.0.0.0"))
        }
    }
}
