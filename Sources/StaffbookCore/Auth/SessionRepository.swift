import Foundation

/// Sign-in sessions and their rotating refresh tokens.
package protocol SessionRepository: Sendable {
    /// Starts a session for the account with its first refresh token (by hash).
    func create(accountId: UUID, client: String, tokenHash: [UInt8], now: Date, expiresAt: Date) async throws -> UUID
    /// Looks up a refresh token and acts on it in one transaction (see `RefreshDecision`).
    func refresh(
        tokenHash: [UInt8], successorHash: [UInt8], now: Date, grace: TimeInterval, idleLifetime: TimeInterval
    ) async throws -> RefreshOutcome
    /// Ends a session of this account; false when there is no such active session.
    func revoke(sessionId: UUID, accountId: UUID, reason: SessionEndReason, now: Date) async throws -> Bool
    /// The account's sessions that can still be refreshed, newest first.
    func listActive(accountId: UUID, now: Date, idleLifetime: TimeInterval) async throws -> [SessionSummary]
    /// Whether the session is live and its account active, with the account and its current roles.
    func status(sessionId: UUID, now: Date) async throws -> SessionStatus
    /// A browser's session by the secret its cookie holds (a refresh token that is never rotated
    /// while the cookie lives): the account as it is now, when the session is live, not idle past
    /// `idleLifetime` and its account active. Marks it used, at most once a minute.
    func browserSession(tokenHash: [UInt8], now: Date, idleLifetime: TimeInterval) async throws -> (account: Account, sessionId: UUID)?
}

package enum SessionEndReason: String, Sendable {
    case logout
    case endedByUser = "ended_by_user"
    case refreshTokenReuse = "refresh_token_reuse"
    case accountDeactivated = "account_deactivated"
    case passwordChanged = "password_changed"
}

package enum RefreshOutcome: Sendable, Equatable {
    case rotated(Account, sessionId: UUID)
    case replayed(Account, sessionId: UUID, successorHash: [UInt8])
    case reuseDetected
    case rejected
}

package struct SessionSummary: Sendable, Equatable {
    package var id: UUID
    package var client: String
    package var createdAt: Date
    package var lastUsedAt: Date

    package init(id: UUID, client: String, createdAt: Date, lastUsedAt: Date) {
        self.id = id
        self.client = client
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

package enum SessionStatus: Sendable, Equatable {
    /// Live; the account it belongs to and that account's roles as they are now.
    case active(accountId: UUID, roles: Set<Role>)
    case ended
}
