import Crypto
import Foundation
import StaffbookCore

/// Who sends our push messages, as RFC 8292 has push services check it: an ES256 JWT for the push
/// service's origin, signed with the application server's key, whose public half browsers were
/// given when they subscribed.
package struct VAPID: Sendable {
    let key: P256.Signing.PrivateKey
    /// A `mailto:` or `https:` URI the push service may contact.
    let subject: String

    /// From the private key's 32 bytes, base64url (`PUSH_VAPID_PRIVATE_KEY`); nil when they are not a P-256 key.
    package init?(privateKey: String, subject: String) {
        guard let bytes = Base64URL.decode(privateKey.trimmingCharacters(in: ["="])),
            let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes)
        else { return nil }
        self.key = key
        self.subject = subject
    }

    /// The browser's `applicationServerKey`: the public key, uncompressed, base64url.
    package var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// The `Authorization` header for a message to `endpoint`, valid twelve hours from `now`.
    package func authorization(endpoint: URL, now: Date) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw URLError(.badURL) }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let token = try ES256JWT.sign(
            header: ["typ": "JWT", "alg": "ES256"], claims: ["aud": audience, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": subject],
            key: key)
        return "vapid t=\(token),k=\(publicKey)"
    }

    /// A new key for `PUSH_VAPID_PRIVATE_KEY`.
    package static func newPrivateKey() -> String {
        Base64URL.encode(P256.Signing.PrivateKey().rawRepresentation)
    }
}
