import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import JWTKit
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Access tokens")
struct AccessTokenTests {
    /// Signs arbitrary claims with an HMAC key, as an attacker or another deployment would.
    private func forge(
        _ claims: AccessTokenClaims, key: AuthConfig.SigningKey = TestApp.signingKey, digest: DigestAlgorithm = .sha256
    ) async throws -> String {
        let keys = await JWTKeyCollection().add(hmac: HMACKey(from: Data(key.secret)), digestAlgorithm: digest, kid: JWKIdentifier(string: key.id))
        return try await keys.sign(claims, kid: JWKIdentifier(string: key.id))
    }

    private func claims(_ token: String) throws -> AccessTokenClaims {
        let payload = token.split(separator: ".")[1]
        return try JSONDecoder().decode(AccessTokenClaims.self, from: Base64URL.decode(payload)!)
    }

    @Test func theTokenCarriesTheRequiredClaimsAndAKid() async throws {
        try await TestApp.test { app in
            let account = try await app.createAccount(email: "jana@staffbook.test", roles: [.teamLeader])
            let token = try await app.signIn("jana@staffbook.test").accessToken

            let claims = try claims(token)
            let header = try JSONSerialization.jsonObject(with: Base64URL.decode(token.split(separator: ".")[0])!) as? [String: String]

            #expect(header?["alg"] == "HS256")
            #expect(header?["kid"] == TestApp.signingKey.id)
            #expect(claims.iss == "staffbook")
            #expect(claims.aud == "staffbook-api")
            #expect(claims.sub == account.id.uuidString.lowercased())
            #expect(UUID(uuidString: claims.sid) != nil)
            #expect(claims.roles == ["worker", "team_leader"])
            #expect(claims.exp - claims.iat == 3600)
        }
    }

    @Test func meAnswersTheCallersAccount() async throws {
        try await TestApp.test { app in
            let account = try await app.createAccount(email: "jana@staffbook.test")
            let token = try await app.signIn("jana@staffbook.test").accessToken

            let response = try await app.get("/v1/me", token: token)

            #expect(response.status == .ok)
            #expect(response.text.contains(account.id.uuidString.lowercased()))
        }
    }

