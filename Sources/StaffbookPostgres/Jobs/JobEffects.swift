import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Writes what a finished (or failed) job changes, in the transaction that records its end.
enum JobEffects {
    static func apply(_ effects: [JobEffect], now: Date, on connection: PostgresConnection, logger: Logger) async throws {
        for effect in effects {
            switch effect {
            case .notify(let notification):
                try await NotificationOutbox.add(notification, now: now, on: connection, logger: logger)
            case .reminded(let personId, let period, let day, let notification):
                _ = try await PostgresMonthEndRepository.remind(
                    notification, personId: personId, period: period, on: day, now: now, on: connection, logger: logger)
            case .delivered(let notificationId, let channel, let at):
                try await connection.query(
                    "UPDATE notifications SET state = 'sent', channel = \(channel.rawValue), sent_at = \(at) WHERE id = \(notificationId)",
                    logger: logger
                )
                try await attempt(notificationId, channel: channel, at: at, outcome: "sent", error: nil, on: connection, logger: logger)
            case .skipped(let notificationId, _):
                try await connection.query(
                    "UPDATE notifications SET state = 'skipped' WHERE id = \(notificationId) AND state = 'pending'", logger: logger
                )
            case .deliveryFailed(let notificationId, let channel, let at, let error):
                try await attempt(notificationId, channel: channel, at: at, outcome: "failed", error: error, on: connection, logger: logger)
            case .passwordReset(let email, let grant):
                try await PostgresAccountLinkRepository.issuePasswordReset(grant, email: email, now: now, on: connection, logger: logger)
            case .push(let notificationId, let accountId):
                try await queuePushes(notificationId, accountId: accountId, now: now, on: connection, logger: logger)
            }
        }
    }

    /// A job for the person's subscribed browsers (one for all, when there are any) and one for
    /// each phone whose session has not ended.
    private static func queuePushes(_ notificationId: UUID, accountId: UUID, now: Date, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let id = notificationId.lowercasedString
        var jobs: [NewJob] = []
        let subscribed =
            try await connection.query(
                "SELECT EXISTS (SELECT 1 FROM push_subscriptions WHERE account_id = \(accountId))", logger: logger
            ).collect().first?.decode(Bool.self) ?? false
        if subscribed { jobs.append(NewJob(kind: .deliverPush, key: id, payload: ["notification": id], runAt: now)) }
        let devices = try await connection.query(
            """
            SELECT d.id \(unescaped: PostgresPushDeviceRepository.active)
            WHERE d.account_id = \(accountId) AND s.expires_at > \(now) ORDER BY d.created_at, d.id LIMIT 50
            """,
            logger: logger
        ).collect()
        for row in devices {
            let device = try row.decode(UUID.self).lowercasedString
            jobs.append(NewJob(kind: .deliverAPNs, key: id + "/" + device, payload: ["notification": id, "device": device], runAt: now))
        }
        if !jobs.isEmpty { try await PostgresJobQueue.insert(jobs, now: now, on: connection, logger: logger) }
    }

    private static func attempt(
        _ notificationId: UUID, channel: NotificationChannel, at: Date, outcome: String, error: String?,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO notification_attempts (notification_id, at, channel, outcome, error)
            VALUES (\(notificationId), \(at), \(channel.rawValue), \(outcome), \(error.map { String($0.prefix(1000)) }))
            """,
            logger: logger
        )
    }
}
