import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookPostgres

/// The month-end's worker as `serve` builds it, for tests that drive it by hand with their own
/// clock (the same composition root).
package func makeJobWorker(config: AppConfig, database: DatabasePool, clock: any AppClock, logger: Logger) async throws -> JobWorker {
    try await Services(config: config, database: database, clock: clock, logger: logger).jobWorker()
}
