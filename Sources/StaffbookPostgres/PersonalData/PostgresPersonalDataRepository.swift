import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPersonalDataRepository: PersonalDataRepository {
    package let database: DatabasePool
    package let logger: Logger

    /// The first key of the advisory lock one person's export holds (the person is the second).
    static let exportLock: Int32 = 0x5345_5850

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// One read-only snapshot, so the files agree with each other; PostgreSQL writes the JSON.
    package func export(personId: UUID, now: Date, spool: URL?, exclusive: Bool) async throws -> PersonalDataExport? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            try await connection.query("SET LOCAL TIME ZONE 'UTC'", logger: logger)
            // One export of a person read at a time, on every instance: the lock goes with the transaction.
            if exclusive {
                let locked =
                    try await connection.query(
                        "SELECT pg_try_advisory_xact_lock(\(Self.exportLock), hashtext(\(personId.lowercasedString)))", logger: logger
                    ).collect().first?.decode(Bool.self) ?? false
                guard locked else { throw PersonalDataError.exportInProgress }
            }
            let names = try await connection.query(
                "SELECT first_name || ' ' || last_name FROM accounts WHERE id = \(personId)", logger: logger
            ).collect()
            guard let name = try names.first?.decode(String.self) else { return nil }
            var files: [PersonalDataExport.File] = []
            for table in PersonalDataTables.exported {
                var binds = PostgresBindings()
                binds.append(personId)
                let without = "'{" + table.without.joined(separator: ",") + "}'::text[]"
                let sql = """
                    SELECT jsonb_pretty(coalesce(jsonb_agg(to_jsonb(t) - \(without) ORDER BY \(table.order)), '[]'::jsonb))
                    FROM (\(table.select)) t
                    """
                let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).collect()
                let json = try rows.first?.decode(String.self) ?? "[]"
                files.append(.init(path: table.file, description: table.description, contents: Data(json.utf8)))
            }
            let uploaded = try await connection.query(
                """
                SELECT \(unescaped: PersonalDataTables.filePath), f.media_type, f.content
                FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = \(personId) ORDER BY f.uploaded_at, f.id
                """,
                logger: logger
            )
            var spooled = 0
            for try await (path, mediaType, content) in uploaded.decode((String, String, Data).self) {
                let description = "An uploaded file (\(mediaType)).", compressed = !mediaType.hasPrefix("text/") && !mediaType.hasSuffix("xml")
                if let spool {
                    spooled += 1
                    let file = spool.appendingPathComponent("\(spooled)")
                    try content.write(to: file)
                    files.append(.init(path: path, description: description, spooledAt: file.path, compressed: compressed))
                } else {
                    files.append(.init(path: path, description: description, contents: content, compressed: compressed))
                }
            }
            return PersonalDataExport(personId: personId, name: name, files: files, omissions: PersonalDataTables.omitted, generatedAt: now)
        }
    }

    package func recordExport(personId: UUID, by actor: UUID, now: Date) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            try await AuditLog.record(
                on: connection, subject: personId, entity: AuditKind.personalData.rawValue, entityId: personId, action: "exported", by: actor,
                at: now, logger: logger)
        }
    }

    package func uploadedBytes(personId: UUID) async throws -> Int? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT (SELECT coalesce(sum(f.size), 0) FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = a.id)::bigint
                FROM accounts a WHERE a.id = \(personId)
                """,
                logger: logger
            ).collect()
            return try rows.first.map { Int(try $0.decode(Int64.self)) }
        }
    }

    static let exportColumns = "id, account_id, requested_by, created_at, expires_at, archive, file_name"

    static func queued(_ row: PostgresRow) throws -> QueuedExport {
        let (id, person, requestedBy, createdAt, expiresAt, archive, fileName) = try row.decode(
            (UUID, UUID, UUID, Date, Date, Data?, String?).self)
        return QueuedExport(
            id: id, personId: person, requestedBy: requestedBy, createdAt: createdAt, expiresAt: expiresAt, archive: archive, fileName: fileName)
    }

    package func queueExport(personId: UUID, by actor: UUID, now: Date) async throws -> QueuedExport {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // The person's exports decide one after the other.
            try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR UPDATE", logger: logger)
            let current = try await connection.query(
                """
                SELECT id, account_id, requested_by, created_at, expires_at, NULL::bytea, file_name FROM personal_exports
                WHERE account_id = \(personId) AND expires_at > \(now) AND created_at > \(now.addingTimeInterval(-QueuedExport.reusedFor))
                ORDER BY created_at DESC LIMIT 1
                """,
                logger: logger
            ).collect()
            if let row = current.first { return try Self.queued(row) }
            // A newer export replaces the person's older archives: one is kept at most.
            try await connection.query("DELETE FROM personal_exports WHERE account_id = \(personId)", logger: logger)
            let rows = try await connection.query(
                """
                INSERT INTO personal_exports (account_id, requested_by, created_at, expires_at)
                VALUES (\(personId), \(actor), \(now), \(now.addingTimeInterval(QueuedExport.lifetime)))
                RETURNING \(unescaped: Self.exportColumns)
                """,
                logger: logger
            ).collect()
            let queued = try Self.queued(try StoredValue.single(rows, column: "personal_exports.id"))
            try await PostgresJobQueue.insert(
                [NewJob(kind: .personalExport, key: queued.id.lowercasedString, payload: ["export": queued.id.lowercasedString], runAt: now)],
                now: now, on: connection, logger: logger)
            return queued
        }
    }

    package func queuedExport(id: UUID) async throws -> QueuedExport? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("SELECT \(unescaped: Self.exportColumns) FROM personal_exports WHERE id = \(id)", logger: logger)
                .collect().first.map(Self.queued)
        }
    }

    package func storeArchive(_ data: Data, fileName: String, exportId: UUID, now: Date) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            try await connection.query(
                """
                UPDATE personal_exports SET state = 'ready', archive = \(data), file_name = \(fileName), ready_at = \(now)
                WHERE id = \(exportId)
                """,
                logger: logger
            )
        }
    }
}
