import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Answers of requests sent with an `Idempotency-Key`, in PostgreSQL, so that a retry reaching
/// another instance gets the same answer. Uploads claim their key inside the transaction that
/// stores the file; bulk actions claim it first and complete it when their report is ready.
package struct PostgresIdempotencyStore: IdempotencyStore {
    package let database: DatabasePool
    package let logger: Logger

    /// A claim without an answer this old was left by an attempt that died (its instance was
    /// killed): a retry may take it over.
    package static let abandonedAfter: TimeInterval = 600

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func claim(_ request: IdempotentRequest, now: Date) async throws -> IdempotencyClaim {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.claim(request, now: now, on: connection, logger: logger)
        }
    }

    package func complete(_ request: IdempotentRequest, answer: IdempotentAnswer) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            try await Self.complete(request, answer: answer, on: connection, logger: logger)
        }
    }

    package func release(_ request: IdempotentRequest) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            _ = try await connection.query(
                """
                DELETE FROM idempotency_keys
                WHERE account_id = \(request.accountId) AND operation = \(request.scope) AND key = \(request.key)
                  AND outcome IS NULL
                """,
                logger: logger
            ).collect()
        }
    }

    package func prune(now: Date) async throws -> Int {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("DELETE FROM idempotency_keys WHERE expires_at <= \(now) RETURNING 1", logger: logger).collect().count
        }
    }

    /// Claims the key on `connection`; inside a transaction, the claim commits or rolls back
    /// with the work. A concurrent claim of the same key waits for the first to commit and then
    /// sees its answer.
    package static func claim(
        _ request: IdempotentRequest, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> IdempotencyClaim {
        let abandonedBefore = now.addingTimeInterval(-abandonedAfter)
        let expiresAt = now.addingTimeInterval(request.lifetime)
        // Taken over when an attempt died without an answer, or when the key has expired (then
        // whatever it was used for before no longer counts).
        let claimed = try await connection.query(
            """
            INSERT INTO idempotency_keys (account_id, operation, key, fingerprint, created_at, expires_at)
            VALUES (\(request.accountId), \(request.scope), \(request.key), \(request.fingerprint), \(now), \(expiresAt))
            ON CONFLICT (account_id, operation, key) DO UPDATE SET
                created_at = excluded.created_at, expires_at = excluded.expires_at, fingerprint = excluded.fingerprint,
                outcome = NULL, response_body = NULL
            WHERE (idempotency_keys.outcome IS NULL AND idempotency_keys.created_at < \(abandonedBefore)
                   AND idempotency_keys.fingerprint = excluded.fingerprint)
               OR idempotency_keys.expires_at <= \(now)
            RETURNING 1
            """,
            logger: logger
        ).collect()
        if !claimed.isEmpty { return .fresh }
        let rows = try await connection.query(
            """
            SELECT fingerprint, outcome, response_body FROM idempotency_keys
            WHERE account_id = \(request.accountId) AND operation = \(request.scope) AND key = \(request.key)
            """,
            logger: logger
        ).collect()
        // Released by a failed attempt between the two statements: that attempt is still ending.
        guard let row = rows.first else { throw IdempotencyError.inProgress }
        let (fingerprint, outcome, body) = try row.decode((String?, String?, String?).self)
        // Keys stored before fingerprints were kept match any request.
        if let fingerprint, fingerprint != request.fingerprint { throw IdempotencyError.keyReused }
        guard let outcome else { throw IdempotencyError.inProgress }
        return .replay(IdempotentAnswer(outcome: outcome, body: body.map { Data($0.utf8) }))
    }

    package static func complete(
        _ request: IdempotentRequest, answer: IdempotentAnswer, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let body = answer.body.map { String(decoding: $0, as: UTF8.self) }
        _ = try await connection.query(
            """
            UPDATE idempotency_keys SET outcome = \(answer.outcome), response_body = \(body)
            WHERE account_id = \(request.accountId) AND operation = \(request.scope) AND key = \(request.key)
            """,
            logger: logger
        ).collect()
    }
}
