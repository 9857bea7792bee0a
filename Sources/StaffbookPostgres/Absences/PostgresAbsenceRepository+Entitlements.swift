import Foundation
import Logging
import PostgresNIO
import StaffbookCore

extension PostgresAbsenceRepository {
    package func setEntitlement(personId: UUID, year: Int, days: Decimal?, by: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard
                try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR NO KEY UPDATE", logger: logger)
                    .collect().first != nil
            else { return false }
            let before = try await connection.query(
                "SELECT days::text FROM vacation_entitlements WHERE account_id = \(personId) AND year = \(year)", logger: logger
            ).collect().first.map { try StoredValue.decimal(try $0.decode(String.self), column: "vacation_entitlements.days") }
                .map { "\($0)" }
            if let days {
                _ = try await connection.query(
                    """
                    INSERT INTO vacation_entitlements (account_id, year, days, set_by, set_at)
                    VALUES (\(personId), \(year), \("\(days)")::numeric, \(by), \(now))
                    ON CONFLICT (account_id, year) DO UPDATE SET days = EXCLUDED.days, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at
                    """,
                    logger: logger
                ).collect()
            } else {
                _ = try await connection.query(
                    "DELETE FROM vacation_entitlements WHERE account_id = \(personId) AND year = \(year)", logger: logger
                ).collect()
            }
            let after = days.map { "\($0)" }
            if before != after {
                try await AuditLog.record(
                    on: connection, subject: personId, entity: "vacation_entitlement", entityId: personId, action: days == nil ? "clear" : "set",
                    by: by, at: now, changes: ["\(year)": .init(from: before, to: after)], logger: logger
                )
            }
            return true
        }
    }
}
