import Foundation

/// RFC 4180 CSV with a UTF-8 byte order mark, so spreadsheet software reads Czech names right.
package struct CSVDocument {
    package var header: [String]
    package var rows: [[String]]

    package func data() -> Data {
        var text = "\u{FEFF}"
        for row in [header] + rows {
            text += row.map(Self.field).joined(separator: ",") + "\r\n"
        }
        return Data(text.utf8)
    }

    package static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "\"" || $0 == "," || $0 == "\r" || $0 == "\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }
}
