import Foundation

/// RFC 4180 CSV with a UTF-8 byte order mark, so spreadsheet software reads Czech names right.
package struct CSVDocument {
    package var header: [String]
    package var rows: [[String]]

    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    package func data() -> Data {
        var text = "\u{FEFF}"
        for row in [header] + rows {
            text += row.map(Self.field).joined(separator: ",") + "\r\n"
        }
        return Data(text.utf8)
    }

    /// One cell: neutralised when a spreadsheet would read it as a formula, then quoted as
    /// RFC 4180 asks.
    package static func field(_ value: String) -> String {
        let text = neutralized(value)
        guard text.contains(where: { $0 == "\"" || $0 == "," || $0 == "\r" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to
    /// spreadsheet software (a name such as `=HYPERLINK(…)` would run on the accountant's
    /// machine): as OWASP recommends, a leading apostrophe makes it text.
    package static func neutralized(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return value }
        return "'" + value
    }
}
