import Foundation
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// The PDF helper is a child process that ends on time whatever it does: it starts with no
/// signal blocked or ignored, it is killed when SIGTERM does not end it, and it limits its own
/// CPU time and memory before it reads a byte.
@Suite("Invoices: the PDF helper ends on time")
struct PDFHelperTests {
    @Test(.tags(.fourthProbe))
    func aChildThatIgnoresSIGTERMIsKilledAfterTheGrace() {
        let child = ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "trap '' TERM; while :; do :; done"], timeout: .milliseconds(200),
            grace: .milliseconds(200), maximumOutput: 1024)

        #expect(child.run(input: Data()) == .timedOut)
    }

    @Test(.tags(.fourthProbe))
    func theChildStartsWithNoSignalBlockedOrIgnoredWhateverItsParentBlocks() throws {
        // As the server's threads do: SIGTERM blocked here, SIGHUP ignored by the process.
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let previousHangUp = signal(SIGHUP, SIG_IGN)
        defer {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            _ = signal(SIGHUP, previousHangUp)
        }
        let child = ChildProcess(executable: "/bin/cat", arguments: ["/proc/self/status"], timeout: .seconds(5), maximumOutput: 1 << 16)

        guard case .exited(status: 0, let output) = child.run(input: Data()) else {
            Issue.record("cat did not run")
            return
        }
        func mask(_ name: String) -> UInt64? {
            String(decoding: output, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(name + ":\t") }
                .flatMap { UInt64($0.dropFirst(name.count + 2), radix: 16) }
        }
        let termAndHangUp: UInt64 = 1 << (UInt64(SIGTERM) - 1) | 1 << (UInt64(SIGHUP) - 1)
        #expect(mask("SigBlk") == 0)
        // glibc keeps its own two real-time signals (32, 33) as they are; none of ours is ignored.
        #expect(try #require(mask("SigIgn")) & termAndHangUp == 0)
        #expect(try #require(mask("SigIgn")) & 0x7FFF_FFFF == 0, "signals 1 to 31")
    }

    @Test func inputLargerThanThePipeReachesTheChildAndOutputComesBack() {
        let input = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0) })
        let child = ChildProcess(executable: "/bin/cat", timeout: .seconds(10), maximumOutput: 4 << 20)

        #expect(child.run(input: input) == .exited(status: 0, output: input))
        #expect(ChildProcess(executable: "/bin/cat", timeout: .seconds(10), maximumOutput: 1 << 20).run(input: input) == .outputTooLarge)
    }

    /// A PDF poppler needs seconds of CPU for: a dictionary of millions of nested arrays.
    static let slowPDF = Data(("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Names " + String(repeating: "[", count: 20_000_000) + " >>\nendobj\n%%EOF\n").utf8)

    @Test(.tags(.fourthProbe))
    func theHelperMeetsItsOwnCPULimitBeforeTheDeadline() throws {
        let tool = try #require(PDFAttachmentReader.locate(nil), "the helper is built beside the tests")
        let child = ChildProcess(
            executable: tool.path, arguments: ["--cpu-seconds", "1", "--address-space-bytes", String(8 << 30)], timeout: .seconds(60), maximumOutput: 1 << 20)

        let outcome = child.run(input: Self.slowPDF)

        #expect(outcome == .signalled(SIGXCPU) || outcome == .signalled(SIGKILL), "\(outcome)")
    }

    @Test(.tags(.fourthProbe))
    func theHelperCannotTakeMoreMemoryThanItsLimit() throws {
        let tool = try #require(PDFAttachmentReader.locate(nil))
        let child = ChildProcess(
            executable: tool.path, arguments: ["--address-space-bytes", String(96 << 20)], timeout: .seconds(60), maximumOutput: 1 << 20)

        let outcome = child.run(input: Self.slowPDF)

        #expect(outcome != .exited(status: 0, output: Data()) && outcome != .timedOut, "\(outcome)")
        if case .exited(status: 1, _) = outcome { Issue.record("read as a PDF without attachments: the limit did not hold") }
    }
}
