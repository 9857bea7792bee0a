import Crypto
import Foundation
import StaffbookCore
import StaffbookJobs

/// Download links that need no header: a browser view in the mobile app or a link in an
/// export opens them. The token carries the file, the caller who asked for it, when it was
/// issued and when it expires, signed with an HMAC (a key derived from the signing key), so
/// nothing is stored; at download the caller must still be active, still allowed to see the
/// file, and not deactivated since the link was issued (a reactivation brings no link back).
struct FileLinks: Sendable {
    struct Claims: Equatable {
        var fileId: UUID
        var callerId: UUID
        var expiresAt: Date
        /// To the millisecond.
        var issuedAt: Date

        /// A link issued `now`, valid for `lifetime` (expiring on a whole second).
        init(fileId: UUID, callerId: UUID, now: Date, lifetime: TimeInterval) {
            self.init(
                fileId: fileId, callerId: callerId, expiresAt: FileLinks.expiry(now: now, lifetime: lifetime),
                issuedAt: Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded(.down) / 1000))
        }

        init(fileId: UUID, callerId: UUID, expiresAt: Date, issuedAt: Date) {
            self.fileId = fileId
            self.callerId = callerId
            self.expiresAt = expiresAt
            self.issuedAt = issuedAt
        }

        /// Whether the link was issued after the caller's credentials were last all ended.
        func outlives(_ revokedAt: Date?) -> Bool {
            guard let revokedAt else { return true }
            return issuedAt > revokedAt
        }
    }

    enum Verdict: Equatable {
        case valid(Claims)
        /// Altered, truncated or not ours: answered as if there were no such link.
        case invalid
        case expired
    }

    static let defaultLifetime: TimeInterval = 600
    static let maximumLifetime: TimeInterval = 7 * 86400
    /// Links in an export outlive the day it was made: the accountant works through it.
    static let exportLifetime: TimeInterval = maximumLifetime

    private let key: SymmetricKey
    /// `https://staffbook.example.com`; empty: links are relative.
    let publicBaseURL: String

    init(secret: [UInt8], publicBaseURL: String) {
        key = SymmetricKey.derived(from: secret, purpose: "staffbook file link")
        self.publicBaseURL = publicBaseURL
    }

    /// `lifetime` from `now`, in whole seconds as the token carries it.
    static func expiry(now: Date, lifetime: TimeInterval) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + lifetime).rounded(.up))
    }

    /// 16 bytes of file id, 16 of caller id, 8 of expiry (seconds since 1970), 8 of issue
    /// (milliseconds since 1970), both big-endian, then the HMAC of those 48 bytes; base64url.
    func token(_ claims: Claims) -> String {
        var payload = Data(claims.fileId.bytes)
        payload.append(contentsOf: claims.callerId.bytes)
        withUnsafeBytes(of: Int64(claims.expiresAt.timeIntervalSince1970.rounded(.up)).bigEndian) { payload.append(contentsOf: $0) }
        withUnsafeBytes(of: Int64((claims.issuedAt.timeIntervalSince1970 * 1000).rounded(.down)).bigEndian) { payload.append(contentsOf: $0) }
        payload.append(contentsOf: HMAC<SHA256>.authenticationCode(for: payload, using: key))
        return Base64URL.encode(payload)
    }

    func url(_ claims: Claims) -> String {
        "\(publicBaseURL)/v1/file-links/\(token(claims))"
    }

    func verify(_ token: String, now: Date) -> Verdict {
        guard token.count == 107, let data = Base64URL.decode(token), data.count == 80 else { return .invalid }
        let payload = data.prefix(48), mac = data.suffix(32)
        // Checked in constant time, and before anything else is read from the payload.
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key) else { return .invalid }
        let bytes = Array(payload)
        let seconds = bytes[32..<40].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let milliseconds = bytes[40..<48].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let claims = Claims(
            fileId: UUID(bytes: bytes[0..<16]), callerId: UUID(bytes: bytes[16..<32]),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)), issuedAt: Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        )
        return now < claims.expiresAt ? .valid(claims) : .expired
    }
}
