import Synchronization

/// Lets at most `limit` of one kind of costly work run at once in this instance; past that the
/// caller is told at once to come back (no queue that could hold connections or memory).
final class ConcurrencyGate: Sendable {
    private let limit: Int
    private let running = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `body` if a place is free; nil without running it when all are taken.
    func ifFree<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result? {
        let entered = running.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard entered else { return nil }
        defer { running.withLock { $0 -= 1 } }
        return try await body()
    }
}
