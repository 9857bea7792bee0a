import Foundation

/// The newest file of an invoice, without its bytes.
package struct InvoiceFile: Sendable, Equatable {
    package var id: UUID
    package var mediaType: String
    package var size: Int
    /// SHA-256, hex: also the download's `ETag`.
    package var sha256: String

    package init(id: UUID, mediaType: String, size: Int, sha256: String) {
        self.id = id
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
    }
}
