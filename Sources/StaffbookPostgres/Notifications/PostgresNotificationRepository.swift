import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresNotificationRepository: NotificationRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let columns = "id, account_id, kind, payload::text, state, channel, created_at, sent_at"

    static func notification(_ row: PostgresRow) throws -> NotificationRecord {
        let (id, accountId, kind, payload, state, channel, createdAt, sentAt) = try row.decode(
            (UUID, UUID?, String, String, String, String?, Date, Date?).self
        )
        guard let values = try? JSONDecoder.notifications.decode(NotificationPayload.self, from: Data(payload.utf8)) else {
            throw StoreError.malformedRow(column: "notifications.payload")
        }
        return NotificationRecord(
            id: id, accountId: accountId, kind: try StoredValue.enumeration(kind, column: "notifications.kind"), payload: values,
            state: try StoredValue.enumeration(state, column: "notifications.state"),
            channel: try channel.map { try StoredValue.enumeration($0, as: NotificationChannel.self, column: "notifications.channel") },
            createdAt: createdAt, sentAt: sentAt
        )
    }

    package func list(accountId: UUID?, state: NotificationState?, page: PageRequest<CreatedPosition>) async throws -> [NotificationRecord] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM notifications
                WHERE (\(accountId)::uuid IS NULL OR account_id = \(accountId))
                  AND (\(state?.rawValue)::text IS NULL OR state = \(state?.rawValue))
                  AND (\(after?.id)::uuid IS NULL OR (created_at, id) < (\(after?.createdAt)::timestamptz, \(after?.id)::uuid))
                ORDER BY created_at DESC, id DESC
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            ).collect().map(Self.notification)
        }
    }

    package func find(id: UUID) async throws -> NotificationRecord? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("SELECT \(unescaped: Self.columns) FROM notifications WHERE id = \(id)", logger: logger)
                .collect().first.map(Self.notification)
        }
    }

    package func recipient(of notification: NotificationRecord) async throws -> Recipient? {
        guard let accountId = notification.accountId else { return nil }
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT coalesce(n.payload->>'address', a.email::text), a.first_name, a.last_name, a.language, n.chat_webhook_url, a.is_active,
                       coalesce(p.channel, 'email')
                FROM accounts a
                LEFT JOIN notifications n ON n.id = \(notification.id)
                LEFT JOIN notification_preferences p ON p.account_id = a.id AND p.kind = \(notification.kind.rawValue)
                WHERE a.id = \(accountId)
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            let (email, first, last, language, webhook, active, channel) = try row.decode(
                (String, String, String, String, String?, Bool, String).self
            )
            return Recipient(
                email: email, firstName: first, lastName: last,
                language: try StoredValue.enumeration(language, column: "accounts.language"), chatWebhookURL: webhook,
                preference: try StoredValue.enumeration(channel, column: "notification_preferences.channel"), isActive: active
            )
        }
    }

    package func preferences(accountId: UUID) async throws -> NotificationPreferences? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let account = try await connection.query(
                "SELECT language, chat_webhook_url FROM accounts WHERE id = \(accountId)", logger: logger
            ).collect()
            guard let row = account.first else { return nil }
            let (language, webhook) = try row.decode((String, String?).self)
            var channels: [NotificationKind: NotificationPreference] = [:]
            let rows = try await connection.query(
                "SELECT kind, channel FROM notification_preferences WHERE account_id = \(accountId)", logger: logger
            )
            for try await (kind, channel) in rows.decode((String, String).self) {
                guard let kind = NotificationKind(rawValue: kind) else { continue }
                channels[kind] = try StoredValue.enumeration(channel, column: "notification_preferences.channel")
            }
            return NotificationPreferences(
                language: try StoredValue.enumeration(language, column: "accounts.language"), chatWebhookURL: webhook, channels: channels
            )
        }
    }

    package func savePreferences(_ preferences: NotificationPreferences, accountId: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        let kinds = NotificationKind.choosable.map(\.rawValue)
        let channels = NotificationKind.choosable.map { preferences.preference(for: $0).rawValue }
        return try await database.withTransaction { connection in
            let updated = try await connection.query(
                """
                UPDATE accounts SET language = \(preferences.language.rawValue), chat_webhook_url = \(preferences.chatWebhookURL),
                    updated_at = \(now)
                WHERE id = \(accountId) RETURNING id
                """,
                logger: logger
            ).collect()
            guard updated.count == 1 else { return false }
            try await connection.query(
                """
                INSERT INTO notification_preferences (account_id, kind, channel)
                SELECT \(accountId), k, c FROM unnest(\(kinds)::text[], \(channels)::text[]) AS p (k, c)
                ON CONFLICT (account_id, kind) DO UPDATE SET channel = excluded.channel
                """,
                logger: logger
            )
            return true
        }
    }

    package func stillMissing(accountId: UUID, period: CalendarMonth) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT NOT EXISTS (SELECT 1 FROM invoices WHERE account_id = \(accountId) AND period = \(period.firstDay.iso)::date)",
                logger: logger
            ).collect()
            return try StoredValue.single(rows, column: "missing").decode(Bool.self)
        }
    }
}
