import StaffbookCore
import Synchronization

/// An instance-local dictionary for caches that are only a shortcut: emptied when it reaches
/// its bound, so memory stays bounded however many distinct keys arrive.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let maximumEntries: Int

    init(maximumEntries: Int) {
        self.maximumEntries = maximumEntries
    }

    func value(for key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    func set(_ value: Value, for key: Key) {
        entries.withLock { entries in
            if entries.count >= maximumEntries { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    func removeValue(for key: Key) {
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }
}
