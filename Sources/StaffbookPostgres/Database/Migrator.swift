import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Applies `schema/` files in order, each in its own transaction, recording version and
/// checksum. A session advisory lock serialises concurrent runners (several instances
/// starting at once), so every file is applied exactly once.
package struct Migrator: Sendable {
    /// Arbitrary constant shared by every Staffbook process: the key of the advisory lock.
    static let lockKey: Int64 = 0x5354_4146_4642_4B31

    let files: [MigrationFile]
    let logger: Logger

    package init(files: [MigrationFile], logger: Logger) {
        self.files = files
        self.logger = logger
    }

    package init(schemaDirectory: URL, logger: Logger) throws {
        self.init(files: try MigrationFile.load(from: schemaDirectory), logger: logger)
    }

    /// Returns the versions this run applied (empty when the database was up to date).
    @discardableResult
    package func migrate(_ database: DatabasePool) async throws -> [Int] {
        let files = self.files
        let logger = self.logger
        return try await database.withConnection { connection in
            _ = try await connection.query("SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger).collect()
            do {
                let applied = try await Self.migrateLocked(files: files, connection: connection, logger: logger)
                _ = try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger).collect()
                return applied
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                throw error
            }
        }
    }

    private static func migrateLocked(
        files: [MigrationFile],
        connection: PostgresConnection,
        logger: Logger
    ) async throws -> [Int] {
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                name text NOT NULL,
                checksum text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            logger: logger
        )
        var recorded: [Int: (name: String, checksum: String)] = [:]
        let rows = try await connection.query("SELECT version, name, checksum FROM schema_migrations", logger: logger)
        for try await (version, name, checksum) in rows.decode((Int, String, String).self) {
            recorded[version] = (name, checksum)
        }
        let known = Dictionary(uniqueKeysWithValues: files.map { ($0.version, $0) })
        for (version, entry) in recorded.sorted(by: { $0.key < $1.key }) {
            guard let file = known[version] else {
                throw MigrationError.unknownAppliedVersion(version: version, name: entry.name)
            }
            guard file.checksum == entry.checksum else {
                throw MigrationError.checksumChanged(version: version, name: file.name)
            }
        }
        var applied: [Int] = []
        for file in files where recorded[file.version] == nil {
            try await connection.withTransaction(logger: logger) { connection in
                // Schema files are ours, not user input, and may hold several statements,
                // which only the simple query protocol runs.
                try await connection.runScript(file.sql, logger: logger)
                try await connection.query(
                    "INSERT INTO schema_migrations (version, name, checksum) VALUES (\(file.version), \(file.name), \(file.checksum))",
                    logger: logger
                )
            }
            logger.info("applied migration", metadata: ["version": "\(file.version)", "name": "\(file.name)"])
            applied.append(file.version)
        }
        return applied
    }
}
