import Foundation

/// What a presented refresh token is worth; decided without I/O from its stored state.
package enum RefreshDecision: Equatable {
    /// Current token: issue a successor and mark this one used.
    case rotate
    /// Used moments ago (concurrent refreshes): answer with the successor already issued.
    case replayWithinGrace
    /// Used long ago: someone kept a copy. End the session.
    case reuseDetected
    /// Expired session, revoked session, inactive account.
    case reject

    package struct TokenState {
        package var usedAt: Date?
        package var sessionRevoked: Bool
        package var sessionExpiresAt: Date
        package var sessionLastUsedAt: Date
        package var accountActive: Bool

        package init(usedAt: Date?, sessionRevoked: Bool, sessionExpiresAt: Date, sessionLastUsedAt: Date, accountActive: Bool) {
            self.usedAt = usedAt
            self.sessionRevoked = sessionRevoked
            self.sessionExpiresAt = sessionExpiresAt
            self.sessionLastUsedAt = sessionLastUsedAt
            self.accountActive = accountActive
        }
    }

    package static func decide(_ state: TokenState, now: Date, grace: TimeInterval, idleLifetime: TimeInterval) -> RefreshDecision {
        guard !state.sessionRevoked, state.accountActive else { return .reject }
        guard now < state.sessionExpiresAt, now < state.sessionLastUsedAt.addingTimeInterval(idleLifetime) else {
            return .reject
        }
        guard let usedAt = state.usedAt else { return .rotate }
        return now.timeIntervalSince(usedAt) <= grace ? .replayWithinGrace : .reuseDetected
    }
}
