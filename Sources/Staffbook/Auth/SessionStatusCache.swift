import Foundation
import Synchronization

/// Remembers for a moment whether a session is live and which roles its account has, so most
/// requests need no database round trip, while a sign-out or deactivation on any instance
/// reaches every instance within the TTL.
final class SessionStatusCache: Sendable {
    private struct Entry {
        var status: SessionStatus
        var checkedAt: ContinuousClock.Instant
    }

    private let sessions: any SessionRepository
    private let clock: any AppClock
    private let ttl: Duration
    private let entries = Mutex<[UUID: Entry]>([:])
    /// Bounds memory under many distinct sessions; the cache is only an optimisation.
    private let maximumEntries = 50_000

    init(sessions: any SessionRepository, clock: any AppClock, ttl: Duration) {
        self.sessions = sessions
        self.clock = clock
        self.ttl = ttl
    }

    func status(of sessionId: UUID) async throws -> SessionStatus {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[sessionId] }), now - entry.checkedAt < ttl {
            return entry.status
        }
        let status = try await sessions.status(sessionId: sessionId, now: clock.now())
        entries.withLock { entries in
            if entries.count >= maximumEntries { entries.removeAll(keepingCapacity: true) }
            entries[sessionId] = Entry(status: status, checkedAt: now)
        }
        return status
    }

    /// Forgets a session this instance just ended, so it stops working here at once.
    func forget(_ sessionId: UUID) {
        _ = entries.withLock { $0.removeValue(forKey: sessionId) }
    }
}
