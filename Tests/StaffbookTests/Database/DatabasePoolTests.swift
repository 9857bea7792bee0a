import Foundation
import Logging
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookPostgres

@Suite("Database pool")
struct DatabasePoolTests {
    let logger = TestDatabase.logger

    /// PostgresNIO drops a query written to a connection whose pipeline is gone, and its caller
    /// waits for ever. Such a call, with the request and shutdown behind it, must still end.
    @Test func aCallWhoseConnectionClosesUnderItEndsAsUnavailableAndThePoolServesOn() async throws {
        try await TestDatabase.withEmptyDatabase { config in
            // The pool looks at a held connection every connect timeout: the tests' own 30 s, as
            // anything shorter has failed to connect while the other tests keep both cores busy.
            try await DatabasePool.withRunning(config: config, logger: logger) { pool in
                let logger = self.logger
                let started = ContinuousClock.now

                await #expect(throws: StoreError.unavailable) {
                    try await pool.withConnection { connection in
                        try await connection.close()
                        // The channel's handlers go after its close; a query written then is lost.
                        try await Task.sleep(for: .milliseconds(50))
                        return try await connection.query("SELECT 1", logger: logger).collect().count
                    }
                }

                #expect(ContinuousClock.now - started < config.connectTimeout * 2)
                // A new connection replaces the lost one. With every core busy (the whole suite,
                // a build beside it) connecting has taken longer than one bound: a few tries.
                var rows: Int?
                for _ in 1...3 where rows == nil {
                    rows = try? await pool.withConnection { connection in
                        try await connection.query("SELECT 1", logger: logger).collect().count
                    }
                }
                #expect(rows == 1)
            }
        }
    }
}
