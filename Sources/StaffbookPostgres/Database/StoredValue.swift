import Foundation
import StaffbookCore

/// Reads domain values out of the text PostgreSQL sends for them. A value that does not parse
/// is a malformed row, named by its column: an error for that request, never a crash.
package enum StoredValue {
    package static func decimal(_ text: String, column: String) throws(StoreError) -> Decimal {
        guard let value = Money.parseStored(text) else { throw .malformedRow(column: column) }
        return value
    }

    package static func optionalDecimal(_ text: String?, column: String) throws(StoreError) -> Decimal? {
        guard let text else { return nil }
        return try decimal(text, column: column)
    }

    package static func day(_ text: String, column: String) throws(StoreError) -> CalendarDay {
        guard let day = CalendarDay(text) else { throw .malformedRow(column: column) }
        return day
    }

    package static func optionalDay(_ text: String?, column: String) throws(StoreError) -> CalendarDay? {
        guard let text else { return nil }
        return try day(text, column: column)
    }

    package static func month(_ text: String, column: String) throws(StoreError) -> CalendarMonth {
        guard let month = CalendarMonth(text) else { throw .malformedRow(column: column) }
        return month
    }

    package static func enumeration<Value: RawRepresentable>(
        _ raw: Value.RawValue, as type: Value.Type = Value.self, column: String
    ) throws(StoreError) -> Value {
        guard let value = Value(rawValue: raw) else { throw .malformedRow(column: column) }
        return value
    }

    /// The single row a statement that always answers one (`SELECT EXISTS …`, `RETURNING` of an
    /// insert) answered.
    package static func single<Row>(_ rows: [Row], column: String) throws(StoreError) -> Row {
        guard let row = rows.first else { throw .malformedRow(column: column) }
        return row
    }
}
