import Foundation

/// RFC 4180 CSV, by default with a UTF-8 byte order mark, so spreadsheet software reads Czech
/// names right (files for other tools' importers go without).
package struct CSVDocument {
    package var header: [String]
    package var rows: [[String]]
    package var byteOrderMark: Bool

    package init(header: [String], rows: [[String]], byteOrderMark: Bool = true) {
        self.header = header
        self.rows = rows
        self.byteOrderMark = byteOrderMark
    }

    package func data() -> Data {
        var text = byteOrderMark ? "\u{FEFF}" : ""
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

/// Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), as other tools write it.
package enum CSVReader {
    /// The rows, each a list of fields; a byte order mark and blank lines are skipped. Nil when
    /// a quote is never closed.
    package static func rows(_ text: String) -> [[String]]? {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var afterQuote = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        func endRow() {
            row.append(field)
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
            field = ""
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
            case ",":
                row.append(field)
                field = ""
                afterQuote = false
            case "\r":
                if pending == "\n" { pending = iterator.next() }
                endRow()
                afterQuote = false
            case "\n":
                endRow()
                afterQuote = false
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { return nil }
        if !field.isEmpty || !row.isEmpty { endRow() }
        return rows
    }

    /// A cell as written before `CSVDocument.neutralized` guarded it.
    package static func unneutralized(_ value: String) -> String {
        guard value.hasPrefix("'"), let second = value.unicodeScalars.dropFirst().first,
            ["=", "+", "-", "@", "\t", "\r"].contains(second)
        else { return value }
        return String(value.dropFirst())
    }
}
