import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresAccountRepository: AccountRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package typealias Row = (UUID, String, String, String, [String], Bool, String?)
    package static let columns = "id, email::text, first_name, last_name, roles, is_active, password_hash"

    package static func account(_ row: Row) -> Account {
        Account(
            id: row.0, email: row.1, firstName: row.2, lastName: row.3,
            roles: Role.from(stored: row.4), isActive: row.5, passwordHash: row.6
        )
    }

    package func find(email: String) async throws -> Account? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM accounts WHERE email = normalize(\(email), NFKC)::citext",
                logger: logger
            )
            for try await row in rows.decode(Row.self) { return Self.account(row) }
            return nil
        }
    }

    package func find(id: UUID) async throws -> Account? {
        let logger = self.logger
        return try await database.withConnection { connection in
            for try await account in try await connection.execute(AccountByIdStatement(key: id), logger: logger) { return account }
            return nil
        }
    }

    package func profile(id: UUID) async throws -> OwnProfile? {
        let logger = self.logger
        return try await database.withConnection { connection in
            for try await profile in try await connection.execute(OwnProfileStatement(key: id), logger: logger) { return profile }
            return nil
        }
    }

    package func create(_ account: NewAccount, now: Date) async throws -> Account? {
        let logger = self.logger
        let roles = Role.stored(account.roles)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                INSERT INTO accounts (email, first_name, last_name, roles, password_hash, created_at, updated_at)
                VALUES (normalize(\(account.email), NFKC), \(account.firstName), \(account.lastName), \(roles), \(account.passwordHash), \(now), \(now))
                ON CONFLICT (email) DO NOTHING
                RETURNING id, email::text, first_name, last_name, roles, is_active, password_hash
                """,
                logger: logger
            )
            for try await row in rows.decode(Row.self) { return Self.account(row) }
            return nil
        }
    }

    package func replacePasswordHash(id: UUID, old: String, new: String) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                UPDATE accounts SET password_hash = \(new), updated_at = now()
                WHERE id = \(id) AND password_hash = \(old) RETURNING id
                """,
                logger: logger
            ).collect().count == 1
        }
    }

    package func activeAccounts(inEmailDomain domain: String) async throws -> [Account] {
        let logger = self.logger
        return try await database.withConnection { connection in
            var accounts: [Account] = []
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM accounts
                WHERE is_active AND password_hash IS NOT NULL AND split_part(email::text, '@', 2) = lower(\(domain))
                ORDER BY email
                """,
                logger: logger
            )
            for try await row in rows.decode(Row.self) { accounts.append(Self.account(row)) }
            return accounts
        }
    }

    package func countAccounts(outsideEmailDomain domain: String) async throws -> Int {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT count(*) FROM accounts WHERE split_part(email::text, '@', 2) <> lower(\(domain))", logger: logger
            ).collect()
            return try StoredValue.single(rows, column: "count").decode(Int.self)
        }
    }

    package func credentialsRevokedAt(id: UUID) async throws -> Date? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query("SELECT credentials_revoked_at FROM accounts WHERE id = \(id)", logger: logger).collect()
            return try rows.first?.decode(Date?.self) ?? nil
        }
    }

    package func deactivate(id: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE accounts SET is_active = false, deactivated_at = \(now), updated_at = \(now)
                WHERE id = \(id) AND is_active
                RETURNING id
                """,
                logger: logger
            )
            guard try await rows.collect().count == 1 else { return false }
            try await AccountCredentials.endAll(accountId: id, now: now, on: connection, logger: logger)
            return true
        }
    }
}
