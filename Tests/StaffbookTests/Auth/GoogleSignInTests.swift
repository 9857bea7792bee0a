import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Google sign-in")
struct GoogleSignInTests {
    private func signIn(_ app: TestContext, token: String) async throws -> TestResponse {
        try await app.execute("/v1/auth/google", method: .post, json: #"{"idToken":"\#(token)"}"#)
    }

    @Test func aValidIDTokenForAnActiveAccountSignsIn() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test", password: nil)
            let token = try await GoogleTestTokens.token(.init(email: "Jana@staffbook.test", now: app.clock.now()))

            let response = try await signIn(app, token: token)

            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-store")
            let tokens = try response.decode(TestContext.Tokens.self)
            #expect(try await app.get("/v1/me", token: tokens.accessToken).status == .ok)
        }
    }

    enum Rejection: String, CaseIterable {
        case badSignature, wrongIssuer, wrongAudience, expired, issuedInFuture, unverifiedEmail, wrongDomain
        case unknownAccount, deactivatedAccount, unknownKid, notAJWT, wrongAlgorithmHeader
    }

    @Test(arguments: Rejection.allCases)
    func aTokenThatFailsAnyCheckAnswers401(rejection: Rejection) async throws {
        try await TestApp.test { app in
            let account = try await app.createAccount(email: "jana@staffbook.test", password: nil)
            var claims = GoogleTestTokens.Claims(email: "jana@staffbook.test", now: app.clock.now())
            var key = GoogleTestTokens.privateKey
            var keyId = GoogleTestTokens.keyId
            switch rejection {
            case .badSignature: key = GoogleTestTokens.strangerKey
            case .wrongIssuer: claims.iss = "https://accounts.evil.example"
            case .wrongAudience: claims.aud = "someone-elses-app.apps.googleusercontent.com"
            case .expired: claims.exp = Int(app.clock.now().timeIntervalSince1970) - 61
            case .issuedInFuture: claims.iat = Int(app.clock.now().timeIntervalSince1970) + 3600
            case .unverifiedEmail: claims.email_verified = false
            case .wrongDomain: claims.hd = "gmail.com"
            case .unknownAccount: claims.email = "stranger@staffbook.test"
            case .deactivatedAccount: try await app.deactivate(account)
            case .unknownKid: keyId = "not-published"
            case .notAJWT, .wrongAlgorithmHeader: break
            }
            var token = try await GoogleTestTokens.token(claims, key: key, keyId: keyId)
            if rejection == .notAJWT { token = "abc.def" }
            if rejection == .wrongAlgorithmHeader {
                let parts = token.split(separator: ".")
                token = Base64URL.encode(Array(#"{"alg":"HS256","kid":"\#(GoogleTestTokens.keyId)"}"#.utf8)) + ".\(parts[1]).\(parts[2])"
            }

            let response = try await signIn(app, token: token)

            #expect(response.status == .unauthorized, "\(response.text)")
            #expect(response.problem?.type == "urn:staffbook:problem:sign-in-failed")
        }
    }

    @Test func anUnknownKidRefetchesTheKeySetAtMostOnceAMinute() async throws {
        let clock = TestClock()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
        try GoogleTestTokens.jwks([(GoogleTestTokens.keyId, GoogleTestTokens.privateKey)]).write(to: file)
        let keySet = GoogleKeySet(source: URLJWKSSource(url: file, timeout: .seconds(5)), clock: clock, minimumRefetchInterval: 60)

        _ = try await keySet.keys(containing: GoogleTestTokens.keyId)
        // Google rotates: a new key appears in the published set.
        try GoogleTestTokens.jwks([
            (GoogleTestTokens.keyId, GoogleTestTokens.privateKey), ("rotated", GoogleTestTokens.strangerKey),
        ]).write(to: file)
        clock.advance(by: 10)
        let tooSoon = try await keySet.keys(containing: "rotated")
        let unknownTooSoon = try await keySet.keys(containing: "bogus")
        clock.advance(by: 60)
        let afterAMinute = try await keySet.keys(containing: "rotated")

        #expect(tooSoon == nil)
        #expect(unknownTooSoon == nil)
        #expect(afterAMinute != nil)
        #expect(await keySet.fetchCount == 2)
    }
}
