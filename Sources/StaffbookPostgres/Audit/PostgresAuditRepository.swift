import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresAuditRepository: AuditRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func list(_ filter: AuditFilter, page: PageRequest<AuditPosition>) async throws -> [AuditEntry] {
        let logger = self.logger
        let kinds = filter.kinds.map(\.rawValue).sorted()
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT l.id, l.changed_at, l.entity, l.entity_id, l.action, l.subject_id, s.first_name || ' ' || s.last_name,
                       l.changed_by, CASE WHEN a.id IS NULL THEN NULL ELSE a.first_name || ' ' || a.last_name END,
                       l.request_id, l.changes::text
                FROM audit_log l
                JOIN accounts s ON s.id = l.subject_id
                LEFT JOIN accounts a ON a.id = l.changed_by
                WHERE (\(filter.subjectId)::uuid IS NULL OR l.subject_id = \(filter.subjectId))
                  AND (\(filter.actorId)::uuid IS NULL OR l.changed_by = \(filter.actorId))
                  AND (cardinality(\(kinds)::text[]) = 0 OR l.entity = ANY(\(kinds)::text[]))
                  AND (\(filter.from)::timestamptz IS NULL OR l.changed_at >= \(filter.from))
                  AND (\(filter.to)::timestamptz IS NULL OR l.changed_at < \(filter.to))
                  AND (\(page.after?.id)::int8 IS NULL OR l.id < \(page.after?.id))
                ORDER BY l.id DESC
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            ).collect()
            return try rows.map(Self.entry)
        }
    }

    private static func entry(_ row: PostgresRow) throws -> AuditEntry {
        let (id, at, entity, entityId, action, subjectId, subjectName, actorId, actorName, requestId, changes) = try row.decode(
            (Int64, Date, String, UUID, String, UUID, String, UUID?, String?, String?, String).self)
        let decoded =
            (try? JSONDecoder().decode([String: AuditLog.Change].self, from: Data(changes.utf8)))
            ?? [:]
        return AuditEntry(
            id: id, at: at, kind: try StoredValue.enumeration(entity, column: "audit_log.entity"), entityId: entityId, action: action,
            subject: AuditPerson(id: subjectId, name: subjectName),
            actor: actorId.map { AuditPerson(id: $0, name: actorName ?? "") }, requestId: requestId,
            changes: decoded.keys.sorted().map { AuditChange(field: $0, from: decoded[$0]?.from, to: decoded[$0]?.to) })
    }
}
