import Foundation
import StaffbookCore

/// Sign-in and token settings.
package struct AuthConfig: Sendable {
    /// An HMAC secret for access tokens, named by its `kid`.
    package struct SigningKey: Sendable, Equatable {
        package var id: String
        package var secret: [UInt8]

        package init(id: String, secret: [UInt8]) {
            self.id = id
            self.secret = secret
        }
    }

    package struct Google: Sendable {
        /// The app's OAuth client ids: an ID token's audience must be one of them.
        package var clientIds: [String]
        /// When set, an ID token's `hd` claim must equal it.
        package var hostedDomain: String?
        /// Where Google publishes its signing keys (`file://` works too, for tests and offline use).
        package var jwksURL: URL
        package var issuers: Set<String> = ["https://accounts.google.com", "accounts.google.com"]
        /// Tolerated clock difference for `exp` and `iat`.
        package var leeway: TimeInterval = 60
        /// Unknown `kid`s trigger a re-fetch of the key set, at most this often.
        package var minimumRefetchInterval: TimeInterval = 60
        /// A fetch of the key set (connection, headers and body) ends after this long.
        package var fetchTimeout: Duration = .seconds(5)

        package init(clientIds: [String], hostedDomain: String?, jwksURL: URL) {
            self.clientIds = clientIds
            self.hostedDomain = hostedDomain
            self.jwksURL = jwksURL
        }
    }

    /// Signs new tokens. Nil only for commands that never issue tokens (`migrate`, `seed`).
    package var signingKey: SigningKey?
    /// Still accepted, so rotating the key does not sign everybody out.
    package var previousSigningKey: SigningKey?
    package var issuer: String = "staffbook"
    package var audience: String = "staffbook-api"
    package var accessTokenLifetime: TimeInterval = 3600
    package var refreshGracePeriod: TimeInterval = 30
    package var sessionIdleLifetime: TimeInterval = 30 * 86400
    package var sessionAbsoluteLifetime: TimeInterval = 90 * 86400
    package var bcryptCost: Int = 12
    package var maxFailuresPerAccount: Int = 5
    package var maxFailuresPerAddress: Int = 50
    /// Password-reset requests allowed per address asked for, and per client, within the window.
    package var maxResetsPerAccount: Int = 3
    package var maxResetsPerAddress: Int = 20
    /// Invitation and reset links that name nothing, tried from one address in the window.
    package var maxLinkFailuresPerAddress: Int = 20
    package var failureWindow: TimeInterval = 15 * 60
    /// How long a session's status may be served from memory: the bound on how late a
    /// deactivation or sign-out reaches access tokens on other instances.
    package var sessionStatusCacheTTL: Duration = .seconds(2)
    /// Requests one personal access token may make in a minute (counted in the database, across instances).
    package var personalTokenRequestsPerMinute: Int = 120
    /// Whether admins who sign in with a password must have a second factor.
    package var adminSecondFactor: AdminSecondFactorPolicy = .required
    /// How long a password sign-in waits for its second step.
    package var secondStepLifetime: TimeInterval = 5 * 60
    /// Wrong codes one sign-in's second step takes before it ends (each also counts against the
    /// account's and the address's sign-in throttles).
    package var secondStepAttempts: Int = 5
    /// The issuer authenticator apps show next to the account.
    package var secondFactorIssuer: String = "Staffbook"
    /// Take the client address from the last `X-Forwarded-For` entry (behind a load balancer).
    package var trustForwardedFor: Bool = false
    package var google: Google

    package init(signingKey: SigningKey?, google: Google) {
        self.signingKey = signingKey
        self.google = google
    }
}
