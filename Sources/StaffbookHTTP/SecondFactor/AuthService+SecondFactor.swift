import Crypto
import Foundation
import StaffbookCore

/// A second factor for password sign-ins: TOTP with recovery codes. A password sign-in of an
/// account with a confirmed factor gets a short-lived challenge instead of tokens; the code
/// completes it. Where admins must have a factor, an admin without one gets a challenge that
/// can only enrol one. Wrong codes count against the same throttles as wrong passwords.
extension AuthService {
    /// What enrolling shows once: the secret for typing, the URI and its QR code for scanning.
    package struct Enrolment: Sendable {
        package var secret: String
        package var uri: String
        package var qrCodeSVG: String
    }

    /// A person's factor as they see it.
    package struct SecondFactorState: Sendable {
        package var factor: SecondFactor?
        /// Whether their password sign-ins must have one (admins, where required).
        package var required: Bool
    }

    func secondStep(for account: Account, client: String) async throws -> SecondStep? {
        let purpose: SignInChallengePurpose
        if try await secondFactors.find(accountId: account.id)?.isActive == true {
            purpose = .code
        } else if requiresFactor(account) {
            purpose = .enrol
        } else {
            return nil
        }
        let secret = Base64URL.random32Bytes()
        let expiresAt = clock.now().addingTimeInterval(config.secondStepLifetime)
        try await secondFactors.createChallenge(
            secretHash: Self.hash(secret), challenge: SignInChallenge(accountId: account.id, purpose: purpose, client: client, expiresAt: expiresAt),
            now: clock.now())
        return SecondStep(challenge: secret, purpose: purpose, expiresAt: expiresAt)
    }

    func requiresFactor(_ account: Account) -> Bool {
        config.adminSecondFactor == .required && account.roles.contains(.admin)
    }

    /// An enrolment for a sign-in that may only enrol (an admin without a factor).
    package func startEnrolment(challenge: String, address: String) async throws -> Enrolment {
        try await refuseIfThrottled([addressKey(address)])
        guard let found = try await secondFactors.challenge(secretHash: Self.hash(challenge), now: clock.now()), found.purpose == .enrol,
            let account = try await accounts.find(id: found.accountId), account.isActive
        else {
            try await throttle.recordFailure([addressKey(address)], now: clock.now())
            throw AuthError.signInFailed(.secondStep)
        }
        return try await enrol(account, by: account.id)
    }

    /// Completes a password sign-in with a code: from the factor, a recovery code, or (for an
    /// enrolling admin) the new factor's first code, which confirms it. An unknown challenge
    /// costs what a known one does: a decoy secret's codes are computed and nothing tells them apart.
    func completeSignIn(challenge: String, code: String, address: String) async throws -> Issued {
        let addressKey = addressKey(address)
        try await refuseIfThrottled([addressKey])
        let hash = Self.hash(challenge)
        let found = try await secondFactors.challenge(secretHash: hash, now: clock.now())
        let account = try await accounts.find(id: found?.accountId ?? UUID())
        let accountKey = account.map { ThrottleKey.account($0.email, limit: config.maxFailuresPerAccount) }
        if let accountKey { try await refuseIfThrottled([accountKey]) }
        let factor = try await secondFactors.find(accountId: found?.accountId ?? UUID())
        var recoveryCodes: [String]?
        var accepted = false
        if let found, let account, account.isActive, let factor {
            switch found.purpose {
            case .code where factor.isActive:
                accepted = try await accepts(code, factor: factor, accountId: account.id, recovery: true)
            case .enrol where !factor.isActive:
                recoveryCodes = try await confirm(code, factor: factor, accountId: account.id, by: account.id)
                accepted = recoveryCodes != nil
            default:
                accepted = false
            }
        } else {
            _ = TOTPRules.acceptedStep(typed: code, codes: TOTPGenerator.candidates(secret: Self.decoySecret, at: clock.now()), lastUsedStep: nil)
        }
        // The challenge is used once: of two completions racing, one ends it and signs in.
        guard accepted, let account, try await secondFactors.endChallenge(secretHash: hash, now: clock.now()) else {
            try await throttle.recordFailure([accountKey, addressKey].compactMap { $0 }, now: clock.now())
            if found != nil { try await secondFactors.recordChallengeFailure(secretHash: hash, limit: config.secondStepAttempts) }
            logger.notice("second sign-in step refused", metadata: ["known_challenge": "\(found != nil)"])
            throw AuthError.signInFailed(.secondStep)
        }
        if let accountKey { try await throttle.reset(accountKey) }
        var issued = try await startSession(for: account, client: found?.client ?? "")
        issued.recoveryCodes = recoveryCodes
        return issued
    }

    package func secondFactorState(of caller: Caller) async throws -> SecondFactorState {
        let account = try await accounts.find(id: caller.accountId)
        return SecondFactorState(
            factor: try await secondFactors.find(accountId: caller.accountId), required: account.map(requiresFactor) ?? false)
    }

    /// Whether a person has a second factor, pending or confirmed (an admin's person page).
    package func hasSecondFactor(_ accountId: UUID) async throws -> Bool {
        try await secondFactors.find(accountId: accountId) != nil
    }

    /// Starts (or starts again) the caller's enrolment; refused while a confirmed factor exists.
    package func startEnrolment(of caller: Caller) async throws -> Enrolment {
        guard let account = try await accounts.find(id: caller.accountId) else { throw AuthError.unauthenticated(invalidToken: true) }
        return try await enrol(account, by: caller.accountId)
    }

