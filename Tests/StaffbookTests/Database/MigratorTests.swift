import Foundation
import Logging
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Migrations")
struct MigratorTests {
    let logger = TestDatabase.logger

    private func schemaDirectory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, sql) in files {
            try Data(sql.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    private func recordedVersions(_ pool: DatabasePool) async throws -> [Int] {
        try await pool.withConnection { connection in
            let rows = try await connection.query("SELECT version FROM schema_migrations ORDER BY version", logger: TestDatabase.logger)
            return try await rows.collect().map { try $0.decode(Int.self) }
        }
    }

    @Test func appliesFilesInVersionOrderAndRecordsEach() async throws {
        // The second file needs the first one's table, and is listed first on purpose.
        let directory = try schemaDirectory([
            "0002_add_people_email.sql": "ALTER TABLE people ADD COLUMN email text;",
            "0001_create_people.sql": "CREATE TABLE people (id int PRIMARY KEY); CREATE INDEX ON people (id);",
        ])
        try await TestDatabase.withEmptyDatabase { config in
            try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                let migrator = Migrator(files: try MigrationFile.load(from: directory), logger: logger)

                let applied = try await migrator.migrate(pool)
                let again = try await migrator.migrate(pool)

                #expect(applied == [1, 2])
                #expect(again == [])
                #expect(try await recordedVersions(pool) == [1, 2])
            }
        }
    }

    @Test func aChangedAppliedFileStopsMigrationWithAClearError() async throws {
        let directory = try schemaDirectory(["0001_create_people.sql": "CREATE TABLE people (id int);"])
        try await TestDatabase.withEmptyDatabase { config in
            try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                try await Migrator(files: try MigrationFile.load(from: directory), logger: logger).migrate(pool)
                try Data("CREATE TABLE people (id bigint);".utf8)
                    .write(to: directory.appendingPathComponent("0001_create_people.sql"))

                let edited = Migrator(files: try MigrationFile.load(from: directory), logger: logger)

                await #expect(throws: MigrationError.checksumChanged(version: 1, name: "create_people")) {
                    try await edited.migrate(pool)
                }
            }
        }
    }

    @Test func aFailingFileLeavesNothingBehindAndIsNotRecorded() async throws {
        let directory = try schemaDirectory([
            "0001_create_people.sql": "CREATE TABLE people (id int); SELECT no_such_function();",
        ])
        try await TestDatabase.withEmptyDatabase { config in
            try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                let migrator = Migrator(files: try MigrationFile.load(from: directory), logger: logger)

                await #expect(throws: (any Error).self) { try await migrator.migrate(pool) }

                #expect(try await recordedVersions(pool) == [])
                let tables = try await pool.withConnection { connection in
                    try await connection.query("SELECT to_regclass('people')::text", logger: TestDatabase.logger)
                        .collect().first!.decode(String?.self)
                }
                #expect(tables == nil)
            }
        }
    }

    @Test func concurrentRunnersApplyEachFileExactlyOnce() async throws {
        // CREATE TABLE without IF NOT EXISTS fails if run twice, so a double apply would surface.
        var files: [String: String] = [:]
        for version in 1...5 {
            files[String(format: "%04d_create_table_%d.sql", version, version)] =
                "CREATE TABLE t\(version) (id int); SELECT pg_sleep(0.05);"
        }
        let directory = try schemaDirectory(files)
        try await TestDatabase.withEmptyDatabase { config in
            let migrationFiles = try MigrationFile.load(from: directory)

            let results = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        // Each runner has its own pool, as separate processes would.
                        try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                            try await Migrator(files: migrationFiles, logger: logger).migrate(pool)
                        }
                    }
                }
                return try await group.reduce(into: [[Int]]()) { $0.append($1) }
            }

            #expect(results.flatMap { $0 }.sorted() == [1, 2, 3, 4, 5])
            let recorded = try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                try await recordedVersions(pool)
            }
            #expect(recorded == [1, 2, 3, 4, 5])
        }
    }

    @Test func aMisnamedSchemaFileIsRefused() throws {
        let directory = try schemaDirectory(["1_people.sql": "SELECT 1;"])

        #expect(throws: MigrationError.misnamedFile("1_people.sql")) {
            try MigrationFile.load(from: directory)
        }
    }

    @Test func theRepositorySchemaAppliesCleanly() async throws {
        try await TestDatabase.withEmptyDatabase { config in
            try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                let files = try MigrationFile.load(from: TestDatabase.schemaDirectory)

                let applied = try await Migrator(files: files, logger: logger).migrate(pool)

                #expect(applied == files.map(\.version))
            }
        }
    }
}
