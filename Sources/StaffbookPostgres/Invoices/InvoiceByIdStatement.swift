import Foundation
import PostgresNIO
import StaffbookCore

/// One invoice with its person and current file, by id (every invoice action reads it first).
/// Prepared once per connection: key lookups plan the same for every id, so PostgreSQL keeps
/// one generic plan instead of planning the three-table join at every request.
package struct InvoiceByIdStatement: KeyLookupStatement {
    package typealias Row = Invoice

    package static let name = "staffbook_invoice_by_id"
    package static let sql = "SELECT \(PostgresInvoiceRepository.columns) FROM \(PostgresInvoiceRepository.from) WHERE i.id = $1"

    package let key: UUID

    package init(key: UUID) {
        self.key = key
    }

    package func decodeRow(_ row: PostgresRow) throws -> Invoice {
        try PostgresInvoiceRepository.invoice(row)
    }
}
