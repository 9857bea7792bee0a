import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Loads the demo data in `seeds/` (`*.sql`, in name order), each file in one transaction.
/// The files are written to be idempotent: loading them again changes nothing.
package struct Seeder: Sendable {
    let directory: URL
    let logger: Logger

    package init(directory: URL, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    /// Returns the names of the files loaded.
    @discardableResult
    package func seed(_ database: DatabasePool) async throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        let files = try names.map { name in
            (name, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
        let logger = self.logger
        for (name, sql) in files {
            try await database.withConnection { connection in
                try await connection.withTransaction(logger: logger) { connection in
                    try await connection.runScript(sql, logger: logger)
                }
            }
            logger.info("loaded seed", metadata: ["file": "\(name)"])
        }
        return names
    }
}
