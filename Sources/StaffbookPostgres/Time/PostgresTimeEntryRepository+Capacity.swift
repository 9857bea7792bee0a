import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Each person's capacity in a report's statement: computed from contracts, working days and
/// time off, or, for a month, read from what an earlier report kept.
extension PostgresTimeEntryRepository {
    /// Where a report's statement takes the `capacity` it joins.
    enum CapacitySource {
        /// Computed in the statement (any range).
        case computed
        /// The month kept per person ($3 ..< $4, exactly the range), computed in the statement
        /// instead when a write moved the inputs since it was kept. Longer ranges compute it:
        /// keeping a year's twelve months after a write would cost the first report twelve
        /// statements where computing the range is one.
        case kept
    }

    /// Each person's capacity over the working days $5 of $1 ... $2, unrounded, as
    /// `CapacityBasis.hours` has it: the weekly capacity in force in the day's month ÷ 5 on each
    /// working day under contract, less
    /// the hours of time off in the states $6 (a whole day, half of it, or its hours up to the
    /// day's). Contract spans are counted against the working days once per distinct span; time
    /// off is found by its days' index (the range's few thousand) rather than per person. Kept
    /// unrounded, the months of a range add up to what the range computes.
    static let capacityHours = """
        working AS (SELECT unnest($5::date[]) AS day),
        spans AS (
            SELECT c.account_id, greatest(c.valid_from, $1::date) AS lo, least(coalesce(c.valid_to, $2::date), $2::date) AS hi
            FROM contracts c WHERE c.valid_from <= $2::date AND (c.valid_to IS NULL OR c.valid_to >= $1::date)
        ),
        span_days AS (
            SELECT p.lo, p.hi, date_trunc('month', w.day)::date AS month, count(w.day) AS days
            FROM (SELECT DISTINCT lo, hi FROM spans) AS p LEFT JOIN working w ON w.day BETWEEN p.lo AND p.hi
            GROUP BY p.lo, p.hi, 3
        ),
        covered AS (
            SELECT s.account_id, d.month, sum(d.days) AS days
            FROM spans s JOIN span_days d ON d.lo = s.lo AND d.hi = s.hi GROUP BY s.account_id, d.month
        ),
        -- The weekly hours in force in each month of the range (a change takes effect from a
        -- month's first day): looked up only for the few people whose capacity ever changed.
        weekly AS (
            SELECT c.account_id, c.month,
                   CASE WHEN EXISTS (SELECT 1 FROM capacity_changes h WHERE h.account_id = c.account_id)
                        THEN weekly_capacity(c.account_id, coalesce(c.month, $1::date))
                        ELSE coalesce(a.capacity_hours_per_week, 40) END AS hours
            FROM covered c JOIN accounts a ON a.id = c.account_id
        ),
        away AS (
            SELECT t.account_id, sum(
                       d.days * CASE t.part
                                    WHEN 'full' THEN k.hours / 5
                                    WHEN 'hours' THEN least(coalesce(t.hours, 0), k.hours / 5)
                                    ELSE k.hours / 10
                                END) AS hours
            FROM (
                SELECT account_id, first_day, last_day, part, hours FROM absences
                WHERE state = ANY($6::text[]) AND daterange(first_day, last_day, '[]') && daterange($1::date, $2::date, '[]')
            ) AS t
            JOIN spans s ON s.account_id = t.account_id AND t.first_day <= s.hi AND t.last_day >= s.lo
            CROSS JOIN LATERAL (
                SELECT date_trunc('month', w.day)::date AS month, count(*) AS days FROM working w
                WHERE w.day BETWEEN greatest(t.first_day, s.lo) AND least(t.last_day, s.hi) GROUP BY 1
            ) AS d
            JOIN weekly k ON k.account_id = t.account_id AND k.month = d.month
            GROUP BY t.account_id
        ),
        capacity_hours AS (
            SELECT c.account_id, sum(coalesce(k.hours, 40) / 5 * c.days) - coalesce(min(w.hours), 0) AS hours
            FROM covered c LEFT JOIN weekly k ON k.account_id = c.account_id AND k.month IS NOT DISTINCT FROM c.month
            LEFT JOIN away w ON w.account_id = c.account_id
            GROUP BY c.account_id
        )
        """

    /// The months $3 ..< $4 with a digest of each one's working days (of $5), and the version of
    /// capacity's inputs: the key of what is kept.
    static let keptMonths = """
        current_version AS (SELECT version FROM capacity_version),
        months AS (
            SELECT m::date AS month,
                   md5(coalesce((SELECT string_agg(d::text, ',' ORDER BY d) FROM unnest($5::date[]) AS d
                                 WHERE d >= m::date AND d < (m + interval '1 month')::date), '')) AS calendar
            FROM generate_series($3::date, $4::date - 1, interval '1 month') AS m
        )
        """

