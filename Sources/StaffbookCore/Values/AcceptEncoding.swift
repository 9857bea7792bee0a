import Foundation

/// What a request's `Accept-Encoding` allows, for the answers we compress.
package enum AcceptEncoding {
    /// Whether `value` takes gzip: `gzip`, `x-gzip` or `*` named without `q=0`. Linear in the
    /// value; anything unreadable takes nothing.
    package static func allowsGzip(_ value: String?) -> Bool {
        guard let value else { return false }
        for item in value.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0] == "q" else { continue }
                // A weight is at most "1.000": longer text is no weight, so the gzip is refused.
                guard pair[1].count <= 5, let weight = Double(pair[1]) else { return false }
                if weight <= 0 { return false }
            }
            return true
        }
        return false
    }
}
