import Foundation
import Logging
import StaffbookCore

/// A PDF's ISDOC attachment (ISDOC.PDF), read by poppler in the `staffbook-pdf-attachments`
/// helper, a child process: a PDF that crashes or hangs the C library ends that process, never
/// the server's. The helper runs under resource limits it sets on itself before reading (CPU
/// seconds, address space, open files, no files written), is ended at the time limit for sure
/// (`ChildProcess`), and at most two run at once, on threads no other work uses
/// (`WorkPool.pdfHelpers`); more waiting than that are refused as busy.
struct PDFAttachmentReader: Sendable {
    /// The helper; nil when it was not found (PDFs are then read as having no ISDOC).
    let tool: URL?
    var timeout: Duration = .seconds(10)
    /// The helper's own address-space limit (poppler and a 10 MiB PDF fit in a fraction of it).
    var addressSpaceBytes = 1 << 30
    static let maximumOutput = ISDOCReader.maximumBytes

    enum Outcome: Sendable, Equatable {
        /// The attachment's bytes; `named`: its name says it is an ISDOC (`*.isdoc`), not only XML.
        case isdoc(Data, named: Bool)
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

    /// The attachment; throws `BlockingWorkError.busy` when as many helpers as may run are
    /// running and waiting. A cancelled request ends its helper at once.
    func isdoc(in pdf: Data) async throws -> Outcome {
        guard let tool else { return .none }
        let seconds = max(1, Int(timeout.components.seconds) + (timeout.components.attoseconds > 0 ? 1 : 0))
        let child = ChildProcess(
            executable: tool.path,
            arguments: ["--cpu-seconds", String(seconds), "--address-space-bytes", String(addressSpaceBytes), "--open-files", "16"],
            timeout: timeout, maximumOutput: Self.maximumOutput
        )
        let cancellation = ChildProcess.Cancellation()
        return try await withTaskCancellationHandler {
            try await WorkPool.pdfHelpers.run { Self.outcome(child.run(input: pdf, cancellation: cancellation)) }
        } onCancel: {
            cancellation.cancel()
        }
    }

    private static func outcome(_ ran: ChildProcess.Outcome) -> Outcome {
        switch ran {
        case .exited(status: 0, let output): .isdoc(output, named: true)
        case .exited(status: 4, let output): .isdoc(output, named: false)
        case .exited(status: 1, _): .none
        case .exited, .outputTooLarge, .timedOut, .signalled, .failedToStart: .unreadable
        }
    }
}
