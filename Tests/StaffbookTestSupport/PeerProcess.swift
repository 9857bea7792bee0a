import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A protocol peer from `scripts/` run as a child for a test (the SMTP sink, the APNs endpoint):
/// started on a free port it writes to a file, ended with SIGKILL and reaped.
public final class PeerProcess: @unchecked Sendable {
    public let port: Int
    private let process: Process

    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `python3 scripts/<script> <arguments> --port 0 --port-file <portFile>` and waits for the port.
    public init(script: String, arguments: [String], portFile: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Self.repositoryRoot.appendingPathComponent("scripts/\(script)").path] + arguments + ["--port-file", portFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: portFile) {
            guard Date() < deadline else { throw PeerError.didNotStart(script) }
            usleep(50_000)
        }
        guard let text = try? String(contentsOfFile: portFile, encoding: .utf8), let chosen = Int(text) else {
            throw PeerError.didNotStart(script)
        }
        port = chosen
    }

    public enum PeerError: Error {
        case didNotStart(String)
    }

    /// Ends the peer at once. Foundation's `waitUntilExit` spins a run loop, which blocks a
    /// thread of the concurrency pool; the child is reaped with `waitpid` instead.
    public func stop() {
        let pid = process.processIdentifier
        guard pid > 0, kill(pid, 0) == 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    deinit {
        stop()
    }
}
