import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The running timer: an entry without an end, one a person.
extension PostgresTimeEntryRepository {
    /// Timer presses of one person are serialised on their account row: two starts at once
    /// cannot both find no timer running.
    static func lockPerson(_ personId: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR UPDATE", logger: logger)
    }

    /// Ends (or drops) the running timer; what it became.
    static func stop(personId: UUID, now: Date, on connection: PostgresConnection, logger: Logger) async throws -> (TimeEntry?, Bool) {
        guard let running = try await running(personId: personId, on: connection, logger: logger) else { return (nil, false) }
        switch TimeRules.stop(start: running.start, now: now) {
        case .drop:
            try await connection.query("DELETE FROM time_entries WHERE id = \(running.id)", logger: logger)
            return (nil, false)
        case .end(let end, let capped):
            try await connection.query(
                "UPDATE time_entries SET ended_at = \(end), version = version + 1, updated_at = \(now) WHERE id = \(running.id)",
                logger: logger
            )
            return (try await entry(id: running.id, on: connection, logger: logger), capped)
        }
    }

    package func startTimer(
        personId: UUID, projectId: UUID, description: String, tags: [String], billable: Bool, now: Date
    ) async throws -> TimerState {
        let logger = self.logger
        let start = TimeRules.wholeSeconds(now)
        return try await database.withTransaction { connection in
            try await Self.lockPerson(personId, on: connection, logger: logger)
            let (stopped, capped) = try await Self.stop(personId: personId, now: now, on: connection, logger: logger)
            try await Self.checkLocks(
                personId: personId, instants: [start], actor: TimeActor(callerId: personId, isAdmin: false), on: connection, logger: logger
            )
            try await Self.checkOverlap(
                personId: personId, start: start, end: Date.distantFuture, except: nil, on: connection, logger: logger
            )
            let id = UUID()
            try await Self.constraints {
                try await connection.query(
                    """
                    INSERT INTO time_entries (id, account_id, project_id, description, started_at, tags, billable, created_at, updated_at)
                    VALUES (\(id), \(personId), \(projectId), \(description), \(start), \(tags), \(billable), \(now), \(now))
                    """,
                    logger: logger
                )
            }
            return TimerState(running: try await Self.entry(id: id, on: connection, logger: logger), stopped: stopped, capped: capped)
        }
    }

    package func stopTimer(personId: UUID, now: Date) async throws -> TimerState {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.lockPerson(personId, on: connection, logger: logger)
            let (stopped, capped) = try await Self.stop(personId: personId, now: now, on: connection, logger: logger)
            return TimerState(running: nil, stopped: stopped, capped: capped)
        }
    }

    package func cancelTimer(personId: UUID, now: Date) async throws -> TimerState {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.lockPerson(personId, on: connection, logger: logger)
            try await connection.query("DELETE FROM time_entries WHERE account_id = \(personId) AND ended_at IS NULL", logger: logger)
            return TimerState(running: nil)
        }
    }
}
