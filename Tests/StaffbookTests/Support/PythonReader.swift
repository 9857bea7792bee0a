import Foundation

/// Runs a Python program on a file of `data` (its path is `sys.argv[1]`) and returns what it
/// printed: how tests read our files back with libraries that are not ours.
enum PythonReader {
    static func output(of program: String, reading data: Data, suffix: String, library: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).\(suffix)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure("\(library) could not read the file: \(String(decoding: err, as: UTF8.self))")
        }
        return out
    }
}
