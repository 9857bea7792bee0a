import Foundation
import Logging
import Metrics
import PostgresNIO
import ServiceLifecycle
import StaffbookCore
import Synchronization

/// A streaming replica that answers long reads (reports, exports) so they do not take the
/// primary's CPU from the requests that write. Reads that must see their own writes stay on the
/// primary. When the replica cannot be had the read goes to the primary instead, and the replica
/// is left alone for a while so each request does not wait out its connect timeout again.
package final class ReadReplica: Service, Sendable {
    package let pool: DatabasePool
    private let primary: DatabasePool
    /// Lag beyond which an answer says how fresh it is.
    private let maxLagSeconds: Double
    private let logger: Logger
    /// While set and in the future, reads go straight to the primary.
    private let skipUntil = Mutex<ContinuousClock.Instant?>(nil)
    private let lag = Gauge(label: "staffbook_db_replica_lag_seconds")
    private let fallbacks = Counter(label: "staffbook_db_replica_fallbacks_total")
    /// Reads that must be current and went to the primary because the replica lagged.
    private let lagged = Counter(label: "staffbook_db_replica_lagged_reads_total")

    /// How long a replica that failed is left alone.
    static let pause: Duration = .seconds(10)

    package init(config: DatabaseConfig, primary: DatabasePool, maxLag: Duration, logger: Logger) {
        self.pool = DatabasePool(config: config, logger: logger)
        self.primary = primary
        self.maxLagSeconds = Double(maxLag.components.seconds)
        self.logger = logger
    }

    package func run() async {
        await pool.run()
    }

    /// Where a read was answered, and how fresh it is when that matters.
    package enum Source: Sendable, Equatable {
        case primary
        /// The replica, with how fresh the answer is when it lags more than allowed.
        case replica(ReadFreshness?)

        package var freshness: ReadFreshness? {
            if case .replica(let freshness) = self { freshness } else { nil }
        }
    }

    /// Runs the read `body` on the replica, or on the primary when the replica is down or
    /// refuses (a read is safe to run again). `body` is told which one it runs on: a read that
    /// would like to keep something it computed must not try that on the replica.
    package func read<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Source) async throws -> Result
    ) async throws -> (Result, Source) {
        let now = ContinuousClock.now
        if skipUntil.withLock({ $0.map { now < $0 } ?? false }) == false {
            do {
                let (maxLag, lag, logger) = (maxLagSeconds, lag, logger)
                return try await pool.withConnection { connection in
                    let (seconds, asOf) = try await Self.lag(on: connection, logger: logger)
                    lag.record(seconds)
                    let source = Source.replica(seconds > maxLag ? ReadFreshness(lagSeconds: seconds, asOf: asOf) : nil)
                    return (try await body(connection, source), source)
                }
            } catch StoreError.unavailable {
                skipUntil.withLock { $0 = ContinuousClock.now + Self.pause }
                fallbacks.increment()
                logger.warning("the read replica is unavailable; reads go to the primary for a while")
            }
        }
        return (try await primary.withConnection { try await body($0, .primary) }, .primary)
    }

    /// Runs `body` on the replica while it is within the allowed lag, on the primary otherwise:
    /// for answers that cannot say how fresh they are (an export's file).
    package func readCurrent<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let (answer, _) = try await read { connection, source in
            source.freshness == nil ? Optional(try await body(connection)) : nil
        }
        if let answer { return answer }
        lagged.increment()
        return try await primary.withConnection { try await body($0) }
    }

    /// How far the replica is behind, and the primary's last change it has applied. A replica
    /// that has applied all it received is current however long ago that was: a quiet primary
    /// sends nothing.
    static func lag(on connection: PostgresConnection, logger: Logger) async throws -> (Double, Date) {
        let rows = try await connection.query(
            """
            SELECT CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                        ELSE greatest(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()), 0) END::float8,
                   CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN clock_timestamp()
                        ELSE coalesce(pg_last_xact_replay_timestamp(), clock_timestamp()) END
            """,
            logger: logger
        )
        for try await (seconds, asOf) in rows.decode((Double, Date).self) { return (seconds, asOf) }
        throw StoreError.malformedRow(column: "replica lag")
    }
}
