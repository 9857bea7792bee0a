import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Sums of time, capacity and files.
extension PostgresTimeEntryRepository {
    /// The company's time zone, for the day an entry counts on.
    static var zone: String { Calendar.prague.timeZone.identifier }

    package func totals(personId: UUID, range: DayRange, groupBy: SummaryGrouping) async throws -> [TimeTotal] {
        let logger = self.logger
        let (start, end) = range.instants
        let zone = Self.zone
        // Key and label per grouping; the seconds are summed the same way for each.
        let (key, label): (String, String) =
            switch groupBy {
            case .day: ("to_char(e.started_at AT TIME ZONE $3, 'YYYY-MM-DD')", "to_char(e.started_at AT TIME ZONE $3, 'YYYY-MM-DD')")
            case .week:
                ("to_char(e.started_at AT TIME ZONE $3, 'IYYY-\"W\"IW')", "to_char(date_trunc('week', e.started_at AT TIME ZONE $3), 'YYYY-MM-DD')")
            case .month: ("to_char(e.started_at AT TIME ZONE $3, 'YYYY-MM')", "to_char(e.started_at AT TIME ZONE $3, 'YYYY-MM')")
            case .project: ("e.project_id::text", "c.name || ' / ' || p.name")
            }
        return try await database.withConnection { connection in
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(start)
            bindings.append(end)
            bindings.append(zone)
            bindings.append(personId)
            let rows = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT \(key) AS key, min(\(label)), sum(extract(epoch FROM e.ended_at - e.started_at))::bigint,
                               coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)) FILTER (WHERE e.billable), 0)::bigint
                        FROM time_entries e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id
                        WHERE e.account_id = $4 AND e.started_at >= $1 AND e.started_at < $2 AND e.ended_at IS NOT NULL
                        GROUP BY 1 ORDER BY 2, 1
                        """, binds: bindings),
                logger: logger
            )
            var totals: [TimeTotal] = []
            for try await (key, label, seconds, billable) in rows.decode((String, String, Int, Int).self) {
                totals.append(TimeTotal(key: key, label: label, seconds: seconds, billableSeconds: billable))
            }
            return totals
        }
    }

    package func report(range: DayRange, groupBy: ReportGrouping) async throws -> [TimeTotal] {
        let logger = self.logger
        let (start, end) = range.instants
        let (key, label, join): (String, String, String) =
            switch groupBy {
            case .client: ("c.id", "c.name", "")
            case .project: ("p.id", "c.name || ' / ' || p.name", "")
            case .person: ("a.id", "a.last_name || ' ' || a.first_name", "JOIN accounts a ON a.id = e.account_id")
            case .team: ("t.id", "t.name", "JOIN team_members tm ON tm.account_id = e.account_id JOIN teams t ON t.id = tm.team_id")
            }
        return try await database.withConnection { connection in
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(start)
            bindings.append(end)
            // The entries of the range are summed per project first (a few hundred rows), and only
            // then joined to what the grouping needs.
            let rows = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        WITH sums AS (
                            SELECT e.account_id, e.project_id,
                                   sum(extract(epoch FROM e.ended_at - e.started_at)) AS seconds,
                                   coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)) FILTER (WHERE e.billable), 0) AS billable
                            FROM time_entries e
                            WHERE e.started_at >= $1 AND e.started_at < $2 AND e.ended_at IS NOT NULL
                            GROUP BY e.account_id, e.project_id
                        )
                        SELECT \(key)::text, min(\(label)), sum(e.seconds)::bigint, sum(e.billable)::bigint,
                               sum(e.billable / 3600 * p.hourly_price)::text
                        FROM sums e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id \(join)
                        GROUP BY \(key) ORDER BY min(\(label)) COLLATE czech, 1
                        """, binds: bindings),
                logger: logger
            )
            var totals: [TimeTotal] = []
            for try await (key, label, seconds, billable, amount) in rows.decode((String, String, Int, Int, String?).self) {
                totals.append(
                    TimeTotal(
                        key: key, label: label, seconds: seconds, billableSeconds: billable,
                        billableAmount: try StoredValue.optionalDecimal(amount, column: "billable_amount")
                    ))
            }
            return totals
        }
    }

    package func capacity(personIds: [UUID]?, range: DayRange) async throws -> [CapacityBasis] {
        let logger = self.logger
        return try await database.withConnection { connection in
            // Read first: a connection answers one query at a time, and the people's rows below
            // are read as they arrive.
            var timeOff: [UUID: [Absence]] = [:]
            for row in try await connection.query(
                """
                SELECT \(unescaped: PostgresAbsenceRepository.columns("t")) FROM absences t
                WHERE (\(personIds)::uuid[] IS NULL OR t.account_id = ANY(\(personIds)::uuid[])) AND t.state = ANY(\(AbsenceBinds.capacityStates))
                  AND daterange(t.first_day, t.last_day, '[]') && daterange(\(range.from.iso)::date, \(range.to.iso)::date, '[]')
                """,
                logger: logger
            ).collect() {
                let absence = try PostgresAbsenceRepository.absence(row)
                timeOff[absence.personId, default: []].append(absence)
            }
            let rows = try await connection.query(
                """
                SELECT a.id, a.last_name || ' ' || a.first_name, coalesce(a.capacity_hours_per_week, 40)::text,
                       array_agg(c.valid_from::text ORDER BY c.valid_from), array_agg(coalesce(c.valid_to::text, '') ORDER BY c.valid_from)
                FROM accounts a JOIN contracts c ON c.account_id = a.id
                WHERE (\(personIds)::uuid[] IS NULL OR a.id = ANY(\(personIds)::uuid[]))
                  AND c.valid_from <= \(range.to.iso)::date AND (c.valid_to IS NULL OR c.valid_to >= \(range.from.iso)::date)
                GROUP BY a.id
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """,
                logger: logger
            )
            var people: [CapacityBasis] = []
            for try await (id, name, capacity, froms, tos) in rows.decode((UUID, String, String, [String], [String]).self) {
                var ranges: [(from: CalendarDay, to: CalendarDay?)] = []
                for (from, to) in zip(froms, tos) {
                    ranges.append((try StoredValue.day(from, column: "contracts.valid_from"), to.isEmpty ? nil : CalendarDay(to)))
                }
                people.append(
                    CapacityBasis(
                        personId: id, name: name, weeklyCapacity: try StoredValue.decimal(capacity, column: "accounts.capacity_hours_per_week"),
                        contractRanges: ranges, timeOff: timeOff[id] ?? []
                    ))
            }
            return people
        }
    }

    package func teamMembers() async throws -> [UUID: [UUID]] {
        let logger = self.logger
        return try await database.withConnection { connection in
            var members: [UUID: [UUID]] = [:]
            for try await (team, person) in try await connection.query("SELECT team_id, account_id FROM team_members", logger: logger)
                .decode((UUID, UUID).self)
            {
                members[team, default: []].append(person)
            }
            return members
        }
    }

    package func export(personId: UUID?, range: DayRange) async throws -> [ExportedEntry] {
        let logger = self.logger
        let (start, end) = range.instants
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.columns), a.first_name || ' ' || a.last_name, a.email::text
                FROM \(unescaped: Self.from) JOIN accounts a ON a.id = e.account_id
                WHERE (\(personId)::uuid IS NULL OR e.account_id = \(personId)::uuid)
                  AND e.started_at >= \(start) AND e.started_at < \(end) AND e.ended_at IS NOT NULL
                ORDER BY e.started_at, e.id
                """,
                logger: logger
            )
            var entries: [ExportedEntry] = []
            for try await row in rows {
                let r = row.makeRandomAccess()
                entries.append(
                    ExportedEntry(entry: try Self.entry(row), personName: try r[12].decode(String.self), email: try r[13].decode(String.self))
                )
            }
            return entries
        }
    }
}
