/// What we accept as a PDF: the `%PDF-` header and an `%%EOF` marker near the end.
enum PDFCheck {
    static func check(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: Array("%PDF-".utf8)) else { throw Problem(.notAPDF) }
        // Writers may append whitespace or a few bytes after the marker.
        let tail = bytes.suffix(1024)
        let marker = Array("%%EOF".utf8)
        guard tail.count >= marker.count,
              (tail.startIndex...(tail.endIndex - marker.count)).contains(where: { tail[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { throw Problem(.invalidPDF) }
    }
}
