import Foundation
import PostgresNIO
import StaffbookCore

/// The rate in force on a day and the next one set after it, for one person.
///
/// Prepared once per connection: its plan (two probes of the person's rates index) does not
/// depend on the values, so PostgreSQL switches to one generic plan instead of parsing and
/// planning the statement at every request (docs/performance.md).
package struct CurrentRateStatement: PostgresPreparedStatement {
    package typealias Row = (UUID, String, String, Bool)

    package static let name = "staffbook_current_rate"
    package static let sql = """
        (SELECT id, amount::text, effective_from::text, false FROM hourly_rates
         WHERE account_id = $1 AND superseded_by IS NULL AND effective_from <= $2::date
         ORDER BY effective_from DESC LIMIT 1)
        UNION ALL
        (SELECT id, amount::text, effective_from::text, true FROM hourly_rates
         WHERE account_id = $1 AND superseded_by IS NULL AND effective_from > $2::date
         ORDER BY effective_from LIMIT 1)
        """

    package let personId: UUID
    package let day: CalendarDay

    package init(personId: UUID, day: CalendarDay) {
        self.personId = personId
        self.day = day
    }

    package func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(personId)
        bindings.append(day.iso)
        return bindings
    }

    package func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}
