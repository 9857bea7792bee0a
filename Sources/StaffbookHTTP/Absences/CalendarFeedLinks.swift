import Crypto
import Foundation
import StaffbookCore

/// Subscription URLs of calendar feeds. A calendar app sends no header, so the URL is the
/// credential: the feed's id and an HMAC of it (a key derived from the signing key). Nothing
/// secret is stored, the URL can be shown again, and revoking the feed's row closes it.
struct CalendarFeedLinks: Sendable {
    private let key: SymmetricKey
    /// `https://staffbook.example.com`; empty: URLs are relative.
    let publicBaseURL: String

    init(secret: [UInt8], publicBaseURL: String) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), info: Data("staffbook calendar feed".utf8), outputByteCount: 32
        )
        self.publicBaseURL = publicBaseURL
    }

    /// 16 bytes of feed id and the 32-byte HMAC of them, base64url (64 characters).
    func token(_ feedId: UUID) -> String {
        var payload = withUnsafeBytes(of: feedId.uuid) { Data($0) }
        payload.append(contentsOf: HMAC<SHA256>.authenticationCode(for: payload, using: key))
        return Base64URL.encode(payload)
    }

    func url(_ feedId: UUID) -> String {
        "\(publicBaseURL)/v1/calendar-feeds/\(token(feedId))"
    }

    /// The feed's id; nil for an altered, truncated or foreign token.
    func feedId(_ token: String) -> UUID? {
        guard token.count == 64, let data = Base64URL.decode(token), data.count == 48 else { return nil }
        let payload = data.prefix(16), mac = data.suffix(32)
        // Checked in constant time, before the id is used for anything.
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key) else { return nil }
        var value = UUID().uuid
        withUnsafeMutableBytes(of: &value) { target in
            for (index, byte) in payload.enumerated() { target[index] = byte }
        }
        return UUID(uuid: value)
    }
}
