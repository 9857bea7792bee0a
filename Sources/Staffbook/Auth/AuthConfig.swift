import Foundation

/// Sign-in and token settings.
public struct AuthConfig: Sendable {
    /// An HMAC secret for access tokens, named by its `kid`.
    public struct SigningKey: Sendable, Equatable {
        public var id: String
        public var secret: [UInt8]

        public init(id: String, secret: [UInt8]) {
            self.id = id
            self.secret = secret
        }
    }

    public struct Google: Sendable {
        /// The app's OAuth client ids: an ID token's audience must be one of them.
        public var clientIds: [String]
        /// When set, an ID token's `hd` claim must equal it.
        public var hostedDomain: String?
        /// Where Google publishes its signing keys (`file://` works too, for tests and offline use).
        public var jwksURL: URL
        public var issuers: Set<String> = ["https://accounts.google.com", "accounts.google.com"]
        /// Tolerated clock difference for `exp` and `iat`.
        public var leeway: TimeInterval = 60
        /// Unknown `kid`s trigger a re-fetch of the key set, at most this often.
        public var minimumRefetchInterval: TimeInterval = 60

        public init(clientIds: [String], hostedDomain: String?, jwksURL: URL) {
            self.clientIds = clientIds
            self.hostedDomain = hostedDomain
            self.jwksURL = jwksURL
        }
    }

    /// Signs new tokens. Nil only for commands that never issue tokens (`migrate`, `seed`).
    public var signingKey: SigningKey?
    /// Still accepted, so rotating the key does not sign everybody out.
    public var previousSigningKey: SigningKey?
    public var issuer: String = "staffbook"
    public var audience: String = "staffbook-api"
    public var accessTokenLifetime: TimeInterval = 3600
    public var refreshGracePeriod: TimeInterval = 30
    public var sessionIdleLifetime: TimeInterval = 30 * 86400
    public var sessionAbsoluteLifetime: TimeInterval = 90 * 86400
    public var bcryptCost: Int = 12
    public var maxFailuresPerAccount: Int = 5
    public var maxFailuresPerAddress: Int = 50
    public var failureWindow: TimeInterval = 15 * 60
    /// How long a session's status may be served from memory: the bound on how late a
    /// deactivation or sign-out reaches access tokens on other instances.
    public var sessionStatusCacheTTL: Duration = .seconds(2)
    /// Take the client address from the last `X-Forwarded-For` entry (behind a load balancer).
    public var trustForwardedFor: Bool = false
    public var google: Google

    public init(signingKey: SigningKey?, google: Google) {
        self.signingKey = signingKey
        self.google = google
    }
}
