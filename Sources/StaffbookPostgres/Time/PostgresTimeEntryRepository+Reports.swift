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

    package func report(range: DayRange, groupBy: ReportGrouping, workingDays: [CalendarDay]) async throws -> ReportTotals {
        var (totals, freshness) = try await readReport(range: range, groupBy: groupBy, workingDays: workingDays) { query, connection, logger in
            try await Self.report(
                query.groupBy, shape: query.shape, capacity: query.capacity, bindings: query.bindings, on: connection, logger: logger)
        }
        totals.freshness = freshness
        return totals
    }

    static func report(
        _ groupBy: ReportGrouping, shape: RangeShape, capacity source: CapacitySource, bindings binds: PostgresBindings,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> ReportTotals {
        let sql = reportSQL(groupBy, shape: shape, capacity: source)
        // Collected, then read column by column: decoding a row as a tuple through the
        // sequence's generic `decode` cost about 15,000 instructions a row, a quarter of a
        // 10,000-row report's time in the server.
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).collect()
        var totals: [TimeTotal] = []
        totals.reserveCapacity(rows.count)
        var everyone: Decimal?
        for row in rows {
            let cells = row.makeRandomAccess()
            totals.append(
                TimeTotal(
                    key: try cells[0].decode(String.self), label: try cells[1].decode(String.self),
                    seconds: try cells[2].decode(Int.self), billableSeconds: try cells[3].decode(Int.self),
                    billableAmount: try StoredValue.optionalDecimal(try cells[4].decode(String?.self), column: "billable_amount"),
                    capacityHours: try StoredValue.optionalDecimal(try cells[5].decode(String?.self), column: "capacity_hours")
                ))
            // Every row carries the same total: read the first.
            if everyone == nil { everyone = try StoredValue.optionalDecimal(try cells[6].decode(String?.self), column: "capacity_total") }
        }
        if everyone == nil, groupBy == .person || groupBy == .team {
            everyone = try await capacityTotal(groupBy, shape: shape, capacity: source, bindings: binds, on: connection, logger: logger)
        }
        return ReportTotals(rows: totals, capacityHours: everyone)
    }

    /// What a report's range is made of: the shape of its statement.
    enum RangeShape {
        /// Days (some months, or none, in part).
        case days
        /// Whole months and nothing else.
        case wholeMonths
        /// One whole month.
        case oneMonth
    }

    /// The time of the range per person and project: whole months ($3 ..< $4) from the monthly
    /// sums, the other days of $1 ... $2 from the daily ones. The days are two plain ranges, which
    /// PostgreSQL estimates as the few rows they are; written as the range less the months, it
    /// guessed a quarter of a million and planned parallel workers for every report. One month's
    /// sums are already one per person and project.
    static func rangeSums(_ shape: RangeShape) -> String {
        switch shape {
        case .oneMonth:
            return """
                sums AS (
                    SELECT account_id, project_id, seconds, billable_seconds AS billable FROM time_rollup_months WHERE month = $3::date
                )
                """
        case .wholeMonths, .days:
            let days =
                shape == .days
                ? """
                UNION ALL
                SELECT account_id, project_id, seconds, billable_seconds FROM time_rollup_days
                WHERE (day >= $1::date AND day < $3::date) OR (day >= $4::date AND day <= $2::date)
                """ : ""
            return """
                sums AS (
                    SELECT account_id, project_id, sum(seconds) AS seconds, sum(billable_seconds) AS billable
                    FROM (
                        SELECT account_id, project_id, seconds, billable_seconds FROM time_rollup_months
                        WHERE month >= $3::date AND month < $4::date
                        \(days)
                    ) AS r
                    GROUP BY account_id, project_id
                )
                """
        }
    }

    /// The report's statement: key, label, seconds, billable seconds, billable amount, capacity
    /// and everyone's capacity (on each row). The time is summed per person and project first
    /// (the month's few thousand sums), then joined to what the grouping needs.
    static func reportSQL(_ groupBy: ReportGrouping, shape: RangeShape, capacity source: CapacitySource) -> String {
        let amount = "round(sum(e.billable / 3600 * p.hourly_price), 2)"
        switch groupBy {
        case .client, .project:
            let (key, label) = groupBy == .client ? ("c.id", "c.name") : ("p.id", "c.name || ' / ' || p.name")
            return """
                WITH \(rangeSums(shape))
                SELECT \(key)::text, min(\(label)), sum(e.seconds)::bigint, sum(e.billable)::bigint, \(amount)::text, NULL::text, NULL::text
                FROM sums e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id
                GROUP BY \(key) ORDER BY min(\(label)) COLLATE czech, 1
                """
        case .person:
            return """
                WITH \(rangeSums(shape)),
                \(capacity(source)),
                person_time AS (
                    SELECT e.account_id, sum(e.seconds) AS seconds, sum(e.billable) AS billable, \(amount) AS amount
                    FROM sums e JOIN projects p ON p.id = e.project_id GROUP BY e.account_id
                ),
                everyone AS (SELECT coalesce(sum(hours), 0) AS hours FROM capacity)
                SELECT a.id::text, a.last_name || ' ' || a.first_name, coalesce(t.seconds, 0)::bigint, coalesce(t.billable, 0)::bigint,
                       t.amount::text, coalesce(c.hours, 0)::text, (SELECT hours FROM everyone)::text
                FROM person_time t FULL JOIN capacity c ON c.account_id = t.account_id
                JOIN accounts a ON a.id = coalesce(t.account_id, c.account_id)
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """
        case .team:
            return """
                WITH \(rangeSums(shape)),
                \(capacity(source)),
                team_time AS (
                    SELECT tm.team_id, sum(e.seconds) AS seconds, sum(e.billable) AS billable, \(amount) AS amount
                    FROM sums e JOIN projects p ON p.id = e.project_id JOIN team_members tm ON tm.account_id = e.account_id
                    GROUP BY tm.team_id
                ),
                member_capacity AS (
                    SELECT tm.team_id, tm.account_id, c.hours FROM team_members tm JOIN capacity c ON c.account_id = tm.account_id
                ),
                team_capacity AS (SELECT team_id, sum(hours) AS hours FROM member_capacity GROUP BY team_id),
                everyone AS (
                    SELECT coalesce(sum(c.hours), 0) AS hours FROM capacity c WHERE c.account_id IN (SELECT account_id FROM member_capacity)
                )
                SELECT t.id::text, t.name, tt.seconds::bigint, tt.billable::bigint, tt.amount::text, coalesce(tc.hours, 0)::text,
                       (SELECT hours FROM everyone)::text
                FROM team_time tt JOIN teams t ON t.id = tt.team_id LEFT JOIN team_capacity tc ON tc.team_id = tt.team_id
                ORDER BY t.name COLLATE czech, 1
                """
        }
    }

    /// Everyone's capacity when the report has no row to carry it.
    static func capacityTotal(
        _ groupBy: ReportGrouping, shape: RangeShape, capacity source: CapacitySource, bindings: PostgresBindings, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> Decimal {
        let counted = groupBy == .team ? "WHERE EXISTS (SELECT 1 FROM team_members tm WHERE tm.account_id = c.account_id)" : ""
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    WITH \(rangeSums(shape)),
                    \(capacity(source))
                    SELECT coalesce(sum(c.hours), 0)::text FROM capacity c \(counted)
                    """, binds: bindings),
            logger: logger
        ).collect()
        return try StoredValue.decimal(try rows.first?.decode(String.self) ?? "0", column: "capacity_total")
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
