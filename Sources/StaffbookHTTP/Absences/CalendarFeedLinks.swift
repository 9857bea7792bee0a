import Crypto
import Foundation
import StaffbookCore
import StaffbookJobs

/// Subscription URLs of calendar feeds. A calendar app sends no header, so the URL is the
/// credential: the feed's id and an HMAC of it (a key derived from the signing key). Nothing
/// secret is stored, the URL can be shown again, and revoking the feed's row closes it.
package struct CalendarFeedLinks: Sendable {
    private let key: SymmetricKey
    /// `https://staffbook.example.com`; empty: URLs are relative.
    let publicBaseURL: String

    init(secret: [UInt8], publicBaseURL: String) {
        key = SymmetricKey.derived(from: secret, purpose: "staffbook calendar feed")
        self.publicBaseURL = publicBaseURL
    }

    /// 16 bytes of feed id and the 32-byte HMAC of them, base64url (64 characters).
    func token(_ feedId: UUID) -> String {
        var payload = Data(feedId.bytes)
        payload.append(contentsOf: HMAC<SHA256>.authenticationCode(for: payload, using: key))
        return Base64URL.encode(payload)
    }

    package func url(_ feedId: UUID) -> String {
        "\(publicBaseURL)/v1/calendar-feeds/\(token(feedId))"
    }

    /// The feed's id; nil for an altered, truncated or foreign token.
    func feedId(_ token: String) -> UUID? {
        guard token.count == 64, let data = Base64URL.decode(token), data.count == 48 else { return nil }
        let payload = data.prefix(16), mac = data.suffix(32)
        // Checked in constant time, before the id is used for anything.
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key) else { return nil }
        return UUID(bytes: Array(payload)[...])
    }
}
