import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Writes who changed what about whom, in the caller's transaction.
package enum AuditLog {
    /// `field → (from, to)`; nil values mean "empty".
    package typealias Changes = [String: Change]

    package struct Change: Codable, Sendable {
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

    /// The top-level fields of two JSON objects that differ, each as compact JSON text.
    package static func changes(from before: String, to after: String) -> Changes {
        let old = (try? JSONSerialization.jsonObject(with: Data(before.utf8))) as? [String: Any] ?? [:]
        let new = (try? JSONSerialization.jsonObject(with: Data(after.utf8))) as? [String: Any] ?? [:]
        var changes: Changes = [:]
        for key in Set(old.keys).union(new.keys) {
            let from = old[key].map(text)
            let to = new[key].map(text)
            if from != to { changes[key] = Change(from: from, to: to) }
        }
        return changes
    }

    private static func text(_ value: Any) -> String {
        if let string = value as? String { return string }
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
        else { return "\(value)" }
        // Written inside an array (any value may be), the brackets taken off again.
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// A setting's stable id for the audit log, from its key.
    package static func settingId(_ key: String) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for (index, byte) in key.utf8.enumerated() { bytes[index % 16] ^= byte }
        bytes[6] = (bytes[6] & 0x0f) | 0x80
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Bumps the person's version: any change to them changes their profile's `ETag`.
    package static func touch(_ personId: UUID, on connection: PostgresConnection, at: Date, logger: Logger) async throws {
        try await connection.query(
            "UPDATE accounts SET version = version + 1, updated_at = \(at) WHERE id = \(personId)", logger: logger
        )
    }
}
