import Metrics
import NIOCore
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

/// One open connection as shedding sees it: where its request is and how far it got, written
/// by the connection's own event loop (relaxed atomics on the read path), read rarely, by a
/// connection arriving at a full cap.
final class ConnectionProgress: Sendable {
    enum Phase: Int {
        case idle = 0, readingHead, readingBody, answering
    }

    let channel: any Channel
    private let phaseValue = Atomic<Int>(Phase.idle.rawValue)
    /// When the current phase began (the current request, once bytes of it arrive).
    private let since = Atomic<UInt64>(NIODeadline.now().uptimeNanoseconds)
    /// Bytes of the current request that arrived.
    private let received = Atomic<Int>(0)
    /// Chosen to be shed: never chosen twice.
    let shed = Atomic<Bool>(false)

    init(channel: any Channel) {
        self.channel = channel
    }

    var phase: Phase { Phase(rawValue: phaseValue.load(ordering: .relaxed)) ?? .idle }

    func enter(_ phase: Phase, resetting: Bool = false) {
        phaseValue.store(phase.rawValue, ordering: .relaxed)
        if resetting {
            since.store(NIODeadline.now().uptimeNanoseconds, ordering: .relaxed)
            received.store(0, ordering: .relaxed)
        }
    }

    func arrived(_ bytes: Int) { received.add(bytes, ordering: .relaxed) }

    /// Seconds in the phase, and bytes a second over them.
    func standing(now: UInt64) -> (seconds: Double, rate: Double) {
        let seconds = Double(now &- since.load(ordering: .relaxed)) / 1e9
        return (seconds, Double(received.load(ordering: .relaxed)) / max(seconds, 0.001))
    }
}

/// Which open connection gives way to one arriving at a full cap, so that a cap filled with
/// clients sending a byte now and then never refuses one that sends at normal speed: a kept-alive
/// connection idle the longest first, then the unfinished request arriving the slowest (past a
/// grace a request at any speed needs to get going). A request being answered is never shed.
enum Shedding {
    /// An unfinished request younger than this is not judged by its speed.
    static let grace = 1.0
    /// A kept-alive connection idle this long gives way first.
    static let idleGrace = 0.5

    static func victim(among open: [ConnectionProgress], now: UInt64) -> ConnectionProgress? {
        var idlest: (ConnectionProgress, Double)?
        var slowest: (ConnectionProgress, Double)?
        for connection in open where !connection.shed.load(ordering: .relaxed) {
            let (seconds, rate) = connection.standing(now: now)
            switch connection.phase {
            case .idle:
                guard seconds >= idleGrace else { continue }
                if idlest.map({ seconds > $0.1 }) ?? true { idlest = (connection, seconds) }
            case .readingHead, .readingBody:
                guard seconds >= grace else { continue }
                if slowest.map({ rate < $0.1 }) ?? true { slowest = (connection, rate) }
            case .answering:
                continue
            }
        }
        return idlest?.0 ?? slowest?.0
    }
}

/// The open connections of this instance, counted across event loops, in all and per client
/// address (an IPv6 address by its /64).
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)
    private let perAddress = Mutex<[String: Int]>([:])
    private let open = Mutex<[ObjectIdentifier: ConnectionProgress]>([:])
    private static let shedConnections = Counter(label: "staffbook_http_connections_shed_total")

    func register(_ connection: ConnectionProgress) { open.withLock { $0[ObjectIdentifier(connection)] = connection } }

    func unregister(_ connection: ConnectionProgress) { open.withLock { $0[ObjectIdentifier(connection)] = nil } }

    /// At a full cap: closes the connection that gives way (`Shedding`) and counts the new one in
    /// its place; false when none may give way.
    func shedForNew() -> Bool {
        let candidates = open.withLock { Array($0.values) }
        guard let victim = Shedding.victim(among: candidates, now: NIODeadline.now().uptimeNanoseconds),
            victim.shed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return false }
        Self.shedConnections.increment()
        victim.channel.close(promise: nil)
        count.add(1, ordering: .acquiringAndReleasing)
        return true
    }

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
