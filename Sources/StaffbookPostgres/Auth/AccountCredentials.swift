import Foundation
import Logging
import PostgresNIO

/// Everything that lets someone act as an account without a password: ended together when the
/// account is deactivated, by whichever path deactivates it (the API or the command line).
enum AccountCredentials {
    /// Ends the account's sessions, personal access tokens and calendar feeds, and marks the
    /// moment so that file links signed before it open nothing, even after a reactivation.
    static func endAll(accountId: UUID, now: Date, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            WITH sessions AS (
                UPDATE sessions SET revoked_at = \(now), revoked_reason = 'account_deactivated'
                WHERE account_id = \(accountId) AND revoked_at IS NULL
            ), tokens AS (
                UPDATE personal_access_tokens SET revoked_at = \(now) WHERE account_id = \(accountId) AND revoked_at IS NULL
            ), feeds AS (
                UPDATE calendar_feeds SET revoked_at = \(now) WHERE account_id = \(accountId) AND revoked_at IS NULL
            )
            UPDATE accounts SET credentials_revoked_at = \(now) WHERE id = \(accountId)
            """,
            logger: logger
        )
    }
}
