import Foundation
import NIOCore
import PostgresNIO
import StaffbookCore

/// An invoice and the bytes of its current file, by id (the download), prepared once per
/// connection like `InvoiceByIdStatement`.
package struct InvoiceFileStatement: KeyLookupStatement {
    package typealias Row = (Invoice, Data)

    package static let name = "staffbook_invoice_file"
    package static let sql = """
        SELECT \(PostgresInvoiceRepository.columns), f.content FROM \(PostgresInvoiceRepository.from) WHERE i.id = $1
        """

    package let key: UUID

    package init(key: UUID) {
        self.key = key
    }

    package func decodeRow(_ row: PostgresRow) throws -> (Invoice, Data) {
        (try PostgresInvoiceRepository.invoice(row), try row.makeRandomAccess()[PostgresInvoiceRepository.columnCount].decode(Data.self))
    }
}
