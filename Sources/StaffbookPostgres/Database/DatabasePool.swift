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
    /// event loop. When it fires first, the caller is answered at once and the waiting lease is
    /// cancelled; should the pool still hand it a connection later, `body` does not run on it.
    /// The caller never waits on the pool honouring that cancellation: while it reconnects after
    /// an outage, a cancelled lease has been seen to stay pending, and its request with it.
    /// This runs on every query: a task group racing a `Task.sleep` cost two child tasks and a
    /// Dispatch timer per call, a measurable share of a cheap request's time.
    package func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let lease = Lease<Result>()
        let started = ContinuousClock.now
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lease.waiting(continuation)
                // Counted from the call, not from when the work's task gets a thread.
                let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(acquireTimeout.nanoseconds)) {
                    [unavailable] in
                    if lease.end(.failure(StoreError.unavailable)) { unavailable.increment() }
                }
                let work = Task { [client, inUse, waitTimer] in
                    defer { timer.cancel() }
                    do {
                        let result = try await client.withConnection { connection in
                            guard lease.acquire() else { throw CancellationError() }
                            waitTimer.recordNanoseconds((ContinuousClock.now - started).nanoseconds)
                            inUse.increment()
                            defer { inUse.decrement() }
                            return try await body(connection)
                        }
                        lease.finish(.success(result))
                    } catch {
                        lease.finish(.failure(StoreError.classify(error)))
                    }
                }
                lease.cancelsOnEnd(work)
            }
        } onCancel: {
            lease.cancel()
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

/// One call's way to its connection: waiting, then either holding a connection (its `body`
/// runs to the end) or ended early by the timer or the caller's cancellation. The caller is
/// answered exactly once, whichever comes first.
private final class Lease<Result: Sendable>: Sendable {
    private enum Phase {
        case waiting
        case acquired
        case ended
    }

    private struct State {
        var phase = Phase.waiting
        var continuation: CheckedContinuation<Result, any Error>?
        var work: Task<Void, Never>?
        /// An outcome that came before the continuation was stored.
        var early: Swift.Result<Result, any Error>?
        /// The caller was cancelled, perhaps before its work was stored.
        var cancelled = false
    }

    private let state = Mutex(State())

    func waiting(_ continuation: CheckedContinuation<Result, any Error>) {
        let early = state.withLock { state -> Swift.Result<Result, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func cancelsOnEnd(_ work: Task<Void, Never>) {
        let ended = state.withLock { state in
            state.work = work
            return state.phase == .ended || state.cancelled
        }
        if ended { work.cancel() }
    }

    /// Whether the connection the pool handed over may be used: false once the call has ended.
    func acquire() -> Bool {
        state.withLock { state in
            guard state.phase == .waiting else { return false }
            state.phase = .acquired
            return true
        }
    }

    /// Ends a call still waiting for a connection (timer, cancellation); false if it already
    /// holds one or has ended.
    @discardableResult
    func end(_ outcome: Swift.Result<Result, any Error>) -> Bool {
        let (ended, work) = state.withLock { state -> (Bool, Task<Void, Never>?) in
            guard state.phase == .waiting else { return (false, nil) }
            state.phase = .ended
            return (true, state.work)
        }
        guard ended else { return false }
        work?.cancel()
        resume(outcome)
        return true
    }

    /// The caller was cancelled: a call still waiting ends at once; a held connection's `body`
    /// sees the cancellation (as it would if it ran in the caller's task) and ends as it does.
    func cancel() {
        let (phase, work) = state.withLock { state in
            state.cancelled = true
            return (state.phase, state.work)
        }
        if phase == .waiting, end(.failure(CancellationError())) { return }
        work?.cancel()
    }

    /// The work's own outcome, unless the call was ended before it.
    func finish(_ outcome: Swift.Result<Result, any Error>) {
        let ours = state.withLock { state in
            guard state.phase != .ended else { return false }
            state.phase = .ended
            return true
        }
        if ours { resume(outcome) }
    }

    private func resume(_ outcome: Swift.Result<Result, any Error>) {
        let continuation = state.withLock { state in
            let continuation = state.continuation
            state.continuation = nil
            if continuation == nil { state.early = outcome }
            return continuation
        }
        continuation?.resume(with: outcome)
    }
}
