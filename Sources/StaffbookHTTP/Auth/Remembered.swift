import Synchronization

/// One value remembered by this instance for a while, for facts that are cheap to look up again
/// and need not be exact (the usual cost of stored password hashes).
final class Remembered<Value: Sendable>: Sendable {
    private let entry = Mutex<(value: Value, at: ContinuousClock.Instant)?>(nil)
    private let maximumAge: Duration

    init(maximumAge: Duration) {
        self.maximumAge = maximumAge
    }

    /// The value, looked up with `lookUp` when there is none younger than the maximum age.
    func value(_ lookUp: () async throws -> Value) async rethrows -> Value {
        let now = ContinuousClock.now
        if let known = entry.withLock({ $0 }), now - known.at < maximumAge { return known.value }
        let value = try await lookUp()
        entry.withLock { $0 = (value, now) }
        return value
    }
}
