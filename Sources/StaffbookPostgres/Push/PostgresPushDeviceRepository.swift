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
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                INSERT INTO push_devices AS d (account_id, session_id, token, created_at)
                VALUES (\(accountId), \(sessionId), \(token), \(now))
                ON CONFLICT (token) DO UPDATE SET account_id = EXCLUDED.account_id, session_id = EXCLUDED.session_id,
                    created_at = EXCLUDED.created_at
                RETURNING \(unescaped: Self.columns)
                """,
                logger: logger
            ).collect()
            return try Self.device(try StoredValue.single(rows, column: "push_devices.id"))
        }
    }

    package func devices(accountId: UUID, now: Date) async throws -> [PushDevice] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) \(unescaped: Self.active)
                WHERE d.account_id = \(accountId) AND s.expires_at > \(now) ORDER BY d.created_at, d.id LIMIT 50
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
