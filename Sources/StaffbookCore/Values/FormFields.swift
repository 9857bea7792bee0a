import Foundation

/// The fields of an `application/x-www-form-urlencoded` body, as a browser's form sends them:
/// `+` is a space, `%XX` a byte of UTF-8; a name whose escapes do not decode drops its field, a
/// value that does not decode reads as empty (the page then refuses it as missing), and of a
/// repeated name the last wins. One pass over the text; the caller bounds its length.
package enum FormFields {
    package static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
