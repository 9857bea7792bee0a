import Foundation

/// A one-sheet Office Open XML workbook (`.xlsx`) with a shared styles part: text as inline
/// strings (never formulas), numbers and dates as numbers with their formats, a bold header,
/// column widths that fit the content, a frozen header, an optional autofilter, and printing
/// one page wide.
package struct XLSXWorkbook {
    package enum Style: Int, Sendable, CaseIterable {
        case plain = 0
        case bold
        case title
        /// `1 234,50 Kč` in a Czech spreadsheet (`#,##0.00 "Kč"`).
        case money
        case moneyBold
        /// `1 234,50`.
        case decimal
        case decimalBold
        case integer
        case integerBold
        /// `23.11.2026`.
        case date
        /// Text wrapped onto more lines within a column at most `wrappedWidth` wide.
        case wrapped
        /// `1 234,50 €` (`#,##0.00 "€"`).
        case moneyEUR
        case moneyEURBold

        /// Money in `currency` (CZK's style for any other).
        package static func money(_ currency: String, bold: Bool = false) -> Style {
            switch (currency, bold) {
            case ("EUR", false): .moneyEUR
            case ("EUR", true): .moneyEURBold
            case (_, false): .money
            case (_, true): .moneyBold
            }
        }
    }

    /// The widest a column of wrapped text grows, in characters.
    package static let wrappedWidth = 40.0

    package enum Cell: Equatable, Sendable {
        case text(String, Style = .plain)
        case number(Decimal, Style = .decimal)
        case date(CalendarDay)
        /// A formula with its value as last computed, so readers that do not calculate see it.
        case formula(String, cached: Decimal, Style)
        case empty
    }

    package static let mediaType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    package var sheetName: String
    package var rows: [[Cell]]
    /// Rows above this one stay on screen when scrolling (1-based); nil: none.
    package var frozenRows: Int?
    /// `A5:G20`: the rows a filter applies to, with their header.
    package var autoFilter: String?
    package var landscape = false

    package init(sheetName: String, rows: [[Cell]], frozenRows: Int? = nil, autoFilter: String? = nil) {
        self.sheetName = sheetName
        self.rows = rows
        self.frozenRows = frozenRows
        self.autoFilter = autoFilter
    }

    package func data() -> Data {
        var zip = ZIPArchive()
        zip.add(path: "[Content_Types].xml", contents: Data(Self.contentTypes.utf8))
        zip.add(path: "_rels/.rels", contents: Data(Self.rootRelationships.utf8))
        zip.add(path: "xl/workbook.xml", contents: Data(workbookXML().utf8))
        zip.add(path: "xl/_rels/workbook.xml.rels", contents: Data(Self.workbookRelationships.utf8))
        zip.add(path: "xl/styles.xml", contents: Data(Self.styles.utf8))
        zip.add(path: "xl/worksheets/sheet1.xml", contents: Data(sheetXML().utf8))
        return zip.finished()
    }

    /// Widths (in characters) that fit each column's own values, within 8 to 60. Above the
    /// table (the rows before its header, the last frozen row) a row's last value runs across
    /// the empty cells to its right, so it widens no column: a long line over the table must
    /// not make a table column wide, and the sheet print small to fit the page.
    package var columnWidths: [Double] {
        var widths: [Double] = []
        let tableHeader = (frozenRows ?? 1) - 1
        for (rowIndex, row) in rows.enumerated() {
            let overflowing = rowIndex < tableHeader ? row.lastIndex { $0 != .empty } : nil
            for (index, cell) in row.enumerated() {
                var width: Double
                switch cell {
                case .text(let text, let style):
                    // A title may run across empty cells to its right: it does not widen its column.
                    width = style == .title ? 0 : Double(text.count) * 1.15 + 2
                    if style == .wrapped { width = min(width, Self.wrappedWidth) }
                case .number(let number, _), .formula(_, let number, _): width = Double(Money.format(number).count + 5) * 1.15 + 2
                case .date: width = 10 * 1.15 + 2
                case .empty: width = 0
                }
                if index == overflowing { width = 0 }
                if widths.count <= index { widths.append(8) }
                widths[index] = max(widths[index], min(60, width))
            }
        }
        return widths
    }

    private func workbookXML() -> String {
        var defined = ""
        if let autoFilter {
            let range = autoFilter.split(separator: ":").map { Self.absolute(String($0)) }.joined(separator: ":")
            defined =
                #"<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'\#(Self.escape(sheet))'!\#(range)</definedName></definedNames>"#
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
            xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
            <sheets><sheet name="\(Self.escape(sheet))" sheetId="1" r:id="rId1"/></sheets>\(defined)</workbook>
            """
    }

    /// The sheet's name as spreadsheets allow it: at most 31 characters, none of `[]:*?/\`.
    private var sheet: String {
        String(sheetName.filter { !"[]:*?/\\".contains($0) }.prefix(31))
    }

    private func sheetXML() -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
        xml += #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" "#
        xml += #"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">"#
        xml += #"<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>"#
        let lastColumn = max(1, rows.map(\.count).max() ?? 1)
        xml += #"<dimension ref="A1:\#(Self.column(lastColumn - 1))\#(max(rows.count, 1))"/>"#
        xml += #"<sheetViews><sheetView workbookViewId="0">"#
        if let frozenRows, frozenRows > 0 {
            xml += #"<pane ySplit="\#(frozenRows)" topLeftCell="A\#(frozenRows + 1)" activePane="bottomLeft" state="frozen"/>"#
        }
        xml += "</sheetView></sheetViews>"
        xml += #"<sheetFormatPr defaultRowHeight="15"/><cols>"#
        for (index, width) in columnWidths.enumerated() {
            xml += #"<col min="\#(index + 1)" max="\#(index + 1)" width="\#(String(format: "%.1f", width))" customWidth="1"/>"#
        }
        xml += "</cols><sheetData>"
        let widths = columnWidths
        for (rowIndex, row) in rows.enumerated() {
            // Spreadsheets do not all grow a row to its wrapped text: the row says its height.
            let lines =
                row.enumerated().map { index, cell in
                    guard case .text(let text, .wrapped) = cell, index < widths.count else { return 1 }
                    return Self.lines(text, width: widths[index])
                }.max() ?? 1
            xml += lines > 1 ? #"<row r="\#(rowIndex + 1)" ht="\#(lines * 15)" customHeight="1">"# : #"<row r="\#(rowIndex + 1)">"#
            for (columnIndex, cell) in row.enumerated() {
                let reference = Self.column(columnIndex) + String(rowIndex + 1)
                switch cell {
                case .text(let text, let style):
                    xml +=
                        #"<c r="\#(reference)" s="\#(style.rawValue)" t="inlineStr"><is><t xml:space="preserve">\#(Self.escape(text))</t></is></c>"#
                case .number(let number, let style):
                    xml += #"<c r="\#(reference)" s="\#(style.rawValue)"><v>\#(Self.number(number))</v></c>"#
                case .date(let day):
                    // Spreadsheet dates count days from 1899-12-30.
                    xml += #"<c r="\#(reference)" s="\#(Style.date.rawValue)"><v>\#(day.daysSinceEpoch + 25569)</v></c>"#
                case .formula(let formula, let cached, let style):
                    xml += #"<c r="\#(reference)" s="\#(style.rawValue)"><f>\#(Self.escape(formula))</f><v>\#(Self.number(cached))</v></c>"#
                case .empty:
                    break
                }
            }
            xml += "</row>"
        }
        xml += "</sheetData>"
        if let autoFilter { xml += #"<autoFilter ref="\#(autoFilter)"/>"# }
        xml += #"<printOptions gridLines="0"/>"#
        xml += #"<pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/>"#
        xml += #"<pageSetup paperSize="9" orientation="\#(landscape ? "landscape" : "portrait")" fitToWidth="1" fitToHeight="0"/>"#
        return xml + "</worksheet>"
    }

    /// The lines `text` wraps onto in a column `width` characters wide, word by word.
    static func lines(_ text: String, width: Double) -> Int {
        let perLine = max(1, Int((width - 2) / 1.15))
        var lines = 1, used = 0
        for word in text.split(separator: " ") {
            let needed = used == 0 ? word.count : used + 1 + word.count
            if needed > perLine, used > 0 {
                lines += 1
                used = word.count
            } else {
                used = needed
            }
        }
        return lines
    }

    private static func number(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).stringValue
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

    /// `A5` → `$A$5`.
    private static func absolute(_ reference: String) -> String {
        let letters = reference.prefix { $0.isLetter }
        return "$\(letters)$\(reference.dropFirst(letters.count))"
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

    private static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
        <Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
        <Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
        </Types>
        """

    private static let rootRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>\
        </Relationships>
        """

    private static let workbookRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>\
        <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>\
        </Relationships>
        """

    /// The cell formats, in `Style` order: fonts 0 regular, 1 bold, 2 bold and larger; number
    /// formats 164 money (Kč), 165 date, 166 money (€) (3 is the built-in `#,##0`, 4 `#,##0.00`).
    private static let styles = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
        <numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.00\\ &quot;Kč&quot;"/>\
        <numFmt numFmtId="165" formatCode="d\\.m\\.yyyy"/><numFmt numFmtId="166" formatCode="#,##0.00\\ &quot;€&quot;"/></numFmts>\
        <fonts count="3"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
        <font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
        <font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font></fonts>\
        <fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
        <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
        <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
        <cellXfs count="13">\
        <xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
        <xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
        <xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
        <xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
        <xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>\
        <xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
        <xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>\
        <xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
        <xf numFmtId="3" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>\
        <xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
        <xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1"/></xf>\
        <xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
        <xf numFmtId="166" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>\
        </cellXfs>\
        <cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
        </styleSheet>
        """
}
