import Foundation
import Logging
import PostgresNIO

/// Remembers the answer to a request sent with an `Idempotency-Key`, in PostgreSQL so that a
/// retry reaching another instance gets the same answer.
struct IdempotencyStore: Sendable {
    let database: DatabasePool
    let logger: Logger

    enum Start: Equatable {
        /// First time: do the work, then `finish`.
        case fresh
        /// Done before: answer this again.
        case replay(body: String)
        /// Another request with this key has not finished.
        case inProgress
    }

    func start(accountId: UUID, key: String, operation: String, now: Date) async throws -> Start {
        let logger = self.logger
        return try await database.withConnection { connection in
            let claimed = try await connection.query(
                """
                INSERT INTO idempotency_keys (account_id, key, operation, created_at)
                VALUES (\(accountId), \(key), \(operation), \(now))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
                logger: logger
            ).collect()
            if !claimed.isEmpty { return .fresh }
            let stored = try await connection.query(
                "SELECT response_body FROM idempotency_keys WHERE account_id = \(accountId) AND operation = \(operation) AND key = \(key)",
                logger: logger
            ).collect().first?.decode(String?.self)
            return stored.map { .replay(body: $0) } ?? .inProgress
        }
    }

    func finish(accountId: UUID, key: String, operation: String, body: String) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            _ = try await connection.query(
                """
                UPDATE idempotency_keys SET response_status = 200, response_body = \(body)
                WHERE account_id = \(accountId) AND operation = \(operation) AND key = \(key)
                """,
                logger: logger
            )
        }
    }

    /// The work failed: let a retry with the same key try again.
    func abandon(accountId: UUID, key: String, operation: String) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            _ = try await connection.query(
                "DELETE FROM idempotency_keys WHERE account_id = \(accountId) AND operation = \(operation) AND key = \(key)",
                logger: logger
            )
        }
    }
}
