import Foundation
import Logging
import StaffbookCore
import StaffbookPostgres

/// Account administration for the command line (`create-admin`, `deactivate-account`).
struct AdminAccounts: Sendable {
    private let accounts: PostgresAccountRepository

    init(database: DatabasePool, logger: Logger) {
        accounts = PostgresAccountRepository(database: database, logger: logger)
    }

    /// Creates the account; nil when the e-mail is taken.
    func create(_ account: NewAccount, now: Date) async throws -> Account? {
        try await accounts.create(account, now: now)
    }

    /// Deactivates the account with this e-mail and ends its sessions; false when there is none active.
    func deactivate(email: String, now: Date) async throws -> Bool {
        guard let account = try await accounts.find(email: email) else { return false }
        return try await accounts.deactivate(id: account.id, now: now)
    }
}
