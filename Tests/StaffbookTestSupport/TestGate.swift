import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How many tests hold a database and a running app at once, and how long one may take.
///
/// swift-testing starts every test at once; on two cores four hundred apps, their databases and
/// their timers then share the CPU, and a test's own bounds (a readiness answer within seconds, a
/// connection closed within its deadline) measure the crowd instead of the code. The gate lets
/// `STAFFBOOK_TEST_CONCURRENCY` tests (8 by default) run and the rest wait their turn.
///
/// A test that never ends would hold the run until CI's own limit, with nothing said of which one
/// it was: past `STAFFBOOK_TEST_HANG_SECONDS` (240 by default) of holding the gate, the process
/// names the test on standard error and exits.
package actor TestGate {
    package static let shared = TestGate(
        limit: Int(ProcessInfo.processInfo.environment["STAFFBOOK_TEST_CONCURRENCY"] ?? "") ?? 8
    )
    static let hangSeconds = Int(ProcessInfo.processInfo.environment["STAFFBOOK_TEST_HANG_SECONDS"] ?? "") ?? 240

    /// Set while a task holds the gate: a test that makes a second database passes straight in.
    @TaskLocal static var holding = false

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = max(1, limit) }

    private func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            // The slot passes to the first waiter as it is: `running` stays the same.
            waiting.removeFirst().resume()
        }
    }

    /// Runs `body` once a slot is free, under the hang watchdog.
    package static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        if holding { return try await body() }
        await shared.enter()
        let name = Test.current.map { "\($0.name) (\($0.sourceLocation.fileName):\($0.sourceLocation.line))" } ?? "a test"
        let watchdog = Task.detached {
            try await Task.sleep(for: .seconds(hangSeconds))
            FileHandle.standardError.write(Data("TEST HUNG: \(name) held its database for over \(hangSeconds) s; stopping the run.\n".utf8))
            exit(70)
        }
        defer {
            watchdog.cancel()
            Task { await shared.leave() }
        }
        return try await $holding.withValue(true) { try await body() }
    }
}
