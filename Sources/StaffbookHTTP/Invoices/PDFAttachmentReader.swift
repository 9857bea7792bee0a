import Foundation
import Logging
import NIOPosix

/// A PDF's ISDOC attachment (ISDOC.PDF), read by poppler in the `staffbook-pdf-attachments`
/// helper, a child process: a PDF that crashes or hangs the C library ends that process, within
/// a time limit, never the server's.
struct PDFAttachmentReader: Sendable {
    /// The helper; nil when it was not found (PDFs are then read as having no ISDOC).
    let tool: URL?
    var timeout: Duration = .seconds(10)
    static let maximumOutput = 4 << 20

    enum Outcome: Sendable, Equatable {
        case isdoc(Data)
        case none
        /// Not a PDF poppler can open, or the helper failed or ran out of time.
        case unreadable
    }

    /// The helper beside the running executable (`.build/debug/`, `/app/`), or where `path` says.
    static func locate(_ path: String?) -> URL? {
        if let path, !path.isEmpty { return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil }
        let directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [directory, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("staffbook-pdf-attachments") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    func isdoc(in pdf: Data) async -> Outcome {
        guard let tool else { return .none }
        let timeout = self.timeout
        return await withCheckedContinuation { continuation in
            NIOThreadPool.singleton.submit { state in
                guard case .active = state else { return continuation.resume(returning: .unreadable) }
                continuation.resume(returning: Self.run(tool, input: pdf, timeout: timeout))
            }
        }
    }

    /// Runs the helper to its end (or kills it at the time limit), on a thread of the blocking pool.
    private static func run(_ tool: URL, input: Data, timeout: Duration) -> Outcome {
        let process = Process()
        process.executableURL = tool
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .unreadable
        }
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout.components.seconds * 1000)), execute: killer)
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        var output = Data()
        while output.count <= maximumOutput, let chunk = try? stdout.fileHandleForReading.read(upToCount: 65536), !chunk.isEmpty {
            output.append(chunk)
        }
        if output.count > maximumOutput, process.isRunning { process.terminate() }
        process.waitUntilExit()
        killer.cancel()
        guard process.terminationReason == .exit else { return .unreadable }
        switch process.terminationStatus {
        case 0: return output.count <= maximumOutput ? .isdoc(output) : .unreadable
        case 1: return .none
        default: return .unreadable
        }
    }
}
