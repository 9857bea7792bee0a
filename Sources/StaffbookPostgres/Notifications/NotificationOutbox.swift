import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Notifications written in the transaction of what causes them, each with its delivery job:
/// the event and its notification commit together or not at all.
package enum NotificationOutbox {
    package static func add(_ notification: NewNotification, now: Date, on connection: PostgresConnection, logger: Logger) async throws {
        let payload = String(decoding: try JSONEncoder.notifications.encode(notification.payload), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO notifications (id, account_id, kind, payload, created_at, chat_webhook_url)
            VALUES (\(notification.id), \(notification.accountId), \(notification.kind.rawValue), \(payload)::jsonb, \(now),
                    (SELECT chat_webhook_url FROM accounts WHERE id = \(notification.accountId)))
            """,
            logger: logger
        )
        try await PostgresJobQueue.insert(
            [
                NewJob(
                    kind: .deliverNotification, key: notification.id.lowercasedString, payload: ["notification": notification.id.lowercasedString],
                    runAt: now)
            ],
            now: now, on: connection, logger: logger
        )
    }

    /// Removes a notification added in this transaction that turned out not to be wanted.
    static func withdraw(_ id: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "DELETE FROM jobs WHERE kind = \(JobKind.deliverNotification.rawValue) AND unique_key = \(id.lowercasedString)", logger: logger
        )
        try await connection.query("DELETE FROM notifications WHERE id = \(id)", logger: logger)
    }
}

extension JSONEncoder {
    /// Notification payloads: dates as ISO 8601, keys sorted (stable rows).
    package static let notifications: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

extension JSONDecoder {
    package static let notifications: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
