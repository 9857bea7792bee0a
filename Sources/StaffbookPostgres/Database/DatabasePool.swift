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
    private let abandoned = Counter(label: "staffbook_db_calls_abandoned_total")

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
        // Just-in-time compilation pays off for long analytic scans, not for statements that
        // answer in milliseconds: a report by person (10,000 rows, estimated at 400,000) spent
        // 94 ms compiling expressions to run for 95.
        configuration.options.additionalStartupParameters = [("jit", "off")]
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.acquireTimeout = config.connectTimeout
        Gauge(label: "staffbook_db_pool_connections_max").record(config.maxConnections)
    }

    package func run() async {
        await client.run()
    }

    /// Runs `body` on a pooled connection; throws `StoreError.unavailable` when none can be had
    /// within the connect timeout. Once a connection is held, `body` is not cut short while the
    /// connection is open. What PostgreSQL throws comes out classified as a `StoreError`; domain
    /// errors pass unchanged.
    ///
    /// The pool itself waits for a connection as long as it takes, so the bound is a timer on an
    /// event loop. When it fires first, the caller is answered at once and the waiting lease is
    /// cancelled; should the pool still hand it a connection later, `body` does not run on it.
    /// The caller never waits on the pool honouring that cancellation: while it reconnects after
    /// an outage, a cancelled lease has been seen to stay pending, and its request with it.
    /// This runs on every query: a task group racing a `Task.sleep` cost two child tasks and a
    /// Dispatch timer per call, a measurable share of a cheap request's time.
    ///
    /// While `body` runs, the same timer comes back every connect timeout to look at its
    /// connection. PostgresNIO loses a query written after a connection's pipeline is gone (the
    /// server went away between two statements, or the pool closed it at shutdown): its caller
    /// would wait for ever, holding its request open and shutdown with it. Once the connection is
    /// closed, the call ends as unavailable and its work is left behind.
    package func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let lease = Lease<Result>()
        let started = ContinuousClock.now
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lease.waiting(continuation)
                // Counted from the call, not from when the work's task gets a thread.
                watch(lease)
                let work = Task { [client, inUse, waitTimer] in
                    do {
                        let result = try await client.withConnection { connection in
                            guard lease.acquire(connection) else { throw CancellationError() }
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

    /// Looks at a call after the connect timeout, and again every timeout while it holds an open
    /// connection.
    private func watch<Result: Sendable>(_ lease: Lease<Result>) {
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(acquireTimeout.nanoseconds)) {
            [self] in
            switch lease.look() {
            case .timedOut:
                unavailable.increment()
            case .connectionLost:
                abandoned.increment()
                logger.warning("a database connection closed under a call that held it; the call ends as unavailable")
            case .running:
                watch(lease)
            case .ended:
                break
            }
        }
        lease.watched(by: timer)
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
/// runs to the end, or until the connection closes under it) or ended early by the timer or the
/// caller's cancellation. The caller is answered exactly once, whichever comes first.
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
        var connection: PostgresConnection?
        var timer: Scheduled<Void>?
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
    func acquire(_ connection: PostgresConnection) -> Bool {
        state.withLock { state in
            guard state.phase == .waiting else { return false }
            state.phase = .acquired
            state.connection = connection
            return true
        }
    }

    enum Look {
        /// Still waiting for a connection: ended as unavailable.
        case timedOut
        /// Its connection closed under its work: ended as unavailable.
        case connectionLost
        /// Working on an open connection.
        case running
        case ended
    }

    /// What the watch finds, ending the call when it waited too long or lost its connection.
    func look() -> Look {
        let (look, work) = state.withLock { state -> (Look, Task<Void, Never>?) in
            state.timer = nil
            switch state.phase {
            case .ended:
                return (.ended, nil)
            case .waiting:
                state.phase = .ended
                return (.timedOut, state.work)
            case .acquired:
                guard state.connection?.isClosed == true else { return (.running, nil) }
                state.phase = .ended
                return (.connectionLost, state.work)
            }
        }
        switch look {
        case .timedOut, .connectionLost:
            work?.cancel()
            resume(.failure(StoreError.unavailable))
        case .running, .ended:
            break
        }
        return look
    }

    /// The watch's next look, cancelled when the call ends first.
    func watched(by timer: Scheduled<Void>) {
        let ended = state.withLock { state in
            guard state.phase != .ended else { return true }
            state.timer = timer
            return false
        }
        if ended { timer.cancel() }
    }

    /// Ends a call still waiting for a connection (cancellation); false if it already holds one
    /// or has ended.
    @discardableResult
    func end(_ outcome: Swift.Result<Result, any Error>) -> Bool {
        let (ended, work, timer) = state.withLock { state -> (Bool, Task<Void, Never>?, Scheduled<Void>?) in
            guard state.phase == .waiting else { return (false, nil, nil) }
            state.phase = .ended
            defer { state.timer = nil }
            return (true, state.work, state.timer)
        }
        guard ended else { return false }
        timer?.cancel()
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
        let (ours, timer) = state.withLock { state -> (Bool, Scheduled<Void>?) in
            guard state.phase != .ended else { return (false, nil) }
            state.phase = .ended
            defer { state.timer = nil }
            return (true, state.timer)
        }
        timer?.cancel()
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
