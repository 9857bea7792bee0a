import Foundation
import NIOCore
import PostgresNIO

/// An invoice and the bytes of its current file, by id (the download), prepared once per
/// connection like `InvoiceByIdStatement`.
struct InvoiceFileStatement: KeyLookupStatement {
    typealias Row = (Invoice, ByteBuffer)

    static let sql = """
        SELECT \(PostgresInvoiceRepository.columns), f.content FROM \(PostgresInvoiceRepository.from) WHERE i.id = $1
        """

    let key: UUID

    func decodeRow(_ row: PostgresRow) throws -> (Invoice, ByteBuffer) {
        (try PostgresInvoiceRepository.invoice(row), try row.makeRandomAccess()[21].decode(ByteBuffer.self))
    }
}
