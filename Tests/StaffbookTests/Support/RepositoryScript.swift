import Foundation
import StaffbookTestSupport

/// One of the repository's Python scripts, run from the repository's root.
enum RepositoryScript {
    /// Runs `scripts/<name>` with `arguments` and answers its exit status and output. The test
    /// waits without holding a thread of the concurrency pool, and the output goes to a file (a
    /// pipe's end inherited by another test's child process would keep a reader waiting for ever).
    static func run(_ name: String, _ arguments: [String] = []) async throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestDatabase.repositoryRoot.appendingPathComponent("scripts/\(name)").path] + arguments
        process.currentDirectoryURL = TestDatabase.repositoryRoot
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try handle.close()
        return (status, try String(contentsOf: log, encoding: .utf8))
    }
}
