import OpenAPIRuntime

/// An access token and the refresh token that renews it, as the sign-in and refresh
/// operations answer them. Keep the refresh token where the platform keeps secrets.
public struct TokenPair: Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String

    public init(accessToken: String, refreshToken: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

/// The refresh token was refused (expired, revoked, or the session ended): the person has to
/// sign in again. Thrown by every request that needed the refresh.
public struct SignedOut: Error, Sendable, Equatable {
    public init() {}

    /// Whether an error thrown by a generated operation means the person was signed out.
    public init?(_ error: any Error) {
        guard error is SignedOut || (error as? ClientError)?.underlyingError is SignedOut else { return nil }
    }
}
