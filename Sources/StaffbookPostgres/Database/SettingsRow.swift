import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Settings an admin changes through the API: one JSON value per key in `settings`.
package enum SettingsRow {
    /// The stored value, or `fallback` while none is stored.
    package static func read<Value: Decodable & Sendable>(
        _ key: String, fallback: Value, database: DatabasePool, logger: Logger
    ) async throws -> Value {
        try await database.withConnection { connection in
            let rows = try await connection.query("SELECT value::text FROM settings WHERE key = \(key)", logger: logger).collect()
            guard let text = try rows.first?.decode(String.self) else { return fallback }
            guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
                throw StoreError.malformedRow(column: "settings.value")
            }
            return value
        }
    }

    /// Stores the value and audits the fields that changed (before → after), in one transaction.
    package static func write<Value: Encodable>(
        _ key: String, _ value: Value, by: UUID, now: Date, database: DatabasePool, logger: Logger
    ) async throws {
        let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        try await database.withTransaction { connection in
            let before = try await connection.query(
                "SELECT value::text FROM settings WHERE key = \(key) FOR UPDATE", logger: logger
            ).collect().first?.decode(String.self)
            _ = try await connection.query(
                """
                INSERT INTO settings (key, value, updated_at, updated_by) VALUES (\(key), \(json)::jsonb, \(now), \(by))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by
                """,
                logger: logger
            )
            let changes = AuditLog.changes(from: before ?? "{}", to: json)
            guard !changes.isEmpty else { return }
            try await AuditLog.record(
                on: connection, subject: by, entity: "setting", entityId: AuditLog.settingId(key), action: key, by: by, at: now,
                changes: changes, logger: logger)
        }
    }
}
