import Synchronization

/// How long a client may take and how many may be connected, per instance.
struct ConnectionLimits: Sendable {
    /// A request's head must arrive within this time: from the connection's start for its first
    /// request, from its first byte for the next ones.
    var requestHeadTimeout: Duration = .seconds(10)
    /// A kept-alive connection with no request for this long is closed.
    var idleTimeout: Duration = .seconds(60)
    /// A request body that sends no byte for this long (while the server is reading) is ended.
    var bodyProgressTimeout: Duration = .seconds(30)
    /// Connections past this many are closed as they are accepted, not queued.
    var maxConnections: Int = 1000
}

/// The open connections of this instance, counted across event loops.
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more connection unless `limit` are open already.
    func tryOpen(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func close() {
        count.subtract(1, ordering: .acquiringAndReleasing)
    }

    var current: Int { count.load(ordering: .relaxed) }
}
