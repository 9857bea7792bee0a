import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresTimeEntryRepository: TimeEntryRepository {
    package let database: DatabasePool
    package let logger: Logger
    /// Where reports are read when the deployment has a replica.
    package let reads: ReadReplica?

    package init(database: DatabasePool, logger: Logger, reads: ReadReplica? = nil) {
        self.database = database
        self.logger = logger
        self.reads = reads
    }

    /// The columns `entry(_:)` reads, for an entry `e`, its project `p` and client `c`.
    static let columns = """
        e.id, e.account_id, e.project_id, p.name, c.id, c.name, e.description, e.started_at, e.ended_at, e.tags, e.billable, e.version
        """
    static let from = "time_entries e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id"

    static func entry(_ row: PostgresRow) throws -> TimeEntry {
        let r = row.makeRandomAccess()
        return TimeEntry(
            id: try r[0].decode(UUID.self), personId: try r[1].decode(UUID.self), projectId: try r[2].decode(UUID.self),
            projectName: try r[3].decode(String.self), clientId: try r[4].decode(UUID.self), clientName: try r[5].decode(String.self),
            description: try r[6].decode(String.self), start: try r[7].decode(Date.self), end: try r[8].decode(Date?.self),
            tags: try r[9].decode([String].self), billable: try r[10].decode(Bool.self), version: try r[11].decode(Int.self)
        )
    }

    static let settledStates = InvoiceWorkflow.settledStates.map(\.rawValue).sorted()

    package func entries(personId: UUID, range: DayRange?, projectId: UUID?, page: PageRequest<EntryPosition>) async throws -> [TimeEntry] {
        let logger = self.logger
        let bounds = range?.instants
        let after = page.after
        let afterStart = after?.startDate
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.from)
                WHERE e.account_id = \(personId)
                  AND (\(bounds?.start)::timestamptz IS NULL OR e.started_at >= \(bounds?.start)::timestamptz)
                  AND (\(bounds?.end)::timestamptz IS NULL OR e.started_at < \(bounds?.end)::timestamptz)
                  AND (\(projectId)::uuid IS NULL OR e.project_id = \(projectId)::uuid)
                  AND (\(after?.id)::uuid IS NULL OR (e.started_at, e.id) < (\(afterStart)::timestamptz, \(after?.id)::uuid))
                ORDER BY e.started_at DESC, e.id DESC
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            ).collect().map(Self.entry)
        }
    }

    package func entry(id: UUID) async throws -> TimeEntry? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.entry(id: id, on: connection, logger: logger)
        }
    }

    static func entry(id: UUID, on connection: PostgresConnection, logger: Logger) async throws -> TimeEntry? {
        try await connection.query("SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.from) WHERE e.id = \(id)", logger: logger)
            .collect().first.map(entry)
    }

    package func settledMonths(personId: UUID, among months: Set<CalendarMonth>) async throws -> Set<CalendarMonth> {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.settledMonths(personId: personId, among: months, on: connection, logger: logger)
        }
    }

    package func running(personId: UUID) async throws -> TimeEntry? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.running(personId: personId, on: connection, logger: logger)
        }
    }

    static func running(personId: UUID, on connection: PostgresConnection, logger: Logger) async throws -> TimeEntry? {
        try await connection.query(
            "SELECT \(unescaped: columns) FROM \(unescaped: from) WHERE e.account_id = \(personId) AND e.ended_at IS NULL", logger: logger
        ).collect().first.map(Self.entry)
    }

    // MARK: Writing

    /// Throws when a month the write touches is settled for the person (see `TimeRules.lockProblem`).
    static func checkLocks(
        personId: UUID, instants: [Date], actor: TimeActor, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let months = Set(instants.map { TimeRules.day(of: $0).calendarMonth })
        for month in try await settledMonths(personId: personId, among: months, on: connection, logger: logger).sorted() {
            if let problem = TimeRules.lockProblem(month: month, settled: true, actor: actor) { throw problem }
        }
    }

    static let lockingTimesheetStates = TimesheetWorkflow.lockingStates.map(\.rawValue).sorted()

    /// Which of these months are settled for the person: their invoice or statement settled,
    /// or their timesheet approved.
    static func settledMonths(
        personId: UUID, among months: Set<CalendarMonth>, on connection: PostgresConnection, logger: Logger
    ) async throws -> Set<CalendarMonth> {
        let days = months.map(\.firstDay.iso)
        let rows = try await connection.query(
            """
            SELECT to_char(period, 'YYYY-MM') FROM invoices
            WHERE account_id = \(personId) AND period = ANY(\(days)::date[]) AND state = ANY(\(settledStates))
            UNION
            SELECT to_char(month, 'YYYY-MM') FROM timesheets
            WHERE account_id = \(personId) AND month = ANY(\(days)::date[]) AND state = ANY(\(lockingTimesheetStates))
            """,
            logger: logger
        )
        var settled: Set<CalendarMonth> = []
        for try await month in rows.decode(String.self) { settled.insert(try StoredValue.month(month, column: "settled month")) }
        return settled
    }

    /// Throws `onAbsence` when new time from `start` to `end` falls on a day of the person's
    /// approved whole-day absence.
    static func checkAbsence(personId: UUID, start: Date, end: Date, on connection: PostgresConnection, logger: Logger) async throws {
        let first = TimeRules.day(of: start), last = TimeRules.day(of: max(start, end.addingTimeInterval(-1)))
        let rows = try await connection.query(
            """
            SELECT kind, first_day::text, last_day::text FROM absences
            WHERE account_id = \(personId) AND state = ANY(\(AbsenceBinds.timeBlockingStates)) AND part = ANY(\(AbsenceBinds.timeBlockingParts))
              AND daterange(first_day, last_day, '[]') && daterange(\(first.iso)::date, \(last.iso)::date, '[]')
            ORDER BY first_day LIMIT 1
            """,
            logger: logger
        ).collect()
        if let row = rows.first {
            let (kind, firstDay, lastDay) = try row.decode((String, String, String).self)
            throw TimeError.onAbsence(
                kind: kind, firstDay: try StoredValue.day(firstDay, column: "absences.first_day"),
                lastDay: try StoredValue.day(lastDay, column: "absences.last_day"))
        }
    }

    /// Throws `overlap` naming the entry in the way, if there is one.
    static func checkOverlap(
        personId: UUID, start: Date, end: Date, except: UUID?, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let rows = try await connection.query(
            """
            SELECT id, started_at, ended_at FROM time_entries
            WHERE account_id = \(personId) AND (\(except)::uuid IS NULL OR id <> \(except)::uuid)
              AND tstzrange(started_at, coalesce(ended_at, 'infinity'), '[)') && tstzrange(\(start), \(end), '[)')
            ORDER BY started_at LIMIT 1
            """,
            logger: logger
        ).collect()
        if let row = rows.first {
            let (id, start, end) = try row.decode((UUID, Date, Date?).self)
            throw TimeError.overlap(entryId: id, start: start, end: end)
        }
    }

    /// A write an admin makes for someone else, or in a settled month, goes to the audit log with its reason.
    static func audit(
        _ action: String, entry: UUID, personId: UUID, actor: TimeActor, changes: AuditLog.Changes, at now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard actor.callerId != personId || actor.reason != nil else { return }
        var changes = changes
        if let reason = actor.reason { changes["reason"] = .init(from: nil, to: reason) }
        try await AuditLog.record(
            on: connection, subject: personId, entity: "time_entry", entityId: entry, action: action, by: actor.callerId, at: now,
            changes: changes, logger: logger
        )
    }

    static func changes(_ old: TimeEntry?, _ new: TimeEntryFields?) -> AuditLog.Changes {
        [
            "project": .init(from: old?.projectId.lowercasedString, to: new?.projectId.lowercasedString),
            "start": .init(
                from: old.map { ISO8601DateFormatter().string(from: $0.start) }, to: new.map { ISO8601DateFormatter().string(from: $0.start) }),
            "end": .init(from: old?.end.map { ISO8601DateFormatter().string(from: $0) }, to: new.map { ISO8601DateFormatter().string(from: $0.end) }),
        ]
    }

    /// Maps the constraints a write may still hit, after the checks, when two writes race.
    @discardableResult
    static func constraints<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as PSQLError where error.isExclusionViolation && error.constraintName == "time_entries_no_overlap" {
            throw TimeError.overlap(entryId: nil, start: nil, end: nil)
        } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "time_entries_pkey" {
            throw TimeError.entryIdTaken
        }
    }

    package func create(id: UUID, personId: UUID, fields: TimeEntryFields, actor: TimeActor, now: Date) async throws -> TimeEntry {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.checkLocks(personId: personId, instants: [fields.start], actor: actor, on: connection, logger: logger)
            try await Self.checkAbsence(personId: personId, start: fields.start, end: fields.end, on: connection, logger: logger)
            try await Self.checkOverlap(personId: personId, start: fields.start, end: fields.end, except: nil, on: connection, logger: logger)
            try await Self.constraints {
                try await connection.query(
                    """
                    INSERT INTO time_entries (id, account_id, project_id, description, started_at, ended_at, tags, billable, created_at, updated_at)
                    VALUES (\(id), \(personId), \(fields.projectId), \(fields.description), \(fields.start), \(fields.end), \(fields.tags),
                            \(fields.billable ?? true), \(now), \(now))
                    """,
                    logger: logger
                )
            }
            try await Self.audit(
                "add", entry: id, personId: personId, actor: actor, changes: Self.changes(nil, fields), at: now, on: connection, logger: logger
            )
            guard let entry = try await Self.entry(id: id, on: connection, logger: logger) else {
                throw StoreError.malformedRow(column: "time_entries.id")
            }
            return entry
        }
    }

    /// The person's finished entry, locked for a change, when the caller read its current version.
    private static func lockFinished(
        entryId: UUID, personId: UUID, condition: VersionCondition, on connection: PostgresConnection, logger: Logger
    ) async throws -> Versioned<TimeEntry> {
        guard
            let current = try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.from) WHERE e.id = \(entryId) AND e.account_id = \(personId) FOR UPDATE OF e",
                logger: logger
            ).collect().first.map(Self.entry)
        else { return .notFound }
        guard condition.matches(current.version) else { return .stale }
        guard current.end != nil else { throw TimeError.timerRunning }
        return .written(current)
    }

    package func update(
        entryId: UUID, personId: UUID, condition: VersionCondition, fields: TimeEntryFields, actor: TimeActor, now: Date
    ) async throws -> Versioned<TimeEntry> {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let locked = try await Self.lockFinished(entryId: entryId, personId: personId, condition: condition, on: connection, logger: logger)
            guard case .written(let current) = locked else { return locked }
            try await Self.checkLocks(personId: personId, instants: [current.start, fields.start], actor: actor, on: connection, logger: logger)
            if fields.start != current.start || fields.end != current.end {
                try await Self.checkAbsence(personId: personId, start: fields.start, end: fields.end, on: connection, logger: logger)
            }
            try await Self.forgetPresses(personId: personId, from: current.start, to: current.end ?? now, on: connection, logger: logger)
            try await Self.checkOverlap(personId: personId, start: fields.start, end: fields.end, except: entryId, on: connection, logger: logger)
            try await Self.constraints {
                try await connection.query(
                    """
                    UPDATE time_entries SET project_id = \(fields.projectId), description = \(fields.description), started_at = \(fields.start),
                        ended_at = \(fields.end), tags = \(fields.tags), billable = \(fields.billable ?? current.billable),
                        timer = false, version = version + 1, updated_at = \(now)
                    WHERE id = \(entryId)
                    """,
                    logger: logger
                )
            }
            try await Self.audit(
                "update", entry: entryId, personId: personId, actor: actor, changes: Self.changes(current, fields), at: now, on: connection,
                logger: logger
            )
            guard let entry = try await Self.entry(id: entryId, on: connection, logger: logger) else { return .notFound }
            return .written(entry)
        }
    }

    package func delete(
        entryId: UUID, personId: UUID, condition: VersionCondition, actor: TimeActor, now: Date
    ) async throws -> Versioned<TimeEntry> {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let locked = try await Self.lockFinished(entryId: entryId, personId: personId, condition: condition, on: connection, logger: logger)
            guard case .written(let current) = locked else { return locked }
            try await Self.checkLocks(personId: personId, instants: [current.start], actor: actor, on: connection, logger: logger)
            try await Self.forgetPresses(personId: personId, from: current.start, to: current.end ?? now, on: connection, logger: logger)
            try await connection.query("DELETE FROM time_entries WHERE id = \(entryId)", logger: logger)
            try await Self.audit(
                "delete", entry: entryId, personId: personId, actor: actor, changes: Self.changes(current, nil), at: now, on: connection,
                logger: logger
            )
            return .written(current)
        }
    }
}
