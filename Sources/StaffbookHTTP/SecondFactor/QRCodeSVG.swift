import CQRencode
import Foundation

/// A QR code as SVG, made by libqrencode: one path of unit squares on a white background with
/// the four-module quiet zone scanners need. Used for our own `otpauth://` URIs only.
enum QRCodeSVG {
    /// Nil when the text does not fit a QR code (it always does for an enrolment URI).
    static func svg(_ text: String, title: String) -> String? {
        guard let code = text.withCString({ QRcode_encodeString8bit($0, 0, QR_ECLEVEL_M) }) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, width <= 177, let data = code.pointee.data else { return nil }
        let quiet = 4
        let size = width + 2 * quiet
        var path = ""
        path.reserveCapacity(width * width * 4)
        for row in 0..<width {
            for column in 0..<width where data[row * width + column] & 1 == 1 {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        let escapedTitle = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" width="\(size * 6)" height="\(size * 6)" \
            role="img" aria-label="\(escapedTitle.replacingOccurrences(of: "\"", with: "&quot;"))" shape-rendering="crispEdges">\
            <title>\(escapedTitle)</title><rect width="\(size)" height="\(size)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}
