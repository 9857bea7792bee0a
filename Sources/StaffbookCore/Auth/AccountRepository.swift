import Foundation

/// Accounts by e-mail or id; creation and deactivation.
package protocol AccountRepository: Sendable {
    /// The account with this e-mail (case-insensitive), active or not.
    func find(email: String) async throws -> Account?
    /// The account with this id, active or not.
    func find(id: UUID) async throws -> Account?
    /// The account with the profile fields its owner reads (`GET /v1/me`), in one row.
    func profile(id: UUID) async throws -> OwnProfile?
    /// Creates an account; `nil` when the e-mail is taken.
    func create(_ account: NewAccount, now: Date) async throws -> Account?
    /// Replaces the password hash if it is still `old` (a re-hash at a new cost); false otherwise.
    func replacePasswordHash(id: UUID, old: String, new: String) async throws -> Bool
    /// The active accounts with a password whose e-mail is in `domain` (`staffbook.example`).
    func activeAccounts(inEmailDomain domain: String) async throws -> [Account]
    /// How many accounts have an e-mail outside `domain`.
    func countAccounts(outsideEmailDomain domain: String) async throws -> Int
    /// Marks the account inactive and ends all its sessions, personal tokens and calendar feeds;
    /// false when there is no such active account.
    func deactivate(id: UUID, now: Date) async throws -> Bool
    /// When the account's credentials were last all ended (its last deactivation), if ever.
    func credentialsRevokedAt(id: UUID) async throws -> Date?
}