    @Test func noTokenAnswers401WithABearerChallenge() async throws {
        try await TestApp.test { app in
            let response = try await app.execute("/v1/me", headers: [.acceptLanguage: "cs"])

            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] == "Bearer")
            #expect(response.problem?.type == "urn:staffbook:problem:unauthenticated")
            #expect(response.problem?.title == "Nepřihlášeno")
        }
    }

    enum Forgery: String, CaseIterable {
        case algNone, differentAlgorithm, wrongKey, unknownKid, wrongAudience, wrongIssuer, tamperedPayload, expired
        case notAJWT, notBearer
    }

    @Test(arguments: Forgery.allCases)
    func aBadTokenAnswers401InvalidToken(forgery: Forgery) async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let genuine = try await app.signIn("jana@staffbook.test").accessToken
            var claims = try claims(genuine)
            let parts = genuine.split(separator: ".").map(String.init)
            let authorization: String
            switch forgery {
            case .algNone:
                let header = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT","kid":"test-2026"}"#.utf8))
                authorization = "Bearer \(header).\(parts[1])."
            case .differentAlgorithm:
                // HS512 needs a 64-byte key; same kid, our secret padded.
                let padded = AuthConfig.SigningKey(id: TestApp.signingKey.id, secret: TestApp.signingKey.secret + Array(repeating: 0, count: 64))
                authorization = "Bearer " + (try await forge(claims, key: padded, digest: .sha512))
            case .wrongKey:
                authorization = "Bearer " + (try await forge(claims, key: .init(id: TestApp.signingKey.id, secret: Array(repeating: 7, count: 32))))
            case .unknownKid:
                authorization = "Bearer " + (try await forge(claims, key: .init(id: "other", secret: TestApp.signingKey.secret)))
            case .wrongAudience:
                claims.aud = "someone-else"
                authorization = "Bearer " + (try await forge(claims))
            case .wrongIssuer:
                claims.iss = "evil"
                authorization = "Bearer " + (try await forge(claims))
            case .tamperedPayload:
                claims.roles = ["worker", "admin"]
                authorization = "Bearer \(parts[0]).\(Base64URL.encode(Array(try JSONEncoder().encode(claims)))).\(parts[2])"
            case .expired:
                app.clock.advance(by: 3601)
                authorization = "Bearer \(genuine)"
            case .notAJWT:
                authorization = "Bearer abc"
            case .notBearer:
                authorization = "Basic amFuYTpzZWNyZXQ="
            }

            let response = try await app.execute("/v1/me", headers: [.authorization: authorization])

            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] == #"Bearer error="invalid_token""#)
            #expect(response.problem?.type == "urn:staffbook:problem:unauthenticated")
        }
    }

    @Test(arguments: [("Bearer abc.def.ghi", "abc.def.ghi"), ("bearer \t abc.def.ghi  ", "abc.def.ghi"), ("BEARER x", "x"),
                      ("Bearer    ", ""), ("Bearer ", nil), ("Basic amFuYQ==", nil), ("Bearerabc.def", nil), ("Bearer čau ", "čau")])
    func theBearerTokenIsTakenFromTheHeaderWhateverTheSchemeCaseAndSpaces(header: String, token: String?) {
        #expect(RequestScopeMiddleware.bearerToken(header) == token)
    }

    @Test func aTokenAlreadyAcceptedIsRefusedOnceItExpires() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let token = try await app.signIn("jana@staffbook.test").accessToken
            #expect(try await app.get("/v1/me", token: token).status == .ok)

            app.clock.advance(by: 3601)
            let response = try await app.get("/v1/me", token: token)

            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] == #"Bearer error="invalid_token""#)
        }
    }

    @Test func tokensSignedWithThePreviousKeyStillWorkAfterRotation() async throws {
        try await TestApp.test(configure: {
            $0.auth.signingKey = TestApp.otherKey
            $0.auth.previousSigningKey = TestApp.signingKey
        }) { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let current = try await app.signIn("jana@staffbook.test").accessToken
            var old = try claims(current)
            old.iat -= 60
            let signedWithPrevious = try await forge(old, key: TestApp.signingKey)

            #expect(try JSONSerialization.jsonObject(with: Base64URL.decode(current.split(separator: ".")[0])!) as? [String: String] == ["alg": "HS256", "typ": "JWT", "kid": TestApp.otherKey.id])
            #expect(try await app.get("/v1/me", token: signedWithPrevious).status == .ok)
            #expect(try await app.get("/v1/me", token: current).status == .ok)
        }
    }

    @Test func deactivationStopsAccessTokensWithinTheCacheLifetime() async throws {
        try await TestApp.test(configure: { $0.auth.sessionStatusCacheTTL = .milliseconds(300) }) { app in
            let account = try await app.createAccount(email: "jana@staffbook.test")
            let token = try await app.signIn("jana@staffbook.test").accessToken
            #expect(try await app.get("/v1/me", token: token).status == .ok)

            try await app.deactivate(account)
            try await Task.sleep(for: .milliseconds(400))

            #expect(try await app.get("/v1/me", token: token).status == .unauthorized)
            let signIn = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            #expect(signIn.status == .unauthorized)
        }
    }

    @Test func rolesComeFromTheAccountAsItIsNow() async throws {
        try await TestApp.test(configure: { $0.auth.sessionStatusCacheTTL = .zero }) { app in
            let account = try await app.createAccount(email: "jana@staffbook.test", roles: [.admin])
            let token = try await app.signIn("jana@staffbook.test").accessToken
            _ = try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    try await connection.query("UPDATE accounts SET roles = '{}' WHERE id = \(account.id)", logger: TestDatabase.logger)
                }
            }

            let caller = try await app.withDatabase { pool in
                try await PostgresSessionRepository(database: pool, logger: TestDatabase.logger)
                    .status(sessionId: UUID(uuidString: try claims(token).sid)!, now: app.clock.now())
            }

            #expect(caller == .active(accountId: account.id, roles: [.worker]))
        }
    }
}
