import Crypto
import Foundation
import StaffbookCore
import StaffbookJobs

/// A browser's session (the desk): the same sign-in, throttle and sessions table as the API's,
/// held by a cookie instead of a token pair. The cookie carries a refresh token that the desk never
/// rotates; it names its session, which is listed with the others, ends at sign-out, at
/// deactivation, when idle or at its absolute lifetime, as every session does.
package struct BrowserSession: Sendable {
    /// The cookie's value: a secret, never logged.
    package var secret: String
    package var account: Account
    package var sessionId: UUID
}

extension AuthService {
    /// A browser's password sign-in: a session, or the second step it still needs.
    package enum BrowserSignIn: Sendable {
        case signedIn(BrowserSession)
        case secondStep(SecondStep)
    }

    package func signInForBrowser(email: String, password: String, address: String, userAgent: String?) async throws -> BrowserSignIn {
        switch try await signIn(email: email, password: password, client: Self.browserClient(userAgent), address: address) {
        case .signedIn(let issued): return .signedIn(try await browserSession(issued))
        case .secondStep(let step): return .secondStep(step)
        }
    }

    /// A browser's second step: the session, and the recovery codes when the step enrolled a factor.
    package func completeSignInForBrowser(challenge: String, code: String, address: String) async throws -> (BrowserSession, [String]?) {
        let issued = try await completeSignIn(challenge: challenge, code: code, address: address)
        return (try await browserSession(issued), issued.recoveryCodes)
    }

    /// A browser's sign-in with Google: the ID token Google posted back, bound to this sign-in by
    /// the nonce the desk sent with it; verified and throttled as `POST /v1/auth/google`.
    package func signInForBrowser(googleIDToken token: String, nonce: String, address: String, userAgent: String?) async throws -> BrowserSession {
        let issued = try await signIn(googleIDToken: token, client: Self.browserClient(userAgent), address: address, nonce: nonce)
        return try await browserSession(issued)
    }

    /// Where a browser signs in with Google, when Google sign-in is configured: the first client
    /// id, and the hosted domain Google should offer.
    package var googleSignIn: (clientId: String, hostedDomain: String?)? {
        config.google.clientIds.first.map { ($0, config.google.hostedDomain) }
    }

    /// The session behind a cookie's secret, with the account as it is now; nil when it has ended.
    package func browserSession(secret: String) async throws -> BrowserSession? {
        guard RefreshToken.isWellFormed(secret) else { return nil }
        guard
            let (account, sessionId) = try await sessions.browserSession(
                tokenHash: RefreshToken.hash(secret), now: clock.now(), idleLifetime: config.sessionIdleLifetime)
        else { return nil }
        return BrowserSession(secret: secret, account: account, sessionId: sessionId)
    }

    package func signOutBrowser(_ session: BrowserSession) async throws {
        _ = try await sessions.revoke(sessionId: session.sessionId, accountId: session.account.id, reason: .logout, now: clock.now())
        statusCache.forget(session.sessionId)
    }

    /// How long a browser keeps the cookie: the session's absolute lifetime.
    package var browserSessionLifetime: TimeInterval { config.sessionAbsoluteLifetime }

    /// A key for the desk's form tokens, derived from the signing key for that purpose alone.
    package func formKey() -> SymmetricKey {
        // `Services` refuses to start without a signing key; the empty fallback is never used.
        SymmetricKey.derived(from: config.signingKey?.secret ?? [], purpose: "staffbook desk form token v1")
    }

    private func browserSession(_ issued: Issued) async throws -> BrowserSession {
        guard let found = try await browserSession(secret: issued.refreshToken) else { throw AuthError.signInFailed(.credentials) }
        return found
    }

    private static func browserClient(_ userAgent: String?) -> String {
        let agent = (userAgent ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
        return "Desk: " + String(String.UnicodeScalarView(agent).prefix(120))
    }
}