    /// The `capacity` (rounded to two decimals) a report joins.
    static func capacity(_ source: CapacitySource) -> String {
        switch source {
        case .computed:
            return """
                \(capacityHours),
                capacity AS (SELECT account_id, round(hours, 2) AS hours FROM capacity_hours)
                """
        case .kept:
            // Both branches are planned; a one-time filter runs only one. The statement reads
            // the version and the kept rows in one snapshot, so a write committed meanwhile
            // either shows in both or in neither.
            return """
                \(capacityHours),
                \(keptMonths),
                ready AS (
                    SELECT count(*) = (SELECT count(*) FROM months) AS ok
                    FROM capacity_months_filled f JOIN months m USING (month, calendar) JOIN current_version v USING (version)
                ),
                capacity AS (
                    SELECT k.account_id, round(k.hours, 2) AS hours
                    FROM capacity_months k JOIN months m USING (month, calendar) JOIN current_version v USING (version)
                    WHERE (SELECT ok FROM ready)
                    UNION ALL
                    SELECT account_id, round(hours, 2) FROM capacity_hours WHERE NOT (SELECT ok FROM ready)
                )
                """
        }
    }

    /// The months of $3 ..< $4 whose capacity is not kept for the current inputs and calendar.
    static let missingMonths = """
        WITH \(keptMonths)
        SELECT m.month::text FROM months m
        WHERE NOT EXISTS (
            SELECT 1 FROM capacity_months_filled f JOIN current_version v USING (version)
            WHERE f.month = m.month AND f.calendar = m.calendar
        )
        ORDER BY 1
        """

    /// Keeps one month's capacity ($1 ... $2, the month $3 ..< $4) for the version it reads,
    /// replacing what other versions or calendars kept for it. Nothing is computed when another
    /// call kept it first.
    static let keepMonth = """
        WITH \(keptMonths),
        \(capacityHours),
        done AS (
            SELECT 1 FROM capacity_months_filled f JOIN months m USING (month, calendar) JOIN current_version v USING (version)
        ),
        gone AS (
            DELETE FROM capacity_months k USING current_version v, months m
            WHERE k.month = m.month AND (k.version, k.calendar) <> (v.version, m.calendar)
        ),
        forgotten AS (
            DELETE FROM capacity_months_filled f USING current_version v, months m
            WHERE f.month = m.month AND (f.version, f.calendar) <> (v.version, m.calendar)
        ),
        kept AS (
            INSERT INTO capacity_months (month, version, calendar, account_id, hours)
            SELECT m.month, v.version, m.calendar, c.account_id, c.hours FROM capacity_hours c, current_version v, months m
            WHERE NOT EXISTS (SELECT 1 FROM done)
            ORDER BY c.account_id
            ON CONFLICT DO NOTHING
        )
        INSERT INTO capacity_months_filled (month, version, calendar)
        SELECT m.month, v.version, m.calendar FROM current_version v, months m
        ON CONFLICT DO NOTHING
        """

    /// Keeps the capacity of `month` ($1 ... $2, $3 ..< $4: the report's own bindings) unless it
    /// is kept (two reports of the same month compute it once: the second waits, then finds it
    /// kept).
    /// Whether the month's capacity is yet to be kept.
    static func capacityMissing(_ bindings: PostgresBindings, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await !connection.query(PostgresQuery(unsafeSQL: missingMonths, binds: bindings), logger: logger).collect().isEmpty
    }

