import Foundation

/// A file checked and ready to store, with its bytes.
package struct UploadedFile: Sendable {
    package var content: Data
    /// SHA-256 of `content`, when it was taken on the way in (an upload); nil has the store
    /// compute it (a file made here).
    package var sha256: Data?
    package var mediaType: String
    package var originalName: String?

    package var size: Int { content.count }

    package init(content: Data, sha256: Data?, mediaType: String, originalName: String?) {
        self.content = content
        self.sha256 = sha256
        self.mediaType = mediaType
        self.originalName = originalName
    }
}
