import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPushRepository: PushRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let columns = "id, account_id, endpoint, p256dh, auth, created_at"

    static func subscription(_ row: PostgresRow) throws -> PushSubscription {
        let (id, accountId, endpoint, p256dh, auth, createdAt) = try row.decode((UUID, UUID, String, Data, Data, Date).self)
        return PushSubscription(id: id, accountId: accountId, endpoint: endpoint, p256dh: Array(p256dh), auth: Array(auth), createdAt: createdAt)
    }

    package func subscribe(accountId: UUID, _ draft: PushSubscriptionDraft, now: Date) async throws -> PushSubscription {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO push_subscriptions AS p (account_id, endpoint, p256dh, auth, created_at)
                VALUES (\(accountId), \(draft.endpoint), \(Data(draft.p256dh)), \(Data(draft.auth)), \(now))
                ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = EXCLUDED.created_at
                WHERE p.account_id = EXCLUDED.account_id
                RETURNING \(unescaped: Self.columns)
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { throw PushError.registeredToAnother }
            try await connection.query(
                """
                DELETE FROM push_subscriptions WHERE account_id = \(accountId) AND id NOT IN (
                    SELECT id FROM push_subscriptions WHERE account_id = \(accountId) ORDER BY created_at DESC, id DESC LIMIT \(PushLimits.perPerson))
                """,
                logger: logger)
            return try Self.subscription(row)
        }
    }

    package func subscriptions(accountId: UUID) async throws -> [PushSubscription] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM push_subscriptions WHERE account_id = \(accountId)
                ORDER BY created_at DESC, id DESC LIMIT \(PushLimits.perPerson)
                """,
                logger: logger
            ).collect().map(Self.subscription)
        }
    }

    package func unsubscribe(id: UUID, accountId: UUID) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "DELETE FROM push_subscriptions WHERE id = \(id) AND account_id = \(accountId) RETURNING id", logger: logger
            ).collect().count == 1
        }
    }

    package func forget(id: UUID) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            try await connection.query("DELETE FROM push_subscriptions WHERE id = \(id)", logger: logger)
        }
    }
}
