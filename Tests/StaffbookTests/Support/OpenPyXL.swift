import Foundation

/// Reads a workbook with Python's openpyxl (installed by `make test`), so our XLSX is checked by
/// a reader that is not ours.
enum OpenPyXL {
    /// The first sheet's cell values, row by row, as text.
    static func cells(of data: Data) throws -> [[String]] {
        try read(data).rows.map { $0.map(\.value) }
    }

    /// The first sheet as a spreadsheet shows it: values, kinds, number formats, fonts, column
    /// widths, frozen rows, filter and print setup.
    struct Sheet: Decodable {
        struct Cell: Decodable {
            var ref: String
            /// Text as stored; a number as Python prints it; a date as `YYYY-MM-DD`; a formula as
            /// its text (`=SUM(…)`).
            var value: String
            /// The value a reader that does not calculate shows for a formula; else `value`.
            var cached: String
            /// `text`, `number`, `date`, `formula` or `empty`.
            var kind: String
            var format: String
            var bold: Bool
            var wrap: Bool
        }

        var title: String
        var rows: [[Cell]]
        /// Column letter → width in characters.
        var widths: [String: Double]
        var freeze: String?
        var autoFilter: String?
        var fitToWidth: Int?
        var fitToPage: Bool
        var orientation: String?

        /// The row whose first cell is `text`.
        func row(startingWith text: String) -> [Cell]? {
            rows.first { $0.first?.value == text }
        }

        /// The longest text of each column, as shown (title rows that run across excepted).
        func longestText(column letter: String, skippingRows skipped: Int = 1) -> Int {
            rows.dropFirst(skipped).compactMap { row in row.first { $0.ref.hasPrefix(letter) && $0.ref.dropFirst(letter.count).allSatisfy(\.isNumber) } }
                .filter { $0.kind == "text" }.map(\.value.count).max() ?? 0
        }
    }

    static func read(_ data: Data) throws -> Sheet {
        let script = """
            import datetime, json, sys, openpyxl
            sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
            cached = openpyxl.load_workbook(sys.argv[1], data_only=True).worksheets[0]
            def text(v):
                if v is None: return ""
                if isinstance(v, datetime.datetime): return v.date().isoformat()
                if isinstance(v, datetime.date): return v.isoformat()
                return str(v)
            def kind(v):
                if v is None: return "empty"
                if isinstance(v, (datetime.date, datetime.datetime)): return "date"
                if isinstance(v, (int, float)): return "number"
                if isinstance(v, str) and v.startswith("="): return "formula"
                return "text"
            rows = [[{"ref": c.coordinate, "value": text(c.value), "cached": text(cached[c.coordinate].value), "kind": kind(c.value),
                      "format": c.number_format, "bold": bool(c.font is not None and c.font.b),
                      "wrap": bool(c.alignment is not None and c.alignment.wrap_text)} for c in row]
                    for row in sheet.iter_rows()]
            setup = sheet.sheet_properties.pageSetUpPr
            print(json.dumps({"title": sheet.title, "rows": rows,
                              "widths": {k: v.width for k, v in sheet.column_dimensions.items()},
                              "freeze": sheet.freeze_panes, "autoFilter": sheet.auto_filter.ref,
                              "fitToWidth": sheet.page_setup.fitToWidth, "fitToPage": bool(setup is not None and setup.fitToPage),
                              "orientation": sheet.page_setup.orientation}))
            """
        let out = try PythonReader.output(of: script, reading: data, suffix: "xlsx", library: "openpyxl")
        return try JSONDecoder().decode(Sheet.self, from: out)
    }
}
