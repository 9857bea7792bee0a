import Foundation

/// What a presented refresh token is worth; decided without I/O from its stored state.
enum RefreshDecision: Equatable {
    /// Current token: issue a successor and mark this one used.
    case rotate
    /// Used moments ago (concurrent refreshes): answer with the successor already issued.
    case replayWithinGrace
    /// Used long ago: someone kept a copy. End the session.
    case reuseDetected
    /// Expired session, revoked session, inactive account.
    case reject

    struct TokenState {
        var usedAt: Date?
        var sessionRevoked: Bool
        var sessionExpiresAt: Date
        var sessionLastUsedAt: Date
        var accountActive: Bool
    }

    static func decide(_ state: TokenState, now: Date, grace: TimeInterval, idleLifetime: TimeInterval) -> RefreshDecision {
        guard !state.sessionRevoked, state.accountActive else { return .reject }
        guard now < state.sessionExpiresAt, now < state.sessionLastUsedAt.addingTimeInterval(idleLifetime) else {
            return .reject
        }
        guard let usedAt = state.usedAt else { return .rotate }
        return now.timeIntervalSince(usedAt) <= grace ? .replayWithinGrace : .reuseDetected
    }
}
