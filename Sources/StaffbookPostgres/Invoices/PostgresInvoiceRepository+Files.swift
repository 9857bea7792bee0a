import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Every version of an invoice's file.
extension PostgresInvoiceRepository {
    /// The columns `fileVersion(_:from:)` reads, for a file `v` and its uploader `u`.
    static let versionColumns = """
        v.id, v.version, v.media_type, v.size, encode(v.sha256, 'hex'), v.uploaded_at, u.id, u.first_name, u.last_name, v.data::text
        """
    static let versionColumnCount = 10

    static func fileVersion(_ row: PostgresRow, from index: Int, currentFileId: UUID) throws -> InvoiceFileVersion {
        let r = row.makeRandomAccess()
        let id = try r[index].decode(UUID.self)
        let uploader = try r[index + 6].decode(UUID?.self)
        return InvoiceFileVersion(
            id: id, version: try r[index + 1].decode(Int.self), mediaType: try r[index + 2].decode(String.self),
            size: try r[index + 3].decode(Int.self), sha256: try r[index + 4].decode(String.self),
            uploadedAt: try r[index + 5].decode(Date.self),
            uploadedBy: try uploader.map {
                PersonRef(id: $0, firstName: try r[index + 7].decode(String.self), lastName: try r[index + 8].decode(String.self))
            },
            isCurrent: id == currentFileId, data: try Self.data(snapshot: try r[index + 9].decode(String?.self))
        )
    }

    package func files(invoiceId: UUID) async throws -> [InvoiceFileVersion] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT i.current_file_id, \(unescaped: Self.versionColumns)
                FROM invoices i JOIN invoice_files v ON v.invoice_id = i.id LEFT JOIN accounts u ON u.id = v.uploaded_by
                WHERE i.id = \(invoiceId)
                ORDER BY v.version DESC
                """,
                logger: logger
            )
            var files: [InvoiceFileVersion] = []
            for try await row in rows {
                files.append(try Self.fileVersion(row, from: 1, currentFileId: try row.makeRandomAccess()[0].decode(UUID.self)))
            }
            return files
        }
    }

    package func fileContent(fileId: UUID, invoiceId: UUID?) async throws -> (invoice: Invoice, file: InvoiceFileVersion, bytes: Data)? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.columns), \(unescaped: Self.versionColumns), v.content
                FROM invoice_files v JOIN (\(unescaped: Self.from)) ON i.id = v.invoice_id LEFT JOIN accounts u ON u.id = v.uploaded_by
                WHERE v.id = \(fileId) AND (\(invoiceId)::uuid IS NULL OR v.invoice_id = \(invoiceId)::uuid)
                """,
                logger: logger
            )
            for try await row in rows {
                let invoice = try Self.invoice(row)
                let file = try Self.fileVersion(row, from: Self.columnCount, currentFileId: invoice.file.id)
                return (invoice, file, try row.makeRandomAccess()[Self.columnCount + Self.versionColumnCount].decode(Data.self))
            }
            return nil
        }
    }
}
