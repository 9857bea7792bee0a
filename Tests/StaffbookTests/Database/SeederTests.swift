import Foundation
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Seeds")
struct SeederTests {
    @Test func loadingTheDemoSeedsTwiceChangesNothing() async throws {
        try await TestDatabase.withDatabase { database in
            let config = TestApp.config(database: database)
            try await DatabasePool.withRunning(config: database, logger: TestDatabase.logger) { pool in
                let seeder = Seeder(directory: config.seedsDirectory, logger: TestDatabase.logger)
                try await seeder.seed(pool)
                let first = try await snapshot(pool)

                try await seeder.seed(pool)

                #expect(try await snapshot(pool) == first)
            }
        }
    }

    /// A hash of every row of every table, so any change made by a second load shows.
    private func snapshot(_ pool: DatabasePool) async throws -> [String: String] {
        try await pool.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT table_name::text,
                       (xpath('/row/h/text()', query_to_xml(format(
                           'SELECT md5(coalesce(string_agg(t::text, '','' ORDER BY t::text), '''')) AS h FROM %I.%I t',
                           table_schema, table_name), false, true, '')))[1]::text
                FROM information_schema.tables
                WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
                """,
                logger: TestDatabase.logger
            )
            var hashes: [String: String] = [:]
            for try await (table, hash) in rows.decode((String, String).self) {
                hashes[table] = hash
            }
            return hashes
        }
    }
}

@Suite("Demo data")
struct DemoDataTests {
    @Test func theDemoAdminSignsInWithTheDemoPasswordAndTheFormerEmployeeCannot() async throws {
        try await TestApp.test { app in
            _ = try await app.withDatabase { pool in
                try await Seeder(directory: app.config.seedsDirectory, logger: TestDatabase.logger).seed(pool)
            }

            let admin = try await app.signIn("admin@staffbook.example", password: "staffbook-demo")
            let me = try await app.get("/v1/me", token: admin.accessToken)
            let former = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"karel.byvaly@staffbook.example","password":"staffbook-demo"}"#
            )

            #expect(me.text.contains(#""roles":["worker","admin"]"#))
            #expect(former.status == .unauthorized)
        }
    }
}

@Suite("Seeder failures")
struct SeederFailureTests {
    @Test func aFailingSeedFileStopsTheLoadWithItsErrorAndLeavesNothing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("CREATE TABLE seeded (id int); INSERT INTO seeded VALUES (1); SELECT 'x'::uuid;".utf8)
            .write(to: directory.appendingPathComponent("0001_broken.sql"))
        try await TestDatabase.withDatabase { database in
            var config = TestApp.config(database: database)
            config.seedsDirectory = directory
            try await DatabasePool.withRunning(config: database, logger: TestDatabase.logger) { pool in
                await #expect(throws: (any Error).self) {
                    try await Seeder(directory: config.seedsDirectory, logger: TestDatabase.logger).seed(pool)
                }
                let table = try await pool.withConnection { connection in
                    try await connection.query("SELECT to_regclass('seeded')::text", logger: TestDatabase.logger)
                        .collect().first!.decode(String?.self)
                }
                #expect(table == nil)
            }
        }
    }
}
