import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The four-eyes rule's reads outside a change's own transaction: the standing a page or a new
/// run is shown with, and what waits for a second admin.
package struct PostgresFourEyesRepository: FourEyesRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func standing(_ settings: FourEyesSettings, now: Date) async throws -> FourEyesStanding {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await AdminChangeGate.standing(settings, now: now, forChange: false, on: connection, logger: logger)
        }
    }

    package func pendingChanges(personId: UUID?, now: Date) async throws -> [AdminChangeRequest] {
        let logger = self.logger
        let since = now.addingTimeInterval(-PendingAdminChange.lifetime)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT r.id, r.kind, r.account_id, r.requested_by, r.requested_at, r.reason,
                       p.first_name || ' ' || p.last_name, a.first_name || ' ' || a.last_name
                FROM admin_change_requests r JOIN accounts p ON p.id = r.account_id JOIN accounts a ON a.id = r.requested_by
                WHERE (\(personId)::uuid IS NULL OR r.account_id = \(personId)) AND r.requested_at > \(since)
                ORDER BY r.requested_at, r.id
                """,
                logger: logger
            )
            var found: [AdminChangeRequest] = []
            for try await (id, kind, person, asker, at, reason, personName, askerName) in rows.decode(
                (UUID, String, UUID, UUID, Date, String?, String, String).self)
            {
                let change = PendingAdminChange(
                    id: id, kind: try StoredValue.enumeration(kind, as: AdminChangeKind.self, column: "admin_change_requests.kind"),
                    personId: person, requestedBy: asker, requestedAt: at, reason: reason)
                found.append(AdminChangeRequest(change: change, personName: personName, askedBy: AuditPerson(id: asker, name: askerName)))
            }
            return found
        }
    }

    package func withdraw(changeId: UUID, by actor: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                "DELETE FROM admin_change_requests WHERE id = \(changeId) RETURNING kind, account_id, requested_by", logger: logger
            ).collect()
            guard let (kind, personId, asker) = try rows.first?.decode((String, UUID, UUID).self) else { return false }
            try await AuditLog.record(
                on: connection, subject: personId, entity: "account", entityId: personId,
                action: asker == actor ? "second_admin_request_withdrawn" : "second_admin_request_declined", by: actor, at: now,
                changes: ["change": .init(from: kind, to: nil), "askedBy": .init(from: asker.lowercasedString, to: nil)], logger: logger)
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return true
        }
    }
}