    /// Confirms the caller's pending factor with its first code: the recovery codes, shown once.
    package func confirmEnrolment(of caller: Caller, code: String, address: String) async throws -> [String] {
        let (account, factor) = try await ownFactor(caller, address: address)
        guard !factor.isActive else { throw SecondFactorError.alreadyActive }
        guard let codes = try await confirm(code, factor: factor, accountId: caller.accountId, by: caller.accountId) else {
            throw try await refused(account, address: address)
        }
        return codes
    }

    /// Turns the caller's factor off, with a code from it or a recovery code.
    package func disableSecondFactor(of caller: Caller, code: String, address: String) async throws {
        let (account, factor) = try await ownFactor(caller, address: address)
        if factor.isActive, !(try await accepts(code, factor: factor, accountId: caller.accountId, recovery: true)) {
            throw try await refused(account, address: address)
        }
        guard try await secondFactors.remove(accountId: caller.accountId, by: caller.accountId, reason: "disable", now: clock.now()) else {
            throw SecondFactorError.none
        }
    }

    /// An admin removes another person's factor (a lost phone): their next password sign-in
    /// enrols again where a factor is required.
    /// Removes another person's factor; false when it waits for a second admin (an admin's, under
    /// the four-eyes rule).
    package func resetSecondFactor(of accountId: UUID, by caller: Caller, fourEyes: FourEyesSettings) async throws -> Bool {
        guard accountId != caller.accountId else { throw SecondFactorError.cannotResetOwn }
        switch try await secondFactors.reset(accountId: accountId, by: caller.accountId, fourEyes: fourEyes, now: clock.now()) {
        case .removed: return true
        case .requested: return false
        case .none: throw SecondFactorError.none
        }
    }

    /// The live challenge behind a browser's second step, if it is still live.
    package func pendingChallenge(_ challenge: String) async throws -> SignInChallenge? {
        try await secondFactors.challenge(secretHash: Self.hash(challenge), now: clock.now())
    }

    /// The pending factor of an account shown again (the desk's page after the form that started
    /// it); nil when there is none pending.
    package func pendingEnrolment(of accountId: UUID) async throws -> Enrolment? {
        guard let account = try await accounts.find(id: accountId), let factor = try await secondFactors.find(accountId: accountId),
            !factor.isActive, let (secret, _) = seal.open(factor.sealedSecret)
        else { return nil }
        return enrolment(secret, account)
    }

    private func enrol(_ account: Account, by actor: UUID) async throws -> Enrolment {
        let secret = TOTPGenerator.newSecret()
        guard try await secondFactors.startEnrolment(accountId: account.id, sealedSecret: try seal.seal(secret), by: actor, now: clock.now())
        else { throw SecondFactorError.alreadyActive }
        return enrolment(secret, account)
    }

    private func enrolment(_ secret: [UInt8], _ account: Account) -> Enrolment {
        let uri = TOTPGenerator.uri(secret: secret, account: account.email, issuer: config.secondFactorIssuer)
        return Enrolment(
            secret: Base32.encode(secret), uri: uri,
            qrCodeSVG: QRCodeSVG.svg(uri, title: "QR code for \(config.secondFactorIssuer): \(account.email)") ?? "")
    }

    /// The new codes when `code` is the pending factor's current code and confirms it; nil otherwise.
    private func confirm(_ code: String, factor: SecondFactor, accountId: UUID, by actor: UUID) async throws -> [String]? {
        guard !factor.isActive, let (secret, _) = seal.open(factor.sealedSecret),
            let step = TOTPRules.acceptedStep(typed: code, codes: TOTPGenerator.candidates(secret: secret, at: clock.now()), lastUsedStep: nil)
        else { return nil }
        let codes = RecoveryCodes.generate()
        let hashes = codes.compactMap(RecoveryCodes.normalized).map(Self.hash)
        guard try await secondFactors.confirm(accountId: accountId, step: step, recoveryCodeHashes: hashes, by: actor, now: clock.now()) else {
            return nil
        }
        return codes
    }

    /// Whether `code` is the confirmed factor's unspent code (or, with `recovery`, an unspent
    /// recovery code), spending it.
    private func accepts(_ code: String, factor: SecondFactor, accountId: UUID, recovery: Bool) async throws -> Bool {
        guard factor.isActive, let (secret, _) = seal.open(factor.sealedSecret) else { return false }
        let candidates = TOTPGenerator.candidates(secret: secret, at: clock.now())
        if let step = TOTPRules.acceptedStep(typed: code, codes: candidates, lastUsedStep: factor.lastUsedStep) {
            return try await secondFactors.useStep(accountId: accountId, step: step)
        }
        guard recovery, let normalized = RecoveryCodes.normalized(code) else { return false }
        return try await secondFactors.useRecoveryCode(accountId: accountId, hash: Self.hash(normalized), now: clock.now())
    }

    private func ownFactor(_ caller: Caller, address: String) async throws -> (Account, SecondFactor) {
        guard let account = try await accounts.find(id: caller.accountId) else { throw AuthError.unauthenticated(invalidToken: true) }
        try await refuseIfThrottled([addressKey(address), ThrottleKey.account(account.email, limit: config.maxFailuresPerAccount)])
        guard let factor = try await secondFactors.find(accountId: caller.accountId) else { throw SecondFactorError.none }
        return (account, factor)
    }

    private func refused(_ account: Account, address: String) async throws -> SecondFactorError {
        try await throttle.recordFailure(
            [addressKey(address), ThrottleKey.account(account.email, limit: config.maxFailuresPerAccount)], now: clock.now())
        return .codeRefused
    }

    private func addressKey(_ address: String) -> ThrottleKey {
        ThrottleKey.address(address, limit: config.maxFailuresPerAddress)
    }

    static func hash(_ text: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(text.utf8)))
    }

    /// Computed against when a challenge is unknown, so that path does the same work.
    private static let decoySecret = [UInt8](repeating: 0x5a, count: 20)
}
