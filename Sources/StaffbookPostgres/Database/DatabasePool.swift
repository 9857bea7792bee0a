import Logging
import Metrics
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import StaffbookCore
import Synchronization

/// The PostgreSQL connection pool, with a bounded wait for a connection (so an outage answers
/// 503 quickly instead of hanging) and pool metrics for `/metrics`.
package final class DatabasePool: Service, Sendable {
    package let client: PostgresClient
    /// For statements the pool runs on its own (transactions, health checks).
    package let logger: Logger
    private let acquireTimeout: Duration
    private let inUse = Meter(label: "staffbook_db_pool_connections_in_use")
    private let waitTimer = Timer(label: "staffbook_db_pool_acquire_duration", preferredDisplayUnit: .seconds)
    private let unavailable = Counter(label: "staffbook_db_pool_unavailable_total")

    package init(config: DatabaseConfig, logger: Logger) {
        var configuration = PostgresClient.Configuration(
            host: config.host,
            port: config.port,
            username: config.username,
            password: config.password,
            database: config.name,
            tls: config.requireTLS ? .require(.makeClientConfiguration()) : .disable
        )
        configuration.options.maximumConnections = config.maxConnections
        configuration.options.connectTimeout = config.connectTimeout
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.acquireTimeout = config.connectTimeout
        Gauge(label: "staffbook_db_pool_connections_max").record(config.maxConnections)
    }

    package func run() async {
        await client.run()
    }

    /// Runs `body` on a pooled connection; throws `StoreError.unavailable` when none can be had
    /// within the connect timeout. Once a connection is held, `body` is not cut short. What
    /// PostgreSQL throws comes out classified as a `StoreError`; domain errors pass unchanged.
    ///
    /// The pool itself waits for a connection as long as it takes, so the bound is a timer on an
    /// event loop that cancels the waiting lease. This runs on every query: a task group racing
    /// a `Task.sleep` cost two child tasks and a Dispatch timer per call, a measurable share of
    /// a cheap request's time (docs/performance.md).
    package func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let lease = Lease()
        let started = ContinuousClock.now
        let work = Task { [client, inUse, waitTimer] in
            try await client.withConnection { connection in
                lease.acquired.store(true, ordering: .releasing)
                waitTimer.recordNanoseconds((ContinuousClock.now - started).nanoseconds)
                inUse.increment()
                defer { inUse.decrement() }
                return try await body(connection)
            }
        }
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(acquireTimeout.nanoseconds)) {
            guard !lease.acquired.load(ordering: .acquiring) else { return }
            lease.timedOut.store(true, ordering: .releasing)
            work.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            do {
                return try await work.value
            } catch  where lease.timedOut.load(ordering: .acquiring) {
                unavailable.increment()
                throw StoreError.unavailable
            } catch {
                throw StoreError.classify(error)
            }
        } onCancel: {
            work.cancel()
        }
    }

    /// Whether the database answers a trivial query (readiness).
    package func ping() async throws {
        let logger = self.logger
        try await withConnection { connection in
            _ = try await connection.query("SELECT 1", logger: logger).collect()
        }
    }

    /// Runs `body` in a transaction on a pooled connection. What `body` throws comes out as
    /// itself (rolled back), not wrapped, then classified like `withConnection`'s.
    package func withTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let logger = self.logger
        return try await withConnection { connection in
            do {
                return try await connection.withTransaction(logger: logger) { connection in
                    try await body(connection)
                }
            } catch let error as PostgresTransactionError {
                if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
                throw error.rollbackError ?? error.beginError ?? error.commitError ?? error
            }
        }
    }
}

private final class Lease: Sendable {
    let acquired = Atomic<Bool>(false)
    let timedOut = Atomic<Bool>(false)
}
