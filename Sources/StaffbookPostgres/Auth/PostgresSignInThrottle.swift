import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresSignInThrottle: SignInThrottle {
    package let database: DatabasePool
    package let window: TimeInterval
    package let logger: Logger

    package init(database: DatabasePool, window: TimeInterval, logger: Logger) {
        self.database = database
        self.window = window
        self.logger = logger
    }

    package func retryAfter(_ keys: [ThrottleKey], now: Date) async throws -> TimeInterval? {
        let logger = self.logger
        let limits = Dictionary(keys.map { ($0.key, $0.limit) }, uniquingKeysWith: min)
        let names = keys.map(\.key)
        let window = self.window
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT key, failures, window_started_at FROM sign_in_throttle WHERE key = ANY(\(names))",
                logger: logger
            )
            var longest: TimeInterval?
            for try await (key, failures, startedAt) in rows.decode((String, Int, Date).self) {
                if let wait = ThrottleWindow.retryAfter(
                    failures: failures, windowStartedAt: startedAt, limit: limits[key] ?? 0, window: window, now: now
                ) {
                    longest = max(longest ?? 0, wait)
                }
            }
            return longest
        }
    }

    package func recordFailure(_ keys: [ThrottleKey], now: Date) async throws {
        let logger = self.logger
        let names = keys.map(\.key)
        let windowOpenedAfter = now.addingTimeInterval(-window)
        try await database.withConnection { connection in
            // One statement per call: concurrent failures on several instances add up exactly.
            _ = try await connection.query(
                """
                INSERT INTO sign_in_throttle (key, window_started_at, failures)
                SELECT k, \(now), 1 FROM unnest(\(names)::text[]) AS k
                ON CONFLICT (key) DO UPDATE SET
                    failures = CASE WHEN sign_in_throttle.window_started_at <= \(windowOpenedAfter)
                                    THEN 1 ELSE sign_in_throttle.failures + 1 END,
                    window_started_at = CASE WHEN sign_in_throttle.window_started_at <= \(windowOpenedAfter)
                                             THEN \(now) ELSE sign_in_throttle.window_started_at END
                """,
                logger: logger
            )
        }
    }

    package func reset(_ key: ThrottleKey) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            _ = try await connection.query("DELETE FROM sign_in_throttle WHERE key = \(key.key)", logger: logger)
        }
    }
}
