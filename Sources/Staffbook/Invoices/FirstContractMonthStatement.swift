import Foundation
import PostgresNIO

/// The month a person's first contract starts in (`nil` without contracts), prepared once per
/// connection: it runs before every page of the person's months.
struct FirstContractMonthStatement: KeyLookupStatement {
    typealias Row = CalendarMonth?

    static let sql = "SELECT to_char(min(valid_from), 'YYYY-MM') FROM contracts WHERE account_id = $1"

    /// The person.
    let key: UUID

    func decodeRow(_ row: PostgresRow) throws -> CalendarMonth? {
        try row.decode(String?.self).flatMap(CalendarMonth.init)
    }
}
