import Crypto
import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Uploads: creating or replacing an invoice's file, and the rows every write shares.
extension PostgresInvoiceRepository {
    package func upload(
        personId: UUID, month: CalendarMonth, amount: Decimal, file: UploadedFile, data: InvoiceData, quota: UploadQuota,
        idempotency: IdempotentRequest?, now: Date
    ) async throws -> UploadOutcome {
        let logger = self.logger
        do {
            return try await database.withTransaction { connection in
                // The key is claimed in the same transaction as the file: a retry either sees it
                // answered and writes nothing, or waits for the first attempt to commit and then does.
                if let idempotency,
                    case .replay(let answer) = try await PostgresIdempotencyStore.claim(
                        idempotency, now: now, on: connection, logger: logger
                    )
                {
                    let made = try await connection.query(
                        "SELECT id FROM invoices WHERE account_id = \(personId) AND period = \(month.firstDay.iso)::date", logger: logger
                    ).collect().first?.decode(UUID.self)
                    // The first attempt's invoice; gone only if erased meanwhile.
                    guard let made else { throw StoreError.malformedRow(column: "invoices.id") }
                    return .repeated(created: answer.outcome == Self.createdOutcome, made)
                }
                let existing = try await InvoiceWriter.lock(personId: personId, month: month, on: connection, logger: logger)
                let command = InvoiceCommand(existing == nil ? .upload : .replace, by: .owner, actorId: personId, now: now)
                // Decided once, before anything is written; thrown, not returned: the claimed key
                // rolls back with the refused upload.
                let decided: InvoiceWriter.Decided
                do {
                    decided = try InvoiceWriter.decide(command, on: existing)
                } catch InvoiceRefusal.notAllowed(_, let state?, _) {
                    throw InvoiceError.locked(period: month, state: state)
                }
                var fileId = UUID()
                let stored = try await Self.storedVersion(of: file, invoiceId: existing?.id, on: connection, logger: logger)
                if stored == nil {
                    let usage = try await Self.usage(personId: personId, invoiceId: existing?.id, now: now, on: connection, logger: logger)
                    if let refusal = quota.refusal(usage, size: file.size) { throw refusal }
                }
                let invoiceId: UUID
                if let existing {
                    invoiceId = existing.id
                    if let stored {
                        fileId = stored
                    } else {
                        try await Self.insertFile(
                            fileId, invoiceId: existing.id, file: file, data: data, by: personId, now: now, on: connection, logger: logger)
                    }
                    try await InvoiceWriter.apply(
                        decided, content: .init(amount: amount, fileId: fileId, data: data), on: connection, logger: logger)
                } else {
                    invoiceId = UUID()
                    try await InvoiceWriter.insert(
                        .init(id: invoiceId, personId: personId, month: month, kind: .uploaded, amount: amount, currentFileId: fileId),
                        decided: decided, data: data, on: connection, logger: logger)
                    try await Self.insertFile(
                        fileId, invoiceId: invoiceId, file: file, data: data, by: personId, now: now, on: connection, logger: logger)
                }
                if let idempotency {
                    let outcome = existing == nil ? Self.createdOutcome : Self.replacedOutcome
                    try await PostgresIdempotencyStore.complete(
                        idempotency, answer: IdempotentAnswer(outcome: outcome), on: connection, logger: logger)
                }
                return existing == nil ? .created(invoiceId) : .replaced(invoiceId)
            }
        } catch StoreError.unexpectedConstraint(name: "invoices_one_per_person_and_period") {
            // Two first uploads raced; the other one created the invoice. Replace its file instead.
            return try await upload(
                personId: personId, month: month, amount: amount, file: file, data: data, quota: quota, idempotency: idempotency, now: now)
        }
    }

    /// The invoice's version holding exactly these bytes, if it has one.
    private static func storedVersion(of file: UploadedFile, invoiceId: UUID?, on connection: PostgresConnection, logger: Logger) async throws
        -> UUID?
    {
        guard let invoiceId else { return nil }
        let sha256 = file.sha256 ?? Data(SHA256.hash(data: file.content))
        let rows = try await connection.query(
            """
            SELECT id FROM invoice_files WHERE invoice_id = \(invoiceId) AND sha256 = \(sha256) AND size = \(file.size)
            ORDER BY version DESC LIMIT 1
            """,
            logger: logger
        ).collect()
        return try rows.first?.decode(UUID.self)
    }

    /// The invoice's versions and what the person uploaded in the last 24 hours. The person's
    /// uploads are serialised first (a lock for the transaction), so two at once cannot both
    /// pass the limit with the last room.
    private static func usage(personId: UUID, invoiceId: UUID?, now: Date, on connection: PostgresConnection, logger: Logger) async throws
        -> UploadQuota.Usage
    {
        _ = try await connection.query(
            "SELECT pg_advisory_xact_lock(hashtextextended('staffbook upload quota ' || \(personId.lowercasedString), 0))", logger: logger
        ).collect()
        let since = now.addingTimeInterval(-86400)
        let rows = try await connection.query(
            """
            SELECT (SELECT count(*) FROM invoice_files WHERE invoice_id = \(invoiceId)),
                   count(*), coalesce(sum(size), 0)::bigint
            FROM invoice_files WHERE uploaded_by = \(personId) AND uploaded_at > \(since)
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { return UploadQuota.Usage(versions: 0, filesToday: 0, bytesToday: 0) }
        let (versions, files, bytes) = try row.decode((Int, Int, Int).self)
        return UploadQuota.Usage(versions: versions, filesToday: files, bytesToday: bytes)
    }

    private static let createdOutcome = "created"
    private static let replacedOutcome = "replaced"

    package static func insertFile(
        _ id: UUID, invoiceId: UUID, file: UploadedFile, data: InvoiceData? = nil, by: UUID?, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        let sha256 = file.sha256 ?? Data(SHA256.hash(data: file.content))
        try await connection.query(
            """
            INSERT INTO invoice_files (id, invoice_id, version, content, media_type, size, sha256, original_name, uploaded_by, uploaded_at, data)
            VALUES (\(id), \(invoiceId), (SELECT coalesce(max(version), 0) + 1 FROM invoice_files WHERE invoice_id = \(invoiceId)),
                    \(file.content), \(file.mediaType), \(file.size), \(sha256),
                    \(file.originalName.map { String($0.prefix(255)) }), \(by), \(now), \(data.map(Self.snapshot))::jsonb)
            """,
            logger: logger
        )
    }
}
