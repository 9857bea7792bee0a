/// Why a sign-in, a refresh or a request's credentials were refused.
package enum AuthError: Error, Equatable {
    /// No usable access token; `invalidToken` when one was sent but is not accepted.
    case unauthenticated(invalidToken: Bool)
    /// A personal access token not accepted: revoked, expired, its owner deactivated, or mistyped.
    /// Unlike an access token it cannot be refreshed.
    case personalTokenRefused
    /// Credentials, an identity token or a refresh token not accepted.
    case signInFailed(SignInRefusal)
    /// Too many failed attempts for this account or address.
    case tooManyAttempts(retryAfterSeconds: Int)
    /// The identity provider's keys could not be fetched: nobody's fault here, retry later.
    case identityProviderUnavailable
    /// A personal access token made its requests of this minute.
    case rateLimited(retryAfterSeconds: Int)
    /// A personal access token whose scopes do not reach the operation: one of these would.
    case insufficientScope(needed: Set<TokenScope>)
}

/// What the caller is told about a refused sign-in: never whether the account exists.
package enum SignInRefusal: Equatable, Sendable {
    case credentials
    case googleToken
    case noActiveGoogleAccount
    /// A second step's code, or its challenge, not accepted (which of the two is not said).
    case secondStep
}
