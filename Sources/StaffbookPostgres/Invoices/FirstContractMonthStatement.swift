import Foundation
import PostgresNIO
import StaffbookCore

/// The month a person's first contract starts in (`nil` without contracts), prepared once per
/// connection: it runs before every page of the person's months.
package struct FirstContractMonthStatement: KeyLookupStatement {
    package typealias Row = CalendarMonth?

    package static let name = "staffbook_first_contract_month"
    package static let sql = "SELECT to_char(min(valid_from), 'YYYY-MM') FROM contracts WHERE account_id = $1"

    /// The person.
    package let key: UUID

    package init(key: UUID) {
        self.key = key
    }

    package func decodeRow(_ row: PostgresRow) throws -> CalendarMonth? {
        try row.decode(String?.self).map { try StoredValue.month($0, column: "first_month") }
    }
}
