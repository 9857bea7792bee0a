import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The company's report written by PostgreSQL as the contract's `TimeRow` items: `reportSQL`'s
/// rows, in its order, as one JSON array, with the sums of their rounded hours, their amounts
/// and everyone's capacity. The server sends the array without decoding a row: at 10,000 people,
/// decoding and writing them again cost the server 63 ms of CPU a report, the JSON costs
/// PostgreSQL 29 ms (docs/performance.md).
///
/// Each row's rounding is `TimeRules`'s in integers: hours are whole hundredths of the seconds
/// rounded half up, utilisation the hundredths of hours ÷ capacity rounded half up. The totals'
/// utilisation is decided by `WrittenReport` in Core; `ReportJSONTests` compares both ways on
/// the same database.
extension PostgresTimeEntryRepository {
    package func reportJSON(range: DayRange, groupBy: ReportGrouping, workingDays: [CalendarDay]) async throws -> WrittenReport {
        var (written, freshness) = try await readReport(range: range, groupBy: groupBy, workingDays: workingDays) { query, connection, logger in
            try await Self.reportJSON(query, range: range, on: connection, logger: logger)
        }
        written.freshness = freshness
        return written
    }

    static func reportJSON(_ query: ReportQuery, range: DayRange, on connection: PostgresConnection, logger: Logger) async throws -> WrittenReport {
        let sql = reportJSONSQL(reportSQL(query.groupBy, shape: query.shape, capacity: query.capacity))
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: query.bindings), logger: logger).collect()
        guard let cells = rows.first?.makeRandomAccess() else { throw StoreError.malformedRow(column: "items") }
        var everyone = try StoredValue.optionalDecimal(try cells[4].decode(String?.self), column: "capacity_total")
        if everyone == nil, query.groupBy == .person || query.groupBy == .team {
            everyone = try await capacityTotal(
                query.groupBy, shape: query.shape, capacity: query.capacity, bindings: query.bindings, on: connection, logger: logger)
        }
        return WrittenReport(
            range: range, items: try Self.utf8(cells[0]), hours: try StoredValue.decimal(try cells[1].decode(String.self), column: "hours"),
            billableHours: try StoredValue.decimal(try cells[2].decode(String.self), column: "billable_hours"),
            billableAmount: try StoredValue.optionalDecimal(try cells[3].decode(String?.self), column: "billable_amount"),
            capacityHours: everyone)
    }

    /// `report`'s statement as one row: the items, the sums of the rows' hours and billable hours
    /// (as text with two decimals), of their amounts (NULL when none has one) and everyone's
    /// capacity (NULL without rows or by client and project). `capacityHours` and `utilisation`
    /// are left out by client and project, `utilisation` also where capacity is zero, and
    /// `billableAmount` where no project has a price: as the generated encoder leaves out nil.
    /// The report's sorted statement stays a subquery of its own (PostgreSQL does not pull up a
    /// subquery with ORDER BY), so `row_number() OVER ()` numbers its rows in the report's order
    /// and `string_agg(… ORDER BY n)` keeps it.
    static func reportJSONSQL(_ report: String) -> String {
        """
        SELECT coalesce('[' || string_agg(item, ',' ORDER BY n) || ']', '[]'), (coalesce(sum(h), 0) * 0.01)::text,
               (coalesce(sum(bh), 0) * 0.01)::text, sum(amount)::text, min(everyone)
        FROM (
            SELECT n, h, bh, amount, everyone,
                   '{"key":' || to_json(key)::text || ',"label":' || to_json(label)::text
                   || ',"hours":"' || (h * 0.01)::text || '","billableHours":"' || (bh * 0.01)::text || '"'
                   || CASE WHEN amount IS NULL THEN '' ELSE ',"billableAmount":"' || amount::text || '"' END
                   || CASE WHEN capacity IS NULL THEN '' ELSE ',"capacityHours":"' || capacity::text || '"' END
                   || CASE WHEN hundredths > 0 THEN ',"utilisation":"' || (((h * 200 / hundredths) + 1) / 2 * 0.01)::text || '"' ELSE '' END
                   || '}' AS item
            FROM (
                SELECT row_number() OVER () AS n, key, label, \(hundredthsOfHours("seconds")) AS h, \(hundredthsOfHours("billable")) AS bh,
                       round(amount::numeric, 2) AS amount, round(capacity::numeric, 2) AS capacity,
                       (round(capacity::numeric, 2) * 100)::bigint AS hundredths, everyone
                FROM (
                    \(report)
                ) AS sorted (key, label, seconds, billable, amount, capacity, everyone)
            ) AS numbered
        ) AS items
        """
    }

    /// A text cell's bytes, which the connection's client encoding (UTF-8) makes UTF-8: decoded
    /// as a `String`, the megabytes of a report by person were checked again byte by byte (a
    /// fifth of the server's CPU for the report).
    static func utf8(_ cell: PostgresCell) throws -> [UInt8] {
        guard let bytes = cell.bytes else { throw StoreError.malformedRow(column: "items") }
        return Array(bytes.readableBytesView)
    }

    /// Whole hundredths of an hour in `seconds` (a bigint), rounded half away from zero:
    /// `TimeRules.hours` in integers.
    static func hundredthsOfHours(_ seconds: String) -> String {
        "(CASE WHEN \(seconds) < 0 THEN -((1800 - \(seconds) * 100) / 3600) ELSE (\(seconds) * 100 + 1800) / 3600 END)"
    }
}
