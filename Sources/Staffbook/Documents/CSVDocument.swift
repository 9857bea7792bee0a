import Foundation

/// RFC 4180 CSV with a UTF-8 byte order mark, so spreadsheet software reads Czech names right.
struct CSVDocument {
    var header: [String]
    var rows: [[String]]

    func data() -> Data {
        var text = "\u{FEFF}"
        for row in [header] + rows {
            text += row.map(Self.field).joined(separator: ",") + "\r\n"
        }
        return Data(text.utf8)
    }

    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "\"" || $0 == "," || $0 == "\r" || $0 == "\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
