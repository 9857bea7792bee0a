import Logging
import StaffbookCore

extension DatabasePool {
    /// Runs `body` with a started pool and shuts the pool down afterwards; for one-off commands
    /// (`migrate`, `seed`) and tests that need the database without the HTTP server.
    package static func withRunning<Result>(
        config: DatabaseConfig,
        logger: Logger,
        _ body: (DatabasePool) async throws -> Result
    ) async throws -> Result {
        let pool = DatabasePool(config: config, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await pool.run() }
            defer { group.cancelAll() }
            return try await body(pool)
        }
    }
}
