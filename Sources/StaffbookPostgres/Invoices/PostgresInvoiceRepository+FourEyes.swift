import Foundation
import Logging
import PostgresNIO
import StaffbookCore

extension PostgresInvoiceRepository {
    package func secondAdminWaits(invoiceId: UUID?) async throws -> [SecondAdminWait] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT w.invoice_id, p.first_name || ' ' || p.last_name, to_char(w.period, 'YYYY-MM'), w.kind, a.id,
                       a.first_name || ' ' || a.last_name, w.reason, w.at
                FROM (
                    SELECT id AS invoice_id, account_id, period, 'override' AS kind, override_requested_by AS asked_by,
                           override_reason AS reason, override_requested_at AS at
                    FROM invoices WHERE override_requested_by IS NOT NULL AND (\(invoiceId)::uuid IS NULL OR id = \(invoiceId))
                    UNION ALL
                    SELECT id, account_id, period, 'bank_account', account_confirm_requested_by, bank_account, account_confirm_requested_at
                    FROM invoices WHERE account_confirm_requested_by IS NOT NULL AND (\(invoiceId)::uuid IS NULL OR id = \(invoiceId))
                ) w
                JOIN accounts p ON p.id = w.account_id
                JOIN accounts a ON a.id = w.asked_by
                ORDER BY w.at, w.invoice_id
                LIMIT 200
                """,
                logger: logger
            ).collect()
            return try rows.map { row in
                let (invoiceId, person, period, kind, askedById, askedByName, reason, at) = try row.decode(
                    (UUID, String, String, String, UUID, String, String?, Date).self)
                return SecondAdminWait(
                    invoiceId: invoiceId, personName: person, period: try StoredValue.month(period, column: "invoices.period"),
                    kind: try StoredValue.enumeration(kind, column: "invoices.override_requested_by"),
                    askedBy: AuditPerson(id: askedById, name: askedByName), reason: reason, at: at)
            }
        }
    }
}
