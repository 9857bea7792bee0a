import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPushDeviceRepository: PushDeviceRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let columns = "d.id, d.account_id, d.session_id, d.token, d.created_at"
    /// A person's phones are those whose session is still on (the caller adds the expiry at `now`).
    static let active = "FROM push_devices d JOIN sessions s ON s.id = d.session_id AND s.revoked_at IS NULL"

    static func device(_ row: PostgresRow) throws -> PushDevice {
        let (id, accountId, sessionId, token, createdAt) = try row.decode((UUID, UUID, UUID, String, Date).self)
        return PushDevice(id: id, accountId: accountId, sessionId: sessionId, token: token, createdAt: createdAt)
    }

    package func register(token: String, accountId: UUID, sessionId: UUID, now: Date) async throws -> PushDevice {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO push_devices AS d (account_id, session_id, token, created_at)
                VALUES (\(accountId), \(sessionId), \(token), \(now))
                ON CONFLICT (token) DO UPDATE SET account_id = EXCLUDED.account_id, session_id = EXCLUDED.session_id,
                    created_at = EXCLUDED.created_at
                WHERE d.account_id = EXCLUDED.account_id OR NOT EXISTS (
                    SELECT 1 FROM sessions s WHERE s.id = d.session_id AND s.revoked_at IS NULL AND s.expires_at > \(now))
                RETURNING \(unescaped: Self.columns)
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { throw PushError.registeredToAnother }
            try await connection.query(
                """
                DELETE FROM push_devices WHERE account_id = \(accountId) AND id NOT IN (
                    SELECT id FROM push_devices WHERE account_id = \(accountId) ORDER BY created_at DESC, id DESC LIMIT \(PushLimits.perPerson))
                """,
                logger: logger)
            return try Self.device(row)
        }
    }

    package func devices(accountId: UUID, now: Date) async throws -> [PushDevice] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) \(unescaped: Self.active)
                WHERE d.account_id = \(accountId) AND s.expires_at > \(now) ORDER BY d.created_at DESC, d.id DESC LIMIT \(PushLimits.perPerson)
                """,
                logger: logger
            ).collect().map(Self.device)
        }
    }

    package func device(id: UUID) async throws -> PushDevice? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("SELECT \(unescaped: Self.columns) FROM push_devices d WHERE d.id = \(id)", logger: logger)
                .collect().first.map(Self.device)
        }
    }

    package func remove(id: UUID, accountId: UUID) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "DELETE FROM push_devices WHERE id = \(id) AND account_id = \(accountId) RETURNING id", logger: logger
            ).collect().count == 1
        }
    }

    package func forget(id: UUID, registeredAt: Date) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            try await connection.query("DELETE FROM push_devices WHERE id = \(id) AND created_at <= \(registeredAt)", logger: logger)
        }
    }
}
