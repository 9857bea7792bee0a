import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Invitations and password resets: a token's hash, and the notification that mails it, written
/// together.
package struct PostgresAccountLinkRepository: AccountLinkRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func issue(_ grant: AccountLinkGrant, purpose: AccountLinkPurpose, accountId: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                "SELECT 1 FROM accounts WHERE id = \(accountId) AND is_active FOR UPDATE", logger: logger
            ).collect()
            guard rows.count == 1 else { return false }
            try await Self.issue(grant, purpose: purpose, accountId: accountId, now: now, on: connection, logger: logger)
            return true
        }
    }

    /// A reset link for the active account with this e-mail, if there is one, on the caller's
    /// connection (the job that was asked for it ends in the same transaction).
    static func issuePasswordReset(
        _ grant: AccountLinkGrant, email: String, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let rows = try await connection.query(
            "SELECT id FROM accounts WHERE email = normalize(\(email), NFKC)::citext AND is_active FOR UPDATE", logger: logger
        ).collect()
        guard let accountId = try rows.first?.decode(UUID.self) else { return }
        try await issue(grant, purpose: .passwordReset, accountId: accountId, now: now, on: connection, logger: logger)
    }

    package func isRedeemable(tokenHash: [UInt8], purpose: AccountLinkPurpose, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT 1 FROM account_tokens
                WHERE token_hash = \(Data(tokenHash)) AND purpose = \(purpose.rawValue) AND used_at IS NULL AND expires_at > \(now)
                """,
                logger: logger
            ).collect().count == 1
        }
    }

    /// Writes the link on the caller's connection: earlier unused links of the purpose end.
    package static func issue(
        _ grant: AccountLinkGrant, purpose: AccountLinkPurpose, accountId: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            UPDATE account_tokens SET used_at = \(now)
            WHERE account_id = \(accountId) AND purpose = \(purpose.rawValue) AND used_at IS NULL
            """,
            logger: logger
        )
        try await connection.query(
            """
            INSERT INTO account_tokens (token_hash, account_id, purpose, created_at, expires_at)
            VALUES (\(Data(grant.tokenHash)), \(accountId), \(purpose.rawValue), \(now), \(grant.expiresAt))
            """,
            logger: logger
        )
        try await NotificationOutbox.add(
            NewNotification(
                id: grant.notificationId, accountId: accountId, kind: purpose.notificationKind,
                payload: NotificationPayload(expiresAt: grant.expiresAt)
            ),
            now: now, on: connection, logger: logger
        )
    }

    package func redeem(tokenHash: [UInt8], purpose: AccountLinkPurpose, passwordHash: String, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE account_tokens SET used_at = \(now)
                WHERE token_hash = \(Data(tokenHash)) AND purpose = \(purpose.rawValue) AND used_at IS NULL AND expires_at > \(now)
                RETURNING account_id
                """,
                logger: logger
            ).collect()
            guard let accountId = try rows.first?.decode(UUID.self) else { return false }
            let updated = try await connection.query(
                """
                UPDATE accounts SET password_hash = \(passwordHash), updated_at = \(now)
                WHERE id = \(accountId) AND is_active RETURNING id
                """,
                logger: logger
            ).collect()
            guard updated.count == 1 else { return false }
            // A password set through one link ends every other link of the account: an old
            // invitation must not reset a password chosen since, nor a reset an invitation.
            try await connection.query(
                "UPDATE account_tokens SET used_at = \(now) WHERE account_id = \(accountId) AND used_at IS NULL", logger: logger
            )
            try await connection.query(
                """
                UPDATE sessions SET revoked_at = \(now), revoked_reason = 'password_changed'
                WHERE account_id = \(accountId) AND revoked_at IS NULL
                """,
                logger: logger
            )
            return true
        }
    }
}
