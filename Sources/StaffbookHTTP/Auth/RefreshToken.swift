import Crypto
import Foundation
import StaffbookCore

/// Opaque refresh tokens: 256 random bits, base64url. Only their SHA-256 is stored.
enum RefreshToken {
    static func generate() -> String {
        Base64URL.random32Bytes()
    }

    static func hash(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(token.utf8)))
    }

    /// Whether `token` has the shape we issue; anything else is unknown without a lookup.
    static func isWellFormed(_ token: String) -> Bool {
        Base64URL.isEncoded32Bytes(token)
    }
}

/// Derives a used token's successor from the token itself (HMAC with a server secret), so every
/// instance answering a refresh replayed within the grace window hands out the same successor
/// without the successor ever being stored in plain text.
struct RefreshTokenDeriver: Sendable {
    private let key: SymmetricKey

    init(secret: [UInt8]) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret),
            info: Data("staffbook refresh token successor".utf8),
            outputByteCount: 32
        )
    }

    func successor(of token: String) -> String {
        Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: Data(token.utf8), using: key)))
    }
}
