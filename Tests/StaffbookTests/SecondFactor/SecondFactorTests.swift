import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP

/// A second factor for password sign-ins, through the API: codes are computed here from the
/// enrolled secret as an authenticator app would (the generator is checked against RFC 6238's
/// own table first).
@Suite("Second factor")
struct SecondFactorTests {
    /// RFC 6238 appendix B, SHA-1 with the 20-byte ASCII secret: the six low digits of its
    /// eight-digit codes.
    @Test(arguments: [
        (59.0, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"),
        (2_000_000_000, "279037"), (20_000_000_000, "353130"),
    ])
    func codesMatchTheRFCsTestVectors(time: Double, code: String) {
        let secret = Array("12345678901234567890".utf8)
        #expect(TOTPGenerator.code(secret: secret, step: TOTPRules.step(at: Date(timeIntervalSince1970: time))) == code)
    }

    @Test func aCodeIsAcceptedOnceAndNeverAfterANewerOne() {
        let codes: [(step: Int64, code: String)] = [(11, "111111"), (10, "222222"), (9, "333333")]
        #expect(TOTPRules.acceptedStep(typed: "222 222", codes: codes, lastUsedStep: nil) == 10)
        #expect(TOTPRules.acceptedStep(typed: "222222", codes: codes, lastUsedStep: 10) == nil, "spent")
        #expect(TOTPRules.acceptedStep(typed: "333333", codes: codes, lastUsedStep: 10) == nil, "older than the one used")
        #expect(TOTPRules.acceptedStep(typed: "111111", codes: codes, lastUsedStep: 10) == 11)
        #expect(TOTPRules.acceptedStep(typed: "11111a", codes: codes, lastUsedStep: nil) == nil)
        #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI", "RFC 4648's vector")
        #expect(RecoveryCodes.normalized("ABCDE-fghjk") == "abcdefghjk" && RecoveryCodes.normalized("abcde-fghj1") == nil)
    }

    @Test func aWorkerEnrolsThenSignsInWithACodeWhichWorksOnceAndARecoveryCodeWorksOnce() async throws {
        try await TestApp.test { app in
            let jana = try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn(jana.email)
            let enrolled = try await app.execute("/v1/me/second-factor", method: .post, headers: [.authorization: "Bearer \(tokens.accessToken)"])
            let enrolment = try enrolled.decode(EnrolmentBody.self)
            let secret = try #require(Self.base32Decode(enrolment.secret))
            #expect(enrolled.status == .created && enrolled.headers[.cacheControl] == "no-store")
            #expect(enrolment.uri.hasPrefix("otpauth://totp/Staffbook:jana%40staffbook.test?secret=\(enrolment.secret)&issuer=Staffbook"))
            #expect(enrolment.qrCodeSvg.hasPrefix("<svg") && enrolment.qrCodeSvg.contains("<path"), "a QR code drawn by libqrencode")

            let wrong = try await confirm(app, tokens.accessToken, Self.code(secret, app.clock.now().addingTimeInterval(-300)))
            let confirmed = try await confirm(app, tokens.accessToken, Self.code(secret, app.clock.now()))
            let recovery = try confirmed.decode(RecoveryBody.self).recoveryCodes
            #expect(wrong.status == .unprocessableContent && wrong.problem?.type == "urn:staffbook:problem:code-refused")
            #expect(confirmed.status == .ok && recovery.count == 10 && Set(recovery).count == 10)

            let challenged = try await passwordSignIn(app, jana.email)
            let step = try challenged.decode(StepBody.self)
            #expect(challenged.status == .accepted && step.purpose == "code" && !challenged.text.contains("accessToken"), "no tokens yet")
            let sameCode = try await complete(app, step.challenge, Self.code(secret, app.clock.now()))
            #expect(sameCode.status == .unauthorized, "the code that confirmed the factor is spent")

            app.clock.advance(by: 30)
            let code = Self.code(secret, app.clock.now())
            let signedIn = try await complete(app, step.challenge, code)
            #expect(signedIn.status == .ok && signedIn.text.contains("accessToken") && !signedIn.text.contains("recoveryCodes"))
            let again = try await complete(app, step.challenge, code)
            #expect(again.status == .unauthorized, "a completed challenge is gone")
            let reused = try await complete(app, try passwordSignIn(app, jana.email).decode(StepBody.self).challenge, code)
            #expect(reused.status == .unauthorized && reused.problem?.detail.contains("code was not accepted") == true, "a code works once")

            let byRecovery = try await complete(app, try passwordSignIn(app, jana.email).decode(StepBody.self).challenge, recovery[0].uppercased())
            let recoveryAgain = try await complete(app, try passwordSignIn(app, jana.email).decode(StepBody.self).challenge, recovery[0])
            #expect(byRecovery.status == .ok && recoveryAgain.status == .unauthorized, "a recovery code works once")
            let state = try await app.get("/v1/me/second-factor", token: tokens.accessToken)
            #expect(state.text.contains(#""state":"active""#) && state.text.contains(#""recoveryCodesLeft":9"#))
            #expect(
                try await app.sql(
                    "SELECT string_agg(action, ',' ORDER BY id) FROM audit_log WHERE entity = 'second_factor' AND subject_id = '\(jana.id)'")
                    == ["enrol,confirm,use_recovery_code"])
        }
    }

