import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The job queue in PostgreSQL. Every instance claims due jobs with `FOR UPDATE SKIP LOCKED`, so
/// each goes to one worker; a claim is a lease (`locked_until`) that another worker may take over
/// once it has expired. Adding a job notifies `staffbook_jobs`, which wakes idle workers.
package struct PostgresJobQueue: JobQueue {
    package static let channel = "staffbook_jobs"

    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let columns = """
        id, kind, unique_key, payload::text, run_at, state, attempts, max_attempts, last_error, created_at, started_at, finished_at
        """

    static func job(_ row: PostgresRow) throws -> Job {
        let (id, kind, key, payload, runAt, state, attempts, maxAttempts, lastError, createdAt, startedAt, finishedAt) = try row.decode(
            (UUID, String, String, String, Date, String, Int, Int, String?, Date, Date?, Date?).self
        )
        guard let values = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)) else {
            throw StoreError.malformedRow(column: "jobs.payload")
        }
        return Job(
            id: id, kind: try StoredValue.enumeration(kind, column: "jobs.kind"), key: key, payload: values, runAt: runAt,
            state: try StoredValue.enumeration(state, column: "jobs.state"), attempts: attempts, maxAttempts: maxAttempts,
            lastError: lastError, createdAt: createdAt, startedAt: startedAt, finishedAt: finishedAt
        )
    }

    package func enqueue(_ jobs: [NewJob], now: Date) async throws -> Int {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.insert(jobs, now: now, on: connection, logger: logger)
        }
    }

    package func enqueue(_ job: NewJob, now: Date) async throws -> Job? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.insert([job], now: now, on: connection, logger: logger)
            return try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM jobs WHERE kind = \(job.kind.rawValue) AND unique_key = \(job.key)", logger: logger
            ).collect().first.map(Self.job)
        }
    }

    /// Adds jobs on the caller's connection (in its transaction: they exist only if it commits).
    @discardableResult
    package static func insert(_ jobs: [NewJob], now: Date, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        guard !jobs.isEmpty else { return 0 }
        let payloads = try jobs.map { String(decoding: try JSONEncoder().encode($0.payload), as: UTF8.self) }
        let rows = try await connection.query(
            """
            INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, created_at)
            SELECT k, u, p::jsonb, r, \(RetryPolicy.defaultMaxAttempts), \(now)
            FROM unnest(\(jobs.map(\.kind.rawValue))::text[], \(jobs.map(\.key))::text[], \(payloads)::text[], \(jobs.map(\.runAt))::timestamptz[])
                 AS j (k, u, p, r)
            ON CONFLICT (kind, unique_key) DO NOTHING
            RETURNING id
            """,
            logger: logger
        ).collect()
        if !rows.isEmpty {
            _ = try await connection.query("SELECT pg_notify(\(channel), '')", logger: logger).collect()
        }
        return rows.count
    }

    package func claim(now: Date, worker: String, leaseUntil: Date, lane: JobLane) async throws -> Job? {
        let logger = self.logger
        // The other lanes' partial indexes (schema 0051) keep their claims from reading past a
        // month-end's thousands of due checks; the main lane skips the few of theirs at the head
        // of the shared index.
        let others = JobLane.allCases.filter { $0 != .main }.flatMap(\.kinds).map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let filter =
            lane == .main ? "kind NOT IN (\(others))" : "kind IN (\(lane.kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")))"
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = \(worker), locked_until = \(leaseUntil),
                    started_at = \(now)
                WHERE id = (
                    SELECT id FROM jobs
                    WHERE ((state = 'pending' AND run_at <= \(now)) OR (state = 'running' AND locked_until < \(now)))
                      AND \(unescaped: filter)
                    ORDER BY run_at, id
                    FOR UPDATE SKIP LOCKED
                    LIMIT 1
                )
                RETURNING \(unescaped: Self.columns)
                """,
                logger: logger
            ).collect()
            return try rows.first.map(Self.job)
        }
    }

    package func absorb(
        into job: Job, worker: String, sameValueOf field: String, now: Date,
        merge: @escaping @Sendable ([String: String], [[String: String]]) -> [String: String]
    ) async throws -> Job? {
        // The field and the kind are written into the text so the partial index on the pending
        // jobs' field (schema 0049) is used; both are names of ours, never a request's.
        guard let value = job.payload[field], !field.isEmpty, field.allSatisfy({ $0.isASCII && $0.isLetter }) else { return job }
        let logger = self.logger
        return try await database.withTransaction { connection in
            let others = try await connection.query(
                """
                SELECT id, payload::text FROM jobs
                WHERE kind = '\(unescaped: job.kind.rawValue)' AND state = 'pending' AND payload->>'\(unescaped: field)' = \(value)
                  AND id <> \(job.id)
                FOR UPDATE SKIP LOCKED
                """,
                logger: logger
            ).collect()
            var ids: [UUID] = []
            var payloads: [[String: String]] = []
            for row in others {
                let (id, payload) = try row.decode((UUID, String).self)
                guard let values = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)) else {
                    throw StoreError.malformedRow(column: "jobs.payload")
                }
                ids.append(id)
                payloads.append(values)
            }
            var held = job
            held.payload = merge(job.payload, payloads)
            let text = String(decoding: try JSONEncoder().encode(held.payload), as: UTF8.self)
            let kept = try await connection.query(
                """
                UPDATE jobs SET payload = \(text)::jsonb
                WHERE id = \(job.id) AND state = 'running' AND locked_by = \(worker) RETURNING id
                """,
                logger: logger
            ).collect()
            guard kept.count == 1 else { return nil }
            if !ids.isEmpty {
                _ = try await connection.query(
                    """
                    UPDATE jobs SET state = 'done', finished_at = \(now), last_error = NULL, locked_by = NULL, locked_until = NULL
                    WHERE id = ANY(\(ids))
                    """,
                    logger: logger
                ).collect()
            }
            return held
        }
    }

    package func extendLease(_ job: Job, worker: String, until: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                UPDATE jobs SET locked_until = \(until)
                WHERE id = \(job.id) AND state = 'running' AND locked_by = \(worker) RETURNING id
                """,
                logger: logger
            ).collect().count == 1
        }
    }

    package func complete(_ job: Job, worker: String, effects: [JobEffect], now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // The job first: when another worker took it over, nothing of this run is written.
            let held = try await connection.query(
                """
                UPDATE jobs SET state = CASE WHEN rerun THEN 'pending' ELSE 'done' END, run_at = CASE WHEN rerun THEN 'epoch' ELSE run_at END,
                    attempts = CASE WHEN rerun THEN 0 ELSE attempts END, rerun = false, locked_by = NULL, locked_until = NULL,
                    finished_at = CASE WHEN rerun THEN NULL ELSE \(now) END, last_error = NULL
                WHERE id = \(job.id) AND state = 'running' AND locked_by = \(worker) RETURNING id, state
                """,
                logger: logger
            ).collect()
            guard held.count == 1 else { return false }
            try await JobEffects.apply(effects, now: now, on: connection, logger: logger)
            // Changed while it ran: due again at once.
            if let row = held.first, try row.decode((UUID, String).self).1 == "pending" {
                _ = try await connection.query("SELECT pg_notify(\(Self.channel), '')", logger: logger).collect()
            }
            return true
        }
    }

    package func fail(
        _ job: Job, worker: String, error: String, retryAt: Date?, maxAttempts: Int, effects: [JobEffect], now: Date
    ) async throws {
        let logger = self.logger
        let message = String(error.prefix(1000))
        try await database.withTransaction { connection in
            let held = try await connection.query(
                """
                UPDATE jobs SET state = CASE WHEN rerun THEN 'pending' ELSE \(retryAt == nil ? "failed" : "pending") END,
                    run_at = CASE WHEN rerun THEN 'epoch' ELSE coalesce(\(retryAt), run_at) END, rerun = false,
                    locked_by = NULL, locked_until = NULL, last_error = \(message), max_attempts = \(maxAttempts),
                    finished_at = CASE WHEN rerun THEN NULL WHEN \(retryAt)::timestamptz IS NULL THEN \(now) ELSE NULL END
                WHERE id = \(job.id) AND state = 'running' AND locked_by = \(worker) RETURNING id
                """,
                logger: logger
            ).collect()
            guard held.count == 1 else { return }
            try await JobEffects.apply(effects, now: now, on: connection, logger: logger)
        }
    }

    package func list(kind: JobKind?, state: JobState?, page: PageRequest<CreatedPosition>) async throws -> [Job] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM jobs
                WHERE (\(kind?.rawValue)::text IS NULL OR kind = \(kind?.rawValue))
                  AND (\(state?.rawValue)::text IS NULL OR state = \(state?.rawValue))
                  AND (\(after?.id)::uuid IS NULL OR (created_at, id) < (\(after?.createdAt)::timestamptz, \(after?.id)::uuid))
                ORDER BY created_at DESC, id DESC
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            ).collect().map(Self.job)
        }
    }

    /// LISTEN on `staffbook_jobs` on a connection of its own, reconnecting after an outage.
    package func additions() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let (database, logger) = (self.database, self.logger)
        let listening = Task {
            while !Task.isCancelled {
                do {
                    try await database.client.withConnection { connection in
                        try await connection.listen(on: Self.channel) { notifications in
                            for try await _ in notifications { continuation.yield() }
                        }
                    }
                } catch {
                    logger.debug("job notifications interrupted", metadata: ["error_type": "\(type(of: error))"])
                }
                try? await Task.sleep(for: .seconds(2))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in listening.cancel() }
        return stream
    }

    package func depth(now: Date) async throws -> Int {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT count(*) FROM jobs WHERE (state = 'pending' AND run_at <= \(now)) OR state = 'running'", logger: logger
            ).collect()
            return try StoredValue.single(rows, column: "count").decode(Int.self)
        }
    }
}
