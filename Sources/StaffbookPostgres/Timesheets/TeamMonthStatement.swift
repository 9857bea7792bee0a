import Foundation
import PostgresNIO
import StaffbookCore

/// A team's active members in a month, one row each: the tracked and billable seconds, the
/// days with entries, a running timer's start, the timesheet's state and the days away on time
/// off that blocks time. Each member's entries are summed by day first (a few dozen days, not a
/// thousand entries to sort) and named by their day of the month (no date text to write and
/// parse), and the statement is prepared once per connection: its plan (the team's members by its
/// key, each one's month by the person's index) does not depend on values.
struct TeamMonthStatement: PostgresPreparedStatement {
    typealias Row = TeamMonth.Member

    static let name = "staffbook_team_month"
    static let sql = """
        SELECT a.id, a.first_name, a.last_name, coalesce(t.seconds, 0), coalesce(t.billable, 0), coalesce(t.days, '{}'),
               (SELECT r.started_at FROM time_entries r WHERE r.account_id = a.id AND r.ended_at IS NULL),
               coalesce(ts.state, 'open'),
               coalesce((SELECT array_agg(DISTINCT extract(day FROM d)::int8)
                         FROM absences ab,
                              generate_series(greatest(ab.first_day, $5::date), least(ab.last_day, $6::date), interval '1 day') d
                         WHERE ab.account_id = a.id AND ab.state = ANY($7::text[]) AND ab.part = ANY($8::text[])
                           AND ab.first_day <= $6::date AND ab.last_day >= $5::date), '{}')
        FROM team_members m
        JOIN accounts a ON a.id = m.account_id AND a.is_active
        LEFT JOIN LATERAL (
            SELECT sum(x.seconds)::bigint AS seconds, sum(x.billable)::bigint AS billable, array_agg(extract(day FROM x.day)::int8) AS days
            FROM (SELECT (e.started_at AT TIME ZONE $4)::date AS day,
                         coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)), 0) AS seconds,
                         coalesce(sum(extract(epoch FROM e.ended_at - e.started_at)) FILTER (WHERE e.billable), 0) AS billable
                  FROM time_entries e
                  WHERE e.account_id = a.id AND e.started_at >= $2 AND e.started_at < $3
                  GROUP BY 1) x
        ) t ON true
        LEFT JOIN timesheets ts ON ts.account_id = a.id AND ts.month = $5::date
        WHERE m.team_id = $1
        ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
        """

    let teamId: UUID
    let month: CalendarMonth

    func makeBindings() throws -> PostgresBindings {
        let (start, end) = DayRange(month: month).instants
        var bindings = PostgresBindings(capacity: 8)
        bindings.append(teamId)
        bindings.append(start)
        bindings.append(end)
        bindings.append(Calendar.prague.timeZone.identifier)
        bindings.append(month.firstDay.iso)
        bindings.append(month.lastDay.iso)
        bindings.append(AbsenceBinds.timeBlockingStates)
        bindings.append(AbsenceBinds.timeBlockingParts)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> TeamMonth.Member {
        let (id, firstName, lastName, seconds, billable, days, running, state, away) = try row.decode(
            (UUID, String, String, Int, Int, [Int], Date?, String, [Int]).self)
        return TeamMonth.Member(
            personId: id, name: "\(firstName) \(lastName)", seconds: seconds, billableSeconds: billable,
            daysWithEntries: monthDays(days), runningSince: running,
            timesheet: try StoredValue.enumeration(state, column: "timesheets.state"), daysAway: monthDays(away))
    }

    /// The month's days of these days of the month; one outside the month is dropped.
    private func monthDays(_ numbers: [Int]) -> Set<CalendarDay> {
        let count = month.dayCount
        return Set(numbers.lazy.filter { (1...count).contains($0) }.map { CalendarDay(year: month.year, month: month.month, day: $0) })
    }
}
