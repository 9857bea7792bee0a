import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Failed sign-ins per key in a fixed window, in PostgreSQL so that the limit holds across every
/// instance. Keys are made here, in SQL: an account's is its address as `normalized_email()`
/// gives it (NFKC and PostgreSQL's lower-casing, as the accounts' own e-mail comparisons).
package struct PostgresSignInThrottle: SignInThrottle {
    package let database: DatabasePool
    package let window: TimeInterval
    package let logger: Logger

    package init(database: DatabasePool, window: TimeInterval, logger: Logger) {
        self.database = database
        self.window = window
        self.logger = logger
    }

    /// `unnest` of kinds and values into stored keys, with each key's limit.
    private static func keysSQL(_ keys: [ThrottleKey]) -> (kinds: [String], values: [String], limits: [Int]) {
        (keys.map(\.kind.rawValue), keys.map(\.value), keys.map(\.limit))
    }

    package func retryAfter(_ keys: [ThrottleKey], now: Date) async throws -> TimeInterval? {
        let logger = self.logger
        let (kinds, values, limits) = Self.keysSQL(keys)
        let window = self.window
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT t.failures, t.window_started_at, k.lim
                FROM unnest(\(kinds)::text[], \(values)::text[], \(limits)::bigint[]) AS k (kind, value, lim)
                JOIN sign_in_throttle t
                  ON t.key = k.kind || ':' || CASE WHEN k.kind IN ('account', 'reset_account') THEN normalized_email(k.value) ELSE k.value END
                """,
                logger: logger
            )
            var longest: TimeInterval?
            for try await (failures, startedAt, limit) in rows.decode((Int, Date, Int).self) {
                if let wait = ThrottleWindow.retryAfter(
                    failures: failures, windowStartedAt: startedAt, limit: limit, window: window, now: now
                ) {
                    longest = max(longest ?? 0, wait)
                }
            }
            return longest
        }
    }

    package func recordFailure(_ keys: [ThrottleKey], now: Date) async throws {
        let logger = self.logger
        let (kinds, values, _) = Self.keysSQL(keys)
        let windowOpenedAfter = now.addingTimeInterval(-window)
        try await database.withConnection { connection in
            // One statement per call: concurrent failures on several instances add up exactly.
            _ = try await connection.query(
                """
                INSERT INTO sign_in_throttle (key, window_started_at, failures)
                SELECT DISTINCT k.kind || ':' || CASE WHEN k.kind IN ('account', 'reset_account') THEN normalized_email(k.value) ELSE k.value END, \(now), 1
                FROM unnest(\(kinds)::text[], \(values)::text[]) AS k (kind, value)
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

    package func failures(_ key: ThrottleKey, now: Date) async throws -> Int {
        let logger = self.logger
        let (kind, value) = (key.kind.rawValue, key.value)
        let windowOpenedAfter = now.addingTimeInterval(-window)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT failures FROM sign_in_throttle
                WHERE key = \(kind) || ':' || CASE WHEN \(kind) IN ('account', 'reset_account') THEN normalized_email(\(value)) ELSE \(value) END
                  AND window_started_at > \(windowOpenedAfter)
                """,
                logger: logger
            ).collect()
            return try rows.first?.decode(Int.self) ?? 0
        }
    }

    package func reset(_ key: ThrottleKey) async throws {
        let logger = self.logger
        let (kind, value) = (key.kind.rawValue, key.value)
        try await database.withConnection { connection in
            _ = try await connection.query(
                """
                DELETE FROM sign_in_throttle
                WHERE key = \(kind) || ':' || CASE WHEN \(kind) IN ('account', 'reset_account') THEN normalized_email(\(value)) ELSE \(value) END
                """,
                logger: logger
            )
        }
    }
}
