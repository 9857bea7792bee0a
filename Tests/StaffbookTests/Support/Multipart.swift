import Foundation
import HTTPTypes
import NIOCore
import StaffbookTestSupport

/// A `multipart/form-data` body as a browser or the app would send it.
struct Multipart {
    static let boundary = "staffbook-test-boundary-7MA4YWxkTrZu0gW"

    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var bytes: [UInt8]
    }

    static func body(_ parts: [Part]) -> ByteBuffer {
        var buffer = ByteBuffer()
        for part in parts {
            buffer.writeString("--\(boundary)\r\n")
            var disposition = "Content-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { disposition += "; filename=\"\(filename)\"" }
            buffer.writeString(disposition + "\r\n")
            if let type = part.contentType { buffer.writeString("Content-Type: \(type)\r\n") }
            buffer.writeString("\r\n")
            buffer.writeBytes(part.bytes)
            buffer.writeString("\r\n")
        }
        buffer.writeString("--\(boundary)--\r\n")
        return buffer
    }

    static let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]

    static var demoPDF: [UInt8] {
        Array(try! Data(contentsOf: TestDatabase.seedsDirectory.appendingPathComponent("demo-invoice.pdf")))
    }

    static func invoice(pdf: [UInt8] = demoPDF, amount: String = "42000.50", filename: String = "faktura.pdf") -> ByteBuffer {
        body([
            Part(name: "file", filename: filename, contentType: "application/pdf", bytes: pdf),
            Part(name: "amount", bytes: Array(amount.utf8)),
        ])
    }
}

extension Multipart {
    /// An upload with its file, an ISDOC beside it, and text fields in the given order.
    static func upload(
        file: Data, filename: String = "faktura.pdf", contentType: String = "application/pdf", isdoc: Data? = nil,
        fields: KeyValuePairs<String, String> = [:]
    ) -> ByteBuffer {
        var parts = [Part(name: "file", filename: filename, contentType: contentType, bytes: Array(file))]
        if let isdoc { parts.append(Part(name: "isdoc", filename: "faktura.isdoc", contentType: "application/xml", bytes: Array(isdoc))) }
        parts += fields.map { Part(name: $0.key, bytes: Array($0.value.utf8)) }
        return body(parts)
    }
}
