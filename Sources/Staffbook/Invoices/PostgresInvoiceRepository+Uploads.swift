import Crypto
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Uploads: creating or replacing an invoice's file, and the rows every write shares.
extension PostgresInvoiceRepository {
    func upload(personId: UUID, month: CalendarMonth, amount: Decimal, file: UploadedFile, idempotencyKey: String?, now: Date) async throws -> UploadOutcome {
        let logger = self.logger
        let amountText = "\(amount)"
        do {
            return try await database.withTransaction { connection in
                let existing = try await connection.query(
                    "SELECT id, state, kind FROM invoices WHERE account_id = \(personId) AND period = \(month.firstDay.iso)::date FOR UPDATE",
                    logger: logger
                ).collect().first.map { try $0.decode((UUID, String, String).self) }
                if let (_, stateText, kindText) = existing,
                   case .failure = InvoiceWorkflow.apply(.replace, to: InvoiceState(rawValue: stateText), kind: InvoiceKind(rawValue: kindText), by: .owner) {
                    return .locked(InvoiceState(rawValue: stateText)!)
                }
                if let idempotencyKey {
                    // The key is claimed in the same transaction as the file: a retry either sees it and
                    // writes nothing, or waits for the first attempt to commit and then sees it.
                    let claimed = try await connection.query(
                        """
                        INSERT INTO idempotency_keys (account_id, key, operation, created_at)
                        VALUES (\(personId), \(idempotencyKey), \("upload:" + month.iso), \(now))
                        ON CONFLICT DO NOTHING RETURNING 1
                        """,
                        logger: logger
                    ).collect()
                    if claimed.isEmpty { return .repeated }
                }
                let fileId = UUID()
                if let (invoiceId, stateText, _) = existing {
                    try await Self.insertFile(fileId, invoiceId: invoiceId, file: file, by: personId, now: now, on: connection, logger: logger)
                    try await connection.query(
                        """
                        UPDATE invoices SET state = 'submitted', amount = \(amountText)::numeric, current_file_id = \(fileId),
                            return_reason = NULL, submitted_at = \(now), version = version + 1, updated_at = \(now)
                        WHERE id = \(invoiceId)
                        """,
                        logger: logger
                    )
                    try await Self.event(invoiceId, action: "replace", from: stateText, to: "submitted", actor: personId, reason: nil, at: now, on: connection, logger: logger)
                    return .replaced
                }
                let invoiceId = UUID()
                try await connection.query(
                    """
                    INSERT INTO invoices (id, account_id, period, state, kind, amount, current_file_id, submitted_at, created_at, updated_at)
                    VALUES (\(invoiceId), \(personId), \(month.firstDay.iso)::date, 'submitted', 'uploaded', \(amountText)::numeric,
                            \(fileId), \(now), \(now), \(now))
                    """,
                    logger: logger
                )
                try await Self.insertFile(fileId, invoiceId: invoiceId, file: file, by: personId, now: now, on: connection, logger: logger)
                try await Self.event(invoiceId, action: "upload", from: nil, to: "submitted", actor: personId, reason: nil, at: now, on: connection, logger: logger)
                return .created
            }
        } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "invoices_one_per_person_and_period" {
            // Two first uploads raced; the other one created the invoice. Replace its file instead.
            return try await upload(personId: personId, month: month, amount: amount, file: file, idempotencyKey: idempotencyKey, now: now)
        }
    }

    static func insertFile(
        _ id: UUID, invoiceId: UUID, file: UploadedFile, by: UUID?, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO invoice_files (id, invoice_id, content, media_type, size, sha256, original_name, uploaded_by, uploaded_at)
            VALUES (\(id), \(invoiceId), \(file.content), \(file.mediaType), \(file.size), \(file.sha256),
                    \(file.originalName.map { String($0.prefix(255)) }), \(by), \(now))
            """,
            logger: logger
        )
    }

    static func event(
        _ invoiceId: UUID, action: String, from: String?, to: String, actor: UUID?, reason: String?, at: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO invoice_events (invoice_id, at, actor_id, action, from_state, to_state, reason)
            VALUES (\(invoiceId), \(at), \(actor), \(action), \(from), \(to), \(reason))
            """,
            logger: logger
        )
    }
}