    @Test func anAdminWithoutAFactorCanOnlyEnrolOneWhereItIsRequiredAndTheFirstCodeSignsThemIn() async throws {
        try await TestApp.test(configure: { $0.auth.adminSecondFactor = .required }) { app in
            let admin = try await app.createAccount(email: "boss@staffbook.test", roles: [.admin])
            let worker = try await app.createAccount(email: "jana@staffbook.test")
            _ = try await app.signIn(worker.email)  // a worker is not asked

            let challenged = try await passwordSignIn(app, admin.email)
            let step = try challenged.decode(StepBody.self)
            #expect(challenged.status == .accepted && step.purpose == "enrol")
            let withoutFactor = try await complete(app, step.challenge, "123456")
            #expect(withoutFactor.status == .unauthorized, "nothing but enrolling completes it")

            let enrolled = try await app.execute(
                "/v1/auth/second-factor/enrolment", method: .post, json: #"{"challenge":"\#(step.challenge)"}"#)
            let secret = try #require(Self.base32Decode(try enrolled.decode(EnrolmentBody.self).secret))
            let signedIn = try await complete(app, step.challenge, Self.code(secret, app.clock.now()))
            #expect(enrolled.status == .ok && signedIn.status == .ok)
            let codesShown = try signedIn.decode(RecoveryBody.self).recoveryCodes.count
            #expect(signedIn.text.contains("accessToken") && codesShown == 10)

            let next = try await passwordSignIn(app, admin.email)
            let nextPurpose = try next.decode(StepBody.self).purpose
            #expect(next.status == .accepted && nextPurpose == "code")
            let other = try await app.execute(
                "/v1/auth/second-factor/enrolment", method: .post, json: #"{"challenge":"\#(try next.decode(StepBody.self).challenge)"}"#)
            #expect(other.status == .unauthorized, "a challenge for a code cannot enrol another factor")
        }
    }

    @Test func wrongCodesCountAgainstTheSignInThrottleAndAnUnknownChallengeAnswersTheSame() async throws {
        try await TestApp.test { app in
            let jana = try await app.createAccount(email: "jana@staffbook.test")
            let secret = try await enrol(app, jana.email)
            app.clock.advance(by: 60)
            let challenge = try await passwordSignIn(app, jana.email).decode(StepBody.self).challenge
            let unknown = try await complete(app, String(repeating: "A", count: 43), "123456")
            var answers: [Int] = []
            for _ in 0..<5 { answers.append(try await complete(app, challenge, "000000").status.code) }
            let locked = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "203.0.113.7"],
                json: #"{"email":"\#(jana.email)","password":"\#(TestContext.password)"}"#)
            #expect(unknown.status == .unauthorized && unknown.problem?.detail.contains("code was not accepted") == true, "as a wrong code")
            #expect(answers == [401, 401, 401, 401, 401])
            #expect(locked.status == .tooManyRequests, "five wrong codes lock password sign-ins from this address")
            #expect(try await app.sql("SELECT count(*)::text FROM sign_in_challenges") == ["0"], "the fifth wrong code ended the challenge")
            #expect(Self.code(secret, app.clock.now()).count == 6)
        }
    }

    /// Fifth probe, finding 4: the right password reset the account's count of wrong codes, so
    /// 40 codes for one account went through from one address within a minute. Now the account
    /// takes five wrong codes in a window, from however many addresses, until a code succeeds.
    @Test(.tags(.fifthProbe)) func aRightPasswordDoesNotResetTheWrongCodesCountedAgainstTheAccount() async throws {
        try await TestApp.test { app in
            let jana = try await app.createAccount(email: "jana@staffbook.test")
            let secret = try await enrol(app, jana.email)
            app.clock.advance(by: 60)
            var refusedCodes = 0
            var stopped = 0
            for round in 0..<10 {
                let address = "198.51.100.\(round + 1)"
                let signedIn = try await app.execute(
                    "/v1/auth/password", method: .post, headers: [.xForwardedFor: address],
                    json: #"{"email":"\#(jana.email)","password":"\#(TestContext.password)"}"#)
                guard signedIn.status == .accepted, let challenge = try? signedIn.decode(StepBody.self).challenge else {
                    stopped += 1
                    continue
                }
                for _ in 0..<4 {
                    let answer = try await app.execute(
                        "/v1/auth/second-factor", method: .post, headers: [.xForwardedFor: address],
                        json: #"{"challenge":"\#(challenge)","code":"000000"}"#)
                    if answer.status == .unauthorized { refusedCodes += 1 } else { #expect(answer.status == .tooManyRequests) }
                }
            }
            #expect(refusedCodes == 5, "five wrong codes for the account, from ten addresses (before: 40): \(refusedCodes)")
            #expect(stopped == 0, "the password still answers from a new address; the codes do not")
            // Once the window has passed, a right code signs her in and the count starts again.
            app.clock.advance(by: 16 * 60)
            let challenge = try await passwordSignIn(app, jana.email).decode(StepBody.self).challenge
            let done = try await complete(app, challenge, Self.code(secret, app.clock.now()))
            #expect(done.status == .ok, "\(done.text)")
        }
    }

    @Test func anAdminResetsAnothersFactorButNotTheirOwnAndItIsAudited() async throws {
        try await TestApp.test { app in
            let admin = try await app.createAccount(email: "boss@staffbook.test", roles: [.admin])
            let jana = try await app.createAccount(email: "jana@staffbook.test")
            _ = try await enrol(app, jana.email)
            let adminTokens = try await app.signIn(admin.email)
            let bearer: HTTPFields = [.authorization: "Bearer \(adminTokens.accessToken)"]
            let own = try await app.execute("/v1/users/\(admin.id)/second-factor", method: .delete, headers: bearer)
            let reset = try await app.execute("/v1/users/\(jana.id)/second-factor", method: .delete, headers: bearer)
            let again = try await app.execute("/v1/users/\(jana.id)/second-factor", method: .delete, headers: bearer)
            let nobody = try await app.execute("/v1/users/\(UUID())/second-factor", method: .delete, headers: bearer)
            #expect(own.status == .conflict && reset.status == .noContent && again.status == .conflict && nobody.status == .notFound)
            let signedIn = try await app.signIn(jana.email)
            #expect(!signedIn.accessToken.isEmpty, "a password alone signs her in again")
            #expect(
                try await app.sql(
                    "SELECT changed_by::text || ' ' || action || ' ' || (request_id IS NOT NULL)::text FROM audit_log WHERE entity = 'second_factor' AND action = 'reset'")
                    == ["\(admin.id.uuidString.lowercased()) reset true"])
        }
    }

    // MARK: - Helpers

    struct EnrolmentBody: Decodable { var secret: String; var uri: String; var qrCodeSvg: String }
    struct RecoveryBody: Decodable { var recoveryCodes: [String] }
    struct StepBody: Decodable { var challenge: String; var purpose: String }

    /// Enrols and confirms a factor for an account with a password; its secret.
    func enrol(_ app: TestContext, _ email: String) async throws -> [UInt8] {
        let tokens = try await app.signIn(email)
        let enrolled = try await app.execute("/v1/me/second-factor", method: .post, headers: [.authorization: "Bearer \(tokens.accessToken)"])
        let secret = try #require(Self.base32Decode(try enrolled.decode(EnrolmentBody.self).secret))
        let confirmed = try await confirm(app, tokens.accessToken, Self.code(secret, app.clock.now()))
        #expect(confirmed.status == .ok)
        return secret
    }

    func confirm(_ app: TestContext, _ token: String, _ code: String) async throws -> TestResponse {
        try await app.execute(
            "/v1/me/second-factor/confirmation", method: .post, headers: [.authorization: "Bearer \(token)"], json: #"{"code":"\#(code)"}"#)
    }

    func passwordSignIn(_ app: TestContext, _ email: String) async throws -> TestResponse {
        try await app.execute(
            "/v1/auth/password", method: .post, headers: [.xForwardedFor: "203.0.113.7"],
            json: #"{"email":"\#(email)","password":"\#(TestContext.password)"}"#)
    }

    func complete(_ app: TestContext, _ challenge: String, _ code: String) async throws -> TestResponse {
        try await app.execute(
            "/v1/auth/second-factor", method: .post, headers: [.xForwardedFor: "203.0.113.7"],
            json: #"{"challenge":"\#(challenge)","code":"\#(code)"}"#)
    }

    static func code(_ secret: [UInt8], _ date: Date) -> String {
        TOTPGenerator.code(secret: secret, step: TOTPRules.step(at: date))
    }

    static func base32Decode(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> UInt32(bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return bytes
    }
}
