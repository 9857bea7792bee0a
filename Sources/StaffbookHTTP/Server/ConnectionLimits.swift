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
    /// A whole body must arrive within `bodyProgressTimeout` plus its length at this rate: a
    /// client sending a byte now and then cannot hold a connection for ever.
    var bodyMinimumBytesPerSecond: Int = 8192
    /// The length a body without `Content-Length` (chunked) is given its deadline for.
    var bodyAssumedBytes: Int = 10 << 20
    /// Connections from one client address past this many are closed as they are accepted, so
    /// one address cannot take the whole of `maxConnections`.
    var maxConnectionsPerAddress: Int = 64
    /// Addresses not capped per address: a reverse proxy in front, whose connections carry
    /// everyone's requests.
    var uncappedAddresses: Set<String> = []

    /// When a body of `length` bytes (nil: unknown) that starts now must have arrived.
    func bodyDeadline(length: Int?) -> Duration {
        let bytes = max(0, min(length ?? bodyAssumedBytes, 1 << 40))
        return bodyProgressTimeout + .milliseconds(bytes * 1000 / max(bodyMinimumBytesPerSecond, 1))
    }
}

/// The open connections of this instance, counted across event loops, in all and per client
/// address.
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)
    private let perAddress = Mutex<[String: Int]>([:])

    /// Counts one more connection from `address` unless `limit` are open from it already.
    func tryOpen(address: String, limit: Int) -> Bool {
        perAddress.withLock { counts in
            let current = counts[address, default: 0]
            guard current < limit else { return false }
            counts[address] = current + 1
            return true
        }
    }

    func close(address: String) {
        perAddress.withLock { counts in
            let left = counts[address, default: 1] - 1
            counts[address] = left > 0 ? left : nil
        }
    }

    func current(address: String) -> Int { perAddress.withLock { $0[address, default: 0] } }

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
