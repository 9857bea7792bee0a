import Crypto
import Foundation
import StaffbookCore

/// Who may read `/metrics`: the route counts and latencies tell an outsider what the service
/// does and when, so it is not public unless configured so.
package enum MetricsAccess: Sendable, Equatable {
    /// Clients on the server's own machine only (a sidecar scraper, local development).
    case loopback
    /// Anyone who sends this token as a bearer token.
    case token(String)
    case `public`

    static func isLoopback(_ address: String) -> Bool {
        IPAddress(address)?.isLoopback ?? false
    }

    /// Compares in constant time (the token is a secret).
    static func matches(_ sent: String, _ token: String) -> Bool {
        let a = SHA256.hash(data: Data(sent.utf8)), b = SHA256.hash(data: Data(token.utf8))
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
