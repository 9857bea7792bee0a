import Foundation
import Logging
import StaffbookCore
import StaffbookJobs

/// Sign-in, refresh and sign-out; the caller behind a bearer token.
package struct AuthService: Sendable {
    let config: AuthConfig
    let accounts: any AccountRepository
    let sessions: any SessionRepository
    let throttle: any SignInThrottle
    let hasher: PasswordHasher
    let accessTokens: AccessTokenService
    let refreshDeriver: RefreshTokenDeriver
    let google: GoogleIDTokenVerifier
    let statusCache: SessionStatusCache
    let personalTokens: any PersonalAccessTokenRepository
    package let secondFactors: any SecondFactorRepository
    let seal: SecretSeal
    let clock: any AppClock
    let logger: Logger

    struct Issued: Sendable {
        var accessToken: String
        var refreshToken: String
        var expiresIn: Int
        var account: Account
        /// Only when this sign-in confirmed a new second factor: its recovery codes, shown once.
        var recoveryCodes: [String]? = nil
    }

    /// A password sign-in's answer: tokens, or the second step it still needs.
    enum PasswordSignIn: Sendable {
        case signedIn(Issued)
        case secondStep(SecondStep)
    }

    /// A sign-in waiting for a code (or, for an admin without a factor, for one to be enrolled).
    package struct SecondStep: Sendable {
        /// The challenge's secret: never logged, only its hash is stored.
        package var challenge: String
        package var purpose: SignInChallengePurpose
        package var expiresAt: Date
    }

    func signIn(email: String, password: String, client: String, address: String) async throws -> PasswordSignIn {
        let accountKey = ThrottleKey.account(email, limit: config.maxFailuresPerAccount)
        let addressKey = ThrottleKey.address(address, limit: config.maxFailuresPerAddress)
        try await refuseIfThrottled([addressKey])
        // An account locked by failures elsewhere stays open to its owner's right password from
        // an address that has not failed: the lock slows guessing without locking the owner out.
        if let wait = try await throttle.retryAfter([accountKey], now: clock.now()),
            try await throttle.failures(addressKey, now: clock.now()) > 0
        {
            throw AuthError.tooManyAttempts(retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
        let account = try await accounts.find(email: email)
        // A hash is checked even for an unknown account or one without a password: a decoy of the
        // configured cost, the cost every stored hash is brought to at its next sign-in, so a
        // refusal costs the same whether or not the account exists.
        let stored = account?.passwordHash
        let matches = try await hasher.verify(password, against: stored)
        guard matches, PasswordRules.isAcceptable(atSignIn: password), let account, account.isActive else {
            try await throttle.recordFailure([accountKey, addressKey], now: clock.now())
            logger.notice("password sign-in refused", metadata: ["known_account": "\(account != nil)"])
            throw AuthError.signInFailed(.credentials)
        }
        if let stored, PasswordHasher.cost(of: stored) != hasher.cost {
            // Made with an older cost: hashed again at the configured one while the password is at hand.
            _ = try await accounts.replacePasswordHash(id: account.id, old: stored, new: try await hasher.hash(password))
        }
        // Wrong codes count against the account until a second step succeeds: the right password
        // alone (which whoever guesses codes has) must not give them five more.
        if let step = try await secondStep(for: account, client: client) { return .secondStep(step) }
        try await throttle.reset(accountKey)
        return .signedIn(try await startSession(for: account, client: client))
    }

    func signIn(googleIDToken token: String, client: String, address: String, nonce: String? = nil) async throws -> Issued {
        let addressKey = ThrottleKey.address(address, limit: config.maxFailuresPerAddress)
        try await refuseIfThrottled([addressKey])
        let email: String
        do {
            email = try await google.verify(token, now: clock.now(), nonce: nonce)
        } catch let failure as GoogleIDTokenVerifier.Failure {
            try await throttle.recordFailure([addressKey], now: clock.now())
            logger.notice("google sign-in refused", metadata: ["reason": "\(failure)"])
            throw AuthError.signInFailed(.googleToken)
        } catch {
            logger.error("google key set unavailable", metadata: LoggedError.metadata(error))
            throw AuthError.identityProviderUnavailable
        }
        guard let account = try await accounts.find(email: email), account.isActive else {
            try await throttle.recordFailure([addressKey], now: clock.now())
            throw AuthError.signInFailed(.noActiveGoogleAccount)
        }
        return try await startSession(for: account, client: client)
    }

    func refresh(_ refreshToken: String) async throws -> Issued {
        guard RefreshToken.isWellFormed(refreshToken) else { throw AuthError.signInFailed(.credentials) }
        let successor = refreshDeriver.successor(of: refreshToken)
        let outcome = try await sessions.refresh(
            tokenHash: RefreshToken.hash(refreshToken),
            successorHash: RefreshToken.hash(successor),
            now: clock.now(),
            grace: config.refreshGracePeriod,
            idleLifetime: config.sessionIdleLifetime
        )
        switch outcome {
        case .rotated(let account, let sessionId), .replayed(let account, let sessionId, _):
            return try await issue(account: account, sessionId: sessionId, refreshToken: successor)
        case .reuseDetected:
            logger.warning("refresh token reused after the grace window; session ended")
            throw AuthError.signInFailed(.credentials)
        case .rejected:
            throw AuthError.signInFailed(.credentials)
        }
    }

    package func endSession(_ sessionId: UUID, of caller: Caller, reason: SessionEndReason) async throws -> Bool {
        let ended = try await sessions.revoke(sessionId: sessionId, accountId: caller.accountId, reason: reason, now: clock.now())
        statusCache.forget(sessionId)
        return ended
    }

    package func activeSessions(of caller: Caller) async throws -> [SessionSummary] {
        try await sessions.listActive(accountId: caller.accountId, now: clock.now(), idleLifetime: config.sessionIdleLifetime)
    }

    /// The caller of a bearer token, checked against the session's current state (cached briefly),
    /// or of a personal access token, checked and counted against its limit on every request.
    func authenticate(bearer token: String, address: String) async throws -> Caller {
        if token.hasPrefix(PersonalTokenRules.prefix) {
            guard let hash = PersonalTokenSecret.hash(token) else { throw AuthError.personalTokenRefused }
            switch try await personalTokens.use(
                secretHash: hash, address: address, now: clock.now(), requestsPerMinute: config.personalTokenRequestsPerMinute)
            {
            case .allowed(let caller): return caller
            case .rateLimited(let seconds): throw AuthError.rateLimited(retryAfterSeconds: seconds)
            case .refused: throw AuthError.personalTokenRefused
            }
        }
        guard var caller = await accessTokens.verify(token, now: clock.now()) else {
            throw AuthError.unauthenticated(invalidToken: true)
        }
        switch try await statusCache.status(of: caller.sessionId) {
        case .ended:
            throw AuthError.unauthenticated(invalidToken: true)
        case .active(let accountId, let roles):
            // A token names its session and its account; both must agree, so a token made with
            // the key for one account and another's session opens nothing.
            guard accountId == caller.accountId else { throw AuthError.unauthenticated(invalidToken: true) }
            // Roles come from the account as it is now, not as it was when the token was issued.
            caller.roles = roles
            return caller
        }
    }

    func refuseIfThrottled(_ keys: [ThrottleKey]) async throws {
        if let wait = try await throttle.retryAfter(keys, now: clock.now()) {
            throw AuthError.tooManyAttempts(retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
    }

    func startSession(for account: Account, client: String) async throws -> Issued {
        let now = clock.now()
        let refreshToken = RefreshToken.generate()
        let sessionId = try await sessions.create(
            accountId: account.id, client: client, tokenHash: RefreshToken.hash(refreshToken),
            now: now, expiresAt: now.addingTimeInterval(config.sessionAbsoluteLifetime)
        )
        return try await issue(account: account, sessionId: sessionId, refreshToken: refreshToken)
    }

    private func issue(account: Account, sessionId: UUID, refreshToken: String) async throws -> Issued {
        let accessToken = try await accessTokens.issue(
            accountId: account.id, sessionId: sessionId, roles: account.roles, now: clock.now()
        )
        return Issued(
            accessToken: accessToken, refreshToken: refreshToken,
            expiresIn: Int(accessTokens.lifetime), account: account
        )
    }
}
