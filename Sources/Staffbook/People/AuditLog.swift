import Foundation
import Logging
import PostgresNIO

/// Writes who changed what about whom, in the caller's transaction.
enum AuditLog {
    /// `field → (from, to)`; nil values mean "empty".
    typealias Changes = [String: Change]

    struct Change: Encodable {
        var from: String?
        var to: String?
    }

    static func record(
        on connection: PostgresConnection, subject: UUID, entity: String, entityId: UUID, action: String,
        by: UUID?, at: Date, changes: Changes = [:], logger: Logger
    ) async throws {
        let json = String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO audit_log (subject_id, entity, entity_id, action, changed_by, changed_at, changes)
            VALUES (\(subject), \(entity), \(entityId), \(action), \(by), \(at), \(json)::jsonb)
            """,
            logger: logger
        )
    }

    /// Bumps the person's version: any change to them changes their profile's `ETag`.
    static func touch(_ personId: UUID, on connection: PostgresConnection, at: Date, logger: Logger) async throws {
        try await connection.query(
            "UPDATE accounts SET version = version + 1, updated_at = \(at) WHERE id = \(personId)", logger: logger
        )
    }
}