    static func keepCapacity(_ bindings: PostgresBindings, month: CalendarMonth, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        guard try await capacityMissing(bindings, on: connection, logger: logger) else { return }
        let keep = PostgresQuery(unsafeSQL: keepMonth, binds: bindings)
        try await connection.withTransaction(logger: logger) { connection in
            _ = try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtext('staffbook:capacity-months'), \(Int32(truncatingIfNeeded: month.year * 12 + month.month)))",
                logger: logger
            ).collect()
            _ = try await connection.query(keep, logger: logger).collect()
        }
    }

    /// The capacity's inputs of the people `personIds` (everyone under contract when nil) in
    /// `range`, in name order. Named people (a team's fifty, on every team page) are read by two
    /// statements prepared once per connection, by each person's index; everyone by the days'.
    package func capacity(personIds: [UUID]?, range: DayRange) async throws -> [CapacityBasis] {
        let logger = self.logger
        return try await database.withConnection { connection in
            // Read first: a connection answers one query at a time, and the people's rows below
            // are read as they arrive.
            var timeOff: [UUID: [Absence]] = [:]
            var people: [CapacityBasis] = []
            if let personIds {
                for try await absence in try await connection.execute(NamedTimeOffStatement(personIds: personIds, range: range), logger: logger) {
                    timeOff[absence.personId, default: []].append(absence)
                }
                for try await person in try await connection.execute(NamedCapacityStatement(personIds: personIds, range: range), logger: logger) {
                    people.append(person)
                }
            } else {
                let absences: PostgresQuery = """
                    SELECT \(unescaped: PostgresAbsenceRepository.columns("t")) FROM absences t
                    WHERE t.state = ANY(\(AbsenceBinds.capacityStates))
                      AND daterange(t.first_day, t.last_day, '[]') && daterange(\(range.from.iso)::date, \(range.to.iso)::date, '[]')
                    """
                for row in try await connection.query(absences, logger: logger).collect() {
                    let absence = try PostgresAbsenceRepository.absence(row)
                    timeOff[absence.personId, default: []].append(absence)
                }
                var bindings = PostgresBindings(capacity: 2)
                bindings.append(range.from.iso)
                bindings.append(range.to.iso)
                let rows = try await connection.query(PostgresQuery(unsafeSQL: Self.capacityPeople(named: false), binds: bindings), logger: logger)
                for try await row in rows {
                    people.append(try Self.capacityBasis(row))
                }
            }
            for index in people.indices {
                people[index].timeOff = timeOff[people[index].personId] ?? []
            }
            return people
        }
    }

    /// The people under contract in $1 ... $2 (those of $3 when `named`) with their capacity's
    /// inputs, in name order: the account's weekly hours, their contracts' spans, and the weekly
    /// hours in force month by month (a change takes effect from a month's first day) for the
    /// few whose capacity ever changed.
    ///
    /// Named people's contracts are read in start order in a subquery of their own: the named
    /// statement is prepared and runs on a generic plan, where the contracts' btree by person and
    /// start and the exclusion constraint's GiST index cost the same to the planner; the order
    /// asked for is free from the btree only, so the plan reads ~2 pages a person instead of ~20
    /// (50 people: 5 ms → 0.6 ms).
    static func capacityPeople(named: Bool) -> String {
        let weeklyByMonth = """
            CASE WHEN EXISTS (SELECT 1 FROM capacity_changes h WHERE h.account_id = a.id) THEN
                (SELECT array_agg(to_char(m, 'YYYY-MM') || '=' || weekly_capacity(a.id, m::date)::text ORDER BY m)
                 FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') AS m)
            END
            """
        guard named else {
            return """
                SELECT a.id, a.last_name || ' ' || a.first_name, coalesce(a.capacity_hours_per_week, 40)::text,
                       array_agg(c.valid_from::text ORDER BY c.valid_from), array_agg(coalesce(c.valid_to::text, '') ORDER BY c.valid_from),
                       \(weeklyByMonth)
                FROM accounts a JOIN contracts c ON c.account_id = a.id
                WHERE c.valid_from <= $2::date AND (c.valid_to IS NULL OR c.valid_to >= $1::date)
                GROUP BY a.id
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """
        }
        return """
            SELECT a.id, a.last_name || ' ' || a.first_name, coalesce(a.capacity_hours_per_week, 40)::text, c.froms, c.tos,
                   \(weeklyByMonth)
            FROM accounts a
            CROSS JOIN LATERAL (
                SELECT array_agg(k.valid_from::text) AS froms, array_agg(coalesce(k.valid_to::text, '')) AS tos
                FROM (SELECT valid_from, valid_to FROM contracts
                      WHERE account_id = a.id AND valid_from <= $2::date AND (valid_to IS NULL OR valid_to >= $1::date)
                      ORDER BY valid_from) k
            ) c
            WHERE a.id = ANY($3::uuid[]) AND c.froms IS NOT NULL
            ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
            """
    }

    /// A row of `capacityPeople`, without time off.
    static func capacityBasis(_ row: PostgresRow) throws -> CapacityBasis {
        let (id, name, capacity, froms, tos, months) = try row.decode((UUID, String, String, [String], [String], [String]?).self)
        var ranges: [(from: CalendarDay, to: CalendarDay?)] = []
        for (from, to) in zip(froms, tos) {
            ranges.append((try StoredValue.day(from, column: "contracts.valid_from"), to.isEmpty ? nil : CalendarDay(to)))
        }
        var weekly: [CalendarMonth: Decimal] = [:]
        for pair in months ?? [] {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let month = CalendarMonth(String(parts[0])) else { continue }
            weekly[month] = try StoredValue.decimal(String(parts[1]), column: "capacity_changes.hours")
        }
        return CapacityBasis(
            personId: id, name: name, weeklyCapacity: try StoredValue.decimal(capacity, column: "accounts.capacity_hours_per_week"),
            weeklyByMonth: weekly, contractRanges: ranges)
    }
}
