import Crypto
import Foundation
import StaffbookCore

/// Invitation and password-reset links. A link's token is derived from the id of the
/// notification that carries it (an HMAC with a key derived from the signing key), so it is
/// stored nowhere: the database keeps its SHA-256, and the mail job derives it again.
package struct AccountLinks: Sendable {
    private let key: SymmetricKey
    /// Where links point; the token is appended (`staffbook://invitations/<token>`).
    package let linkBase: String
    package static let invitationLifetime: TimeInterval = 7 * 86400
    package static let resetLifetime: TimeInterval = 3600

    package init(secret: [UInt8], linkBase: String) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), info: Data("staffbook account link".utf8), outputByteCount: 32
        )
        self.linkBase = linkBase
    }

    package func token(notificationId: UUID) -> String {
        Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: Data(notificationId.lowercasedString.utf8), using: key)))
    }

    package static func hash(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(token.utf8)))
    }

    /// A new link for `purpose`, valid from `now`.
    package func grant(_ purpose: AccountLinkPurpose, now: Date) -> AccountLinkGrant {
        let notificationId = UUID()
        let lifetime = purpose == .invitation ? Self.invitationLifetime : Self.resetLifetime
        return AccountLinkGrant(
            notificationId: notificationId, tokenHash: Self.hash(token(notificationId: notificationId)),
            expiresAt: now.addingTimeInterval(lifetime)
        )
    }

    /// The link a notification of an account-link kind carries.
    package func link(_ kind: NotificationKind, notificationId: UUID) -> String {
        let path = kind == .invitation ? "invitations" : "password-reset"
        let base = linkBase.hasSuffix("/") || linkBase.hasSuffix("://") ? linkBase : linkBase + "/"
        return "\(base)\(path)/\(token(notificationId: notificationId))"
    }

    /// Whether a token from a request could be one of ours (43 base64url characters).
    package static func isWellFormed(_ token: String) -> Bool {
        Base64URL.isEncoded32Bytes(token)
    }
}
