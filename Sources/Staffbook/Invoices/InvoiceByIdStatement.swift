import Foundation
import PostgresNIO

/// One invoice with its person and current file, by id (every invoice action reads it first).
/// Prepared once per connection: key lookups plan the same for every id, so PostgreSQL keeps
/// one generic plan instead of planning the three-table join at every request.
struct InvoiceByIdStatement: KeyLookupStatement {
    typealias Row = Invoice

    static let sql = "SELECT \(PostgresInvoiceRepository.columns) FROM \(PostgresInvoiceRepository.from) WHERE i.id = $1"

    let key: UUID

    func decodeRow(_ row: PostgresRow) throws -> Invoice {
        try PostgresInvoiceRepository.invoice(row)
    }
}
