import Foundation

/// The rules of personal access tokens, without I/O.
package enum PersonalTokenRules {
    /// Every token starts with it, so a leaked one is recognisable (secret scanners) and the
    /// server tells it from an access token without trying to parse it.
    package static let prefix = "sbp_"
    package static let maximumNameLength = 100
    package static let maximumLiveTokens = 50
    /// The furthest expiry one may choose; a token without one lives until revoked.
    package static let longestLifetime: TimeInterval = 5 * 366 * 86400

    /// Why an expiry cannot be chosen, if it cannot.
    package static func expiryProblem(_ expiresAt: Date, now: Date) -> ExpiryProblem? {
        if expiresAt <= now { return .past }
        if expiresAt.timeIntervalSince(now) > longestLifetime { return .tooFar }
        return nil
    }

    package enum ExpiryProblem: Equatable {
        case past, tooFar
    }

    /// Whether a token with `scopes` may call an operation that needs one of `needed` (none:
    /// the operation is for signed-in sessions only).
    package static func allows(_ scopes: Set<TokenScope>, operationNeeding needed: Set<TokenScope>) -> Bool {
        !scopes.isDisjoint(with: needed)
    }
}
