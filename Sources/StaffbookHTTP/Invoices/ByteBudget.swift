import StaffbookCore
import Synchronization

/// Lets work that holds `n` bytes in memory start only while the bytes already held stay within
/// a budget; the rest wait in arrival order. Uploads use it: a file being stored is in memory
/// twice (its buffer and the bind message), so the budget bounds what uploads cost however many
/// arrive at once. One item larger than the whole budget still runs, alone.
final class ByteBudget: Sendable {
    private struct Waiter {
        var bytes: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var used = 0
        var waiters: [Waiter] = []
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    func withBytes<Result>(_ bytes: Int, _ body: () async throws -> Result) async rethrows -> Result {
        await reserve(bytes)
        defer { release(bytes) }
        return try await body()
    }

    private func reserve(_ bytes: Int) async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.waiters.isEmpty, fits(bytes, used: state.used) else {
                    state.waiters.append(Waiter(bytes: bytes, continuation: continuation))
                    return false
                }
                state.used += bytes
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release(_ bytes: Int) {
        let ready = state.withLock { state in
            state.used -= bytes
            var ready: [CheckedContinuation<Void, Never>] = []
            while let next = state.waiters.first, fits(next.bytes, used: state.used) {
                state.used += next.bytes
                ready.append(state.waiters.removeFirst().continuation)
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    private func fits(_ bytes: Int, used: Int) -> Bool {
        used == 0 || used + bytes <= limit
    }
}
