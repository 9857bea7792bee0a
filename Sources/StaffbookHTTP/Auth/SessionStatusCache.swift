import Foundation
import StaffbookCore

/// Remembers for a moment whether a session is live and which roles its account has, so most
/// requests need no database round trip, while a sign-out or deactivation on any instance
/// reaches every instance within the TTL.
final class SessionStatusCache: Sendable {
    private struct Entry: Sendable {
        var status: SessionStatus
        var checkedAt: ContinuousClock.Instant
    }

    private let sessions: any SessionRepository
    private let clock: any AppClock
    private let ttl: Duration
    private let entries = BoundedCache<UUID, Entry>(maximumEntries: 50_000)

    init(sessions: any SessionRepository, clock: any AppClock, ttl: Duration) {
        self.sessions = sessions
        self.clock = clock
        self.ttl = ttl
    }

    func status(of sessionId: UUID) async throws -> SessionStatus {
        let now = ContinuousClock.now
        if let entry = entries.value(for: sessionId), now - entry.checkedAt < ttl {
            return entry.status
        }
        let status = try await sessions.status(sessionId: sessionId, now: clock.now())
        entries.set(Entry(status: status, checkedAt: now), for: sessionId)
        return status
    }

    /// Forgets a session this instance just ended, so it stops working here at once.
    func forget(_ sessionId: UUID) {
        entries.removeValue(for: sessionId)
    }
}
