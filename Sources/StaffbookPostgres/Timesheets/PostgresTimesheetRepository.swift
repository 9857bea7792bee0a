import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresTimesheetRepository: TimesheetRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let columns = "account_id, to_char(month, 'YYYY-MM'), state, reason, submitted_at, decided_at, decided_by"

    static func timesheet(_ row: PostgresRow) throws -> Timesheet {
        let (personId, month, state, reason, submitted, decided, by) = try row.decode((UUID, String, String, String?, Date?, Date?, UUID?).self)
        return Timesheet(
            personId: personId, month: try StoredValue.month(month, column: "timesheets.month"),
            state: try StoredValue.enumeration(state, column: "timesheets.state"), reason: reason, submittedAt: submitted, decidedAt: decided,
            decidedBy: by
        )
    }

    package func timesheet(personId: UUID, month: CalendarMonth) async throws -> Timesheet {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM timesheets WHERE account_id = \(personId) AND month = \(month.firstDay.iso)::date",
                logger: logger
            ).collect().first.map(Self.timesheet) ?? Timesheet(personId: personId, month: month)
        }
    }

    package func transition(
        personId: UUID, month: CalendarMonth, action: TimesheetAction, from: Set<TimesheetState>, to: TimesheetState, reason: String?,
        by: UUID, now: Date
    ) async throws -> Timesheet? {
        let logger = self.logger
        let allowed = from.map(\.rawValue).sorted()
        let day = month.firstDay.iso
        return try await database.withTransaction { connection in
            // A month without a row is open: make the row, then move it only from the states the rule allows.
            try await connection.query(
                """
                INSERT INTO timesheets (account_id, month, state, updated_at) VALUES (\(personId), \(day)::date, 'open', \(now))
                ON CONFLICT (account_id, month) DO NOTHING
                """,
                logger: logger
            )
            let old = try await connection.query(
                "SELECT state FROM timesheets WHERE account_id = \(personId) AND month = \(day)::date FOR UPDATE", logger: logger
            ).collect().first.map { try $0.decode(String.self) }
            guard let old, allowed.contains(old) else { return nil }
            let rows = try await connection.query(
                """
                UPDATE timesheets SET state = \(to.rawValue), reason = \(reason),
                    submitted_at = CASE WHEN \(action == .submit) THEN \(now) ELSE submitted_at END,
                    decided_at = CASE WHEN \(action == .submit) THEN NULL ELSE \(now) END,
                    decided_by = CASE WHEN \(action == .submit) THEN NULL ELSE \(by) END,
                    updated_at = \(now)
                WHERE account_id = \(personId) AND month = \(day)::date
                RETURNING \(unescaped: Self.columns)
                """,
                logger: logger
            ).collect()
            guard let timesheet = try rows.first.map(Self.timesheet) else { return nil }
            var changes: AuditLog.Changes = ["state": .init(from: old, to: to.rawValue), "month": .init(from: nil, to: month.iso)]
            if let reason { changes["reason"] = .init(from: nil, to: reason) }
            try await AuditLog.record(
                on: connection, subject: personId, entity: "timesheet", entityId: personId, action: action.rawValue, by: by, at: now,
                changes: changes, logger: logger
            )
            return timesheet
        }
    }

    package func leaders(teamId: UUID) async throws -> Set<UUID>? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT array(SELECT account_id FROM team_members WHERE team_id = t.id AND is_leader) FROM teams t WHERE t.id = \(teamId)
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            return Set(try row.decode([UUID].self))
        }
    }

    package func teamMonth(teamId: UUID, month: CalendarMonth) async throws -> TeamMonth? {
        let logger = self.logger
        return try await database.withConnection { connection in
            guard
                let name = try await connection.query("SELECT name::text FROM teams WHERE id = \(teamId)", logger: logger)
                    .collect().first.map({ try $0.decode(String.self) })
            else { return nil }
            var members: [TeamMonth.Member] = []
            for try await member in try await connection.execute(TeamMonthStatement(teamId: teamId, month: month), logger: logger) {
                members.append(member)
            }
            return TeamMonth(teamId: teamId, teamName: name, members: members)
        }
    }

    /// People who tracked time in the month, with their timesheet's state.
    private static let trackers = """
        SELECT DISTINCT e.account_id, coalesce(ts.state, 'open') AS state
        FROM time_entries e
        JOIN accounts a ON a.id = e.account_id AND a.is_active
        LEFT JOIN timesheets ts ON ts.account_id = e.account_id AND ts.month = $3::date
        WHERE e.started_at >= $1 AND e.started_at < $2
        """

    private func bindings(_ month: CalendarMonth) throws -> PostgresBindings {
        let (start, end) = DayRange(month: month).instants
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(start)
        bindings.append(end)
        bindings.append(month.firstDay.iso)
        return bindings
    }

    package func counts(month: CalendarMonth) async throws -> [TimesheetState: Int] {
        let logger = self.logger
        let binds = try bindings(month)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT state, count(*)::bigint FROM (\(Self.trackers)) t GROUP BY state", binds: binds), logger: logger
            )
            var counts: [TimesheetState: Int] = [:]
            for try await (state, count) in rows.decode((String, Int).self) {
                counts[try StoredValue.enumeration(state, column: "timesheets.state")] = count
            }
            return counts
        }
    }

    package func people(month: CalendarMonth, in states: Set<TimesheetState>) async throws -> [UUID] {
        let logger = self.logger
        var bindings = try bindings(month)
        bindings.append(states.map(\.rawValue).sorted())
        let binds = bindings
        return try await database.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT account_id FROM (\(Self.trackers)) t WHERE state = ANY($4) ORDER BY account_id", binds: binds),
                logger: logger
            ).collect().map { try $0.decode(UUID.self) }
        }
    }

    package func leaders(month: CalendarMonth, waitingIn states: Set<TimesheetState>) async throws -> [(leaderId: UUID, count: Int)] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT l.account_id, count(DISTINCT ts.account_id)::bigint
                FROM timesheets ts
                JOIN team_members m ON m.account_id = ts.account_id
                JOIN team_members l ON l.team_id = m.team_id AND l.is_leader AND l.account_id <> ts.account_id
                JOIN accounts la ON la.id = l.account_id AND la.is_active
                WHERE ts.month = \(month.firstDay.iso)::date AND ts.state = ANY(\(states.map(\.rawValue).sorted()))
                GROUP BY l.account_id ORDER BY l.account_id
                """,
                logger: logger
            )
            var waiting: [(leaderId: UUID, count: Int)] = []
            for try await (leader, count) in rows.decode((UUID, Int).self) { waiting.append((leader, count)) }
            return waiting
        }
    }
}
