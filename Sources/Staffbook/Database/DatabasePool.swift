import Logging
import Metrics
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The PostgreSQL connection pool, with a bounded wait for a connection (so an outage answers
/// 503 quickly instead of hanging) and pool metrics for `/metrics`.
public final class DatabasePool: Service, Sendable {
    public let client: PostgresClient
    /// For statements the pool runs on its own (transactions, health checks).
    let logger: Logger
    private let acquireTimeout: Duration
    private let inUse = Meter(label: "staffbook_db_pool_connections_in_use")
    private let waitTimer = Timer(label: "staffbook_db_pool_acquire_duration", preferredDisplayUnit: .seconds)
    private let unavailable = Counter(label: "staffbook_db_pool_unavailable_total")

    public init(config: AppConfig.Database, logger: Logger) {
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

    public func run() async {
        await client.run()
    }

    /// Runs `body` on a pooled connection; throws `PostgresDatabaseUnavailable` when none can be
    /// had within the connect timeout. Once a connection is held, `body` is not cut short.
    public func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let acquired = Acquired()
        let started = ContinuousClock.now
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { [client, inUse, waitTimer] in
                try await client.withConnection { connection in
                    acquired.flag.store(true, ordering: .releasing)
                    waitTimer.recordNanoseconds((ContinuousClock.now - started).nanoseconds)
                    inUse.increment()
                    defer { inUse.decrement() }
                    return try await body(connection)
                }
            }
            group.addTask { [acquireTimeout, unavailable] in
                try await Task.sleep(for: acquireTimeout)
                guard acquired.flag.load(ordering: .acquiring) else {
                    unavailable.increment()
                    throw PostgresDatabaseUnavailable()
                }
                return nil
            }
            while let result = try await group.next() {
                if let result {
                    group.cancelAll()
                    return result
                }
            }
            throw PostgresDatabaseUnavailable()
        }
    }

    /// Runs `body` in a transaction on a pooled connection. What `body` throws comes out as
    /// itself (rolled back), not wrapped, so callers can match database and domain errors.
    public func withTransaction<Result: Sendable>(
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
                throw error
            }
        }
    }
}

private final class Acquired: Sendable {
    let flag = Atomic<Bool>(false)
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// No database connection could be had within the configured bound.
struct PostgresDatabaseUnavailable: Error {}
