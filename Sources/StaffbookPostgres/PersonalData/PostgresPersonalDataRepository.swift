import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPersonalDataRepository: PersonalDataRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// One read-only snapshot, so the files agree with each other; PostgreSQL writes the JSON.
    package func export(personId: UUID, now: Date) async throws -> PersonalDataExport? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            try await connection.query("SET LOCAL TIME ZONE 'UTC'", logger: logger)
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
            for try await (path, mediaType, content) in uploaded.decode((String, String, Data).self) {
                files.append(
                    .init(
                        path: path, description: "An uploaded file (\(mediaType)).", contents: content,
                        compressed: !mediaType.hasPrefix("text/") && !mediaType.hasSuffix("xml")))
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
}
