import Foundation

/// A one-sheet Office Open XML workbook (`.xlsx`): text as inline strings, numbers as numbers.
package struct XLSXWorkbook {
    package enum Cell: Equatable {
        case text(String)
        case number(Decimal)
        case empty
    }

    package static let mediaType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    package var sheetName: String
    package var rows: [[Cell]]

    package func data() -> Data {
        var zip = ZIPArchive()
        zip.add(
            path: "[Content_Types].xml",
            contents: Data(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
                <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
                <Default Extension="xml" ContentType="application/xml"/>\
                <Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
                <Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
                </Types>
                """.utf8))
        zip.add(
            path: "_rels/.rels",
            contents: Data(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
                <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>\
                </Relationships>
                """.utf8))
        zip.add(
            path: "xl/workbook.xml",
            contents: Data(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
                xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
                <sheets><sheet name="\(Self.escape(String(sheetName.prefix(31))))" sheetId="1" r:id="rId1"/></sheets>\
                </workbook>
                """.utf8))
        zip.add(
            path: "xl/_rels/workbook.xml.rels",
            contents: Data(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
                <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>\
                </Relationships>
                """.utf8))
        zip.add(path: "xl/worksheets/sheet1.xml", contents: Data(sheetXML().utf8))
        return zip.finished()
    }

    private func sheetXML() -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
        xml += #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#
        for (rowIndex, row) in rows.enumerated() {
            xml += #"<row r="\#(rowIndex + 1)">"#
            for (columnIndex, cell) in row.enumerated() {
                let reference = Self.column(columnIndex) + String(rowIndex + 1)
                switch cell {
                case .text(let text):
                    xml += #"<c r="\#(reference)" t="inlineStr"><is><t xml:space="preserve">\#(Self.escape(text))</t></is></c>"#
                case .number(let number):
                    xml += #"<c r="\#(reference)"><v>\#(NSDecimalNumber(decimal: number).stringValue)</v></c>"#
                case .empty:
                    break
                }
            }
            xml += "</row>"
        }
        return xml + "</sheetData></worksheet>"
    }

    /// 0 → A, 25 → Z, 26 → AA.
    package static func column(_ index: Int) -> String {
        var index = index
        var name = ""
        repeat {
            name = String(UnicodeScalar(UInt8(65 + index % 26))) + name
            index = index / 26 - 1
        } while index >= 0
        return name
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML 1.0 cannot carry most control characters; drop them.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    package init(sheetName: String, rows: [[Cell]]) {
        self.sheetName = sheetName
        self.rows = rows
    }
}
