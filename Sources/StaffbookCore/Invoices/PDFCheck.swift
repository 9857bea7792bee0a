/// What we accept as a PDF: the `%PDF-` header and an `%%EOF` marker near the end. Reads only
/// the file's first and last bytes, so it runs on an upload as it streams past.
package enum PDFCheck {
    /// How many bytes of each end the check reads.
    package static let endLength = 1024

    package static func check(head: [UInt8], tail: [UInt8]) throws(InvoiceError) {
        guard head.starts(with: Array("%PDF-".utf8)) else { throw .notAPDF }
        // Writers may append whitespace or a few bytes after the marker.
        let end = tail.suffix(endLength)
        let marker = Array("%%EOF".utf8)
        guard end.count >= marker.count,
            (end.startIndex...(end.endIndex - marker.count)).contains(where: { end[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { throw .invalidPDF }
    }
}
