import Foundation

/// A one-time link to set a password: an invitation for a new person, or a reset. The token is
/// never stored, only its SHA-256; the notification that carries it is written with it.
package struct AccountLinkGrant: Sendable, Equatable {
    package var notificationId: UUID
    package var tokenHash: [UInt8]
    package var expiresAt: Date

    package init(notificationId: UUID, tokenHash: [UInt8], expiresAt: Date) {
        self.notificationId = notificationId
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}

package enum AccountLinkPurpose: String, Sendable {
    case invitation
    case passwordReset = "password_reset"

    package var notificationKind: NotificationKind {
        switch self {
        case .invitation: .invitation
        case .passwordReset: .passwordReset
        }
    }
}

/// Invitations and password resets.
package protocol AccountLinkRepository: Sendable {
    /// A new link for the account (earlier unused ones of the purpose stop working), with its
    /// notification; false when there is no such active account.
    func issue(_ grant: AccountLinkGrant, purpose: AccountLinkPurpose, accountId: UUID, now: Date) async throws -> Bool
    /// Whether a link of the purpose with this token hash exists, unused and unexpired: looked up
    /// before the new password is hashed, so a made-up token costs no bcrypt.
    func isRedeemable(tokenHash: [UInt8], purpose: AccountLinkPurpose, now: Date) async throws -> Bool
    /// Uses the link: sets the password hash, ends every session of the account and every other
    /// link of it. False for an unknown, used or expired link.
    func redeem(tokenHash: [UInt8], purpose: AccountLinkPurpose, passwordHash: String, now: Date) async throws -> Bool
}
