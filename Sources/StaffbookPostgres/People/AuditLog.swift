import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Writes who changed what about whom, in the caller's transaction.
package enum AuditLog {
    /// `field → (from, to)`; nil values mean "empty".
    package typealias Changes = [String: Change]

    package struct Change: Encodable {
        package var from: String?
        package var to: String?

        package init(from: String?, to: String?) {
            self.from = from
            self.to = to
        }
    }

    package static func record(
        on connection: PostgresConnection, subject: UUID, entity: String, entityId: UUID, action: String,
        by: UUID?, at: Date, changes: Changes = [:], logger: Logger
    ) async throws {
        let json = String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO audit_log (subject_id, entity, entity_id, action, changed_by, changed_at, changes, request_id)
            VALUES (\(subject), \(entity), \(entityId), \(action), \(by), \(at), \(json)::jsonb, \(AuditContext.requestId))
            """,
            logger: logger
        )
    }

    /// Bumps the person's version: any change to them changes their profile's `ETag`.
    package static func touch(_ personId: UUID, on connection: PostgresConnection, at: Date, logger: Logger) async throws {
        try await connection.query(
            "UPDATE accounts SET version = version + 1, updated_at = \(at) WHERE id = \(personId)", logger: logger
        )
    }
}
