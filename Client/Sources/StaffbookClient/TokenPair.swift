import Foundation

/// An access token and the refresh token that renews it, as the sign-in and refresh
/// operations answer them. Keep it where the platform keeps secrets (the Keychain) and give it
/// back to `Staffbook(tokens:)` at the next launch. Printing it shows no token.
public struct TokenPair: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var accessToken: String
    public var refreshToken: String

    public init(accessToken: String, refreshToken: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }

    /// A personal access token (made on the desk's "Me" page or by `createMyToken`) in place of
    /// a signed-in session: it has no refresh token, so once it is revoked or has expired every
    /// request throws `SignedOut`.
    public static func personal(_ token: String) -> TokenPair { TokenPair(accessToken: token, refreshToken: "") }

    /// Whether this is a personal access token, which cannot be renewed.
    public var isPersonal: Bool { refreshToken.isEmpty }

    public var description: String { "TokenPair(<redacted>)" }
    public var debugDescription: String { description }
}

/// The refresh token was refused (expired, revoked, or the session ended), or a personal access
/// token was (it cannot be renewed): the person has to sign in again, or make a new token.
/// Thrown by every request that needed the refresh.
public struct SignedOut: LocalizedError, Sendable, Equatable {
    /// The language of `localizedDescription` (`cs` or `en`), as the client asked.
    public var language: String?

    public init(language: String? = nil) {
        self.language = language
    }

    /// Whether an error thrown by an operation means the person was signed out.
    public init?(_ error: any Error) {
        guard let signedOut = error as? SignedOut else { return nil }
        self = signedOut
    }

    public var errorDescription: String? {
        language?.lowercased().hasPrefix("cs") == true ? "Přihlášení vypršelo: přihlaste se znovu." : "The session has ended: sign in again."
    }
}
