import Foundation

/// Accounts by e-mail or id; creation and deactivation.
package protocol AccountRepository: Sendable {
    /// The account with this e-mail (case-insensitive), active or not.
    func find(email: String) async throws -> Account?
    /// The account with this id, active or not.
    func find(id: UUID) async throws -> Account?
    /// Creates an account; `nil` when the e-mail is taken.
    func create(_ account: NewAccount, now: Date) async throws -> Account?
    /// Marks the account inactive and ends all its sessions; false when there is no such active account.
    func deactivate(id: UUID, now: Date) async throws -> Bool
}
