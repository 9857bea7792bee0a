import Foundation

/// Reads a workbook with Python's openpyxl (installed by `make test`), so our XLSX is checked by
/// a reader that is not ours. Returns the first sheet's cell values, row by row, as text.
enum OpenPyXL {
    static func cells(of data: Data) throws -> [[String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).xlsx")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys, openpyxl
            sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
            print(json.dumps([["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure("openpyxl could not read the workbook: \(String(decoding: err, as: UTF8.self))")
        }
        return try JSONDecoder().decode([[String]].self, from: out)
    }
}
