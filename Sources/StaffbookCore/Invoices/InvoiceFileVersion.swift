import Foundation

/// One of the files an invoice has had: the first upload is version 1.
package struct InvoiceFileVersion: Sendable, Equatable {
    package var id: UUID
    package var version: Int
    package var mediaType: String
    package var size: Int
    /// SHA-256, hex.
    package var sha256: String
    package var uploadedAt: Date
    /// Nil for a statement the monthly run generated.
    package var uploadedBy: PersonRef?
    package var isCurrent: Bool
    /// What this version's upload said (nil for a statement, or a file from before invoices had
    /// data).
    package var data: InvoiceData?

    package init(
        id: UUID, version: Int, mediaType: String, size: Int, sha256: String, uploadedAt: Date, uploadedBy: PersonRef?, isCurrent: Bool,
        data: InvoiceData? = nil
    ) {
        self.id = id
        self.version = version
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
        self.uploadedAt = uploadedAt
        self.uploadedBy = uploadedBy
        self.isCurrent = isCurrent
        self.data = data
    }
}
