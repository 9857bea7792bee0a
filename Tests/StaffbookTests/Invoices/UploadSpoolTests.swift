import Crypto
import Foundation
import NIOCore
import Synchronization
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Upload spool and byte budget")
struct UploadSpoolTests {
    @Test func aSpooledFileLoadsBackWholeWithItsChecksumSizeAndEnds() async throws {
        let bytes = Array("%PDF-1.7\n".utf8) + (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) } + Array("\n%%EOF\n".utf8)
        let spool = try UploadSpool()

        for start in stride(from: 0, to: bytes.count, by: 65_536) {
            try spool.append(bytes[start..<min(start + 65_536, bytes.count)])
        }
        let loaded = try await spool.load()

        #expect(spool.size == bytes.count)
        #expect(Array(loaded) == bytes)
        #expect(spool.sha256 == Data(SHA256.hash(data: bytes)))
        #expect(spool.head == Array(bytes.prefix(PDFCheck.endLength)))
        #expect(Array(spool.tail.suffix(PDFCheck.endLength)) == Array(bytes.suffix(PDFCheck.endLength)))
        try PDFCheck.check(head: spool.head, tail: spool.tail)
    }

    @Test func theSpoolFileIsRemovedWithTheSpool() throws {
        let directory = NSTemporaryDirectory()
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("staffbook-upload-") }
        do {
            let spool = try UploadSpool(directory: directory)
            try spool.append(ArraySlice(Array("%PDF-".utf8)))
            let during = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("staffbook-upload-") }
            #expect(during.count == before.count + 1)
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("staffbook-upload-") }
        #expect(Set(after) == Set(before))
    }

    @Test func theByteBudgetHoldsBackWorkThatWouldExceedItAndLetsAnOversizedItemRunAlone() async throws {
        let budget = ByteBudget(limit: 10)
        let peak = PeakCounter()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for bytes in [4, 4, 4, 25, 4, 4] {
                group.addTask {
                    try await budget.withBytes(bytes) {
                        peak.enter(bytes)
                        try await Task.sleep(for: .milliseconds(20))
                        peak.leave(bytes)
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(peak.maximum == 25)
        #expect(peak.maximumAlongsideOthers <= 10)
    }
}

/// Tracks the bytes held at once, and the most held while more than one item ran.
private final class PeakCounter: Sendable {
    private struct State {
        var held = 0, running = 0, maximum = 0, maximumAlongsideOthers = 0
    }

    private let state = Mutex(State())

    func enter(_ bytes: Int) {
        state.withLock { state in
            state.held += bytes
            state.running += 1
            state.maximum = max(state.maximum, state.held)
            if state.running > 1 { state.maximumAlongsideOthers = max(state.maximumAlongsideOthers, state.held) }
        }
    }

    func leave(_ bytes: Int) {
        state.withLock { state in
            state.held -= bytes
            state.running -= 1
        }
    }

    var maximum: Int { state.withLock { $0.maximum } }
    var maximumAlongsideOthers: Int { state.withLock { $0.maximumAlongsideOthers } }
}
