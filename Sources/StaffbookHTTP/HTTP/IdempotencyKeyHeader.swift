import Crypto
import Foundation
import StaffbookCore

/// The `Idempotency-Key` header of a write, bound to what the request asks, remembered for
/// `lifetime` (a day by default, as payment APIs do).
struct IdempotencyKeyHeader: Sendable {
    var lifetime: TimeInterval

    /// The idempotent request the header names (nil without one or with an empty one). Its
    /// fingerprint is a SHA-256 over `parts`, the values that say what the request asks for, so
    /// the same key sent with other values is told apart.
    func request(
        _ key: String?, accountId: UUID, scope: String, parts: [String]
    ) -> IdempotentRequest? {
        guard let key, !key.isEmpty else { return nil }
        var hasher = SHA256()
        for part in parts {
            hasher.update(data: Data(part.utf8))
            hasher.update(data: [0])
        }
        let fingerprint = hasher.finalize().map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
        }.joined()
        return IdempotentRequest(accountId: accountId, scope: scope, key: key, fingerprint: fingerprint, lifetime: lifetime)
    }
}
