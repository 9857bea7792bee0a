import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPersonalTokenRepository: PersonalAccessTokenRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    private static let columns = "id, account_id, name, scopes, created_at, expires_at, last_used_at, last_used_from"

    private static func token(_ row: PostgresRow) throws -> PersonalAccessToken {
        let (id, accountId, name, scopes, createdAt, expiresAt, lastUsedAt, lastUsedFrom) = try row.decode(
            (UUID, UUID, String, [String], Date, Date?, Date?, String?).self)
        return PersonalAccessToken(
            id: id, accountId: accountId, name: name, scopes: try Self.scopes(scopes), createdAt: createdAt, expiresAt: expiresAt,
            lastUsedAt: lastUsedAt, lastUsedFrom: lastUsedFrom
        )
    }

    private static func scopes(_ stored: [String]) throws -> Set<TokenScope> {
        Set(try stored.map { try StoredValue.enumeration($0, column: "personal_access_tokens.scopes") as TokenScope })
    }

    package func create(
        accountId: UUID, name: String, scopes: Set<TokenScope>, secretHash: [UInt8], expiresAt: Date?, now: Date
    ) async throws -> PersonalAccessToken {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // Serialised per person, so two creations at once cannot both pass the count.
            try await connection.query("SELECT 1 FROM accounts WHERE id = \(accountId) FOR UPDATE", logger: logger)
            let live =
                try await connection.query(
                    """
                    SELECT count(*) FROM personal_access_tokens
                    WHERE account_id = \(accountId) AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > \(now))
                    """,
                    logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            guard live < PersonalTokenRules.maximumLiveTokens else { throw PersonalTokenError.tooMany(limit: PersonalTokenRules.maximumLiveTokens) }
            let rows = try await connection.query(
                """
                INSERT INTO personal_access_tokens (account_id, name, scopes, secret_hash, created_at, expires_at)
                VALUES (\(accountId), \(name), \(scopes.sorted().map(\.rawValue)), \(Data(secretHash)), \(now), \(expiresAt))
                RETURNING \(unescaped: Self.columns)
                """,
                logger: logger
            ).collect()
            let token = try Self.token(try StoredValue.single(rows, column: "personal_access_tokens.id"))
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "personal_access_token", entityId: token.id, action: "create", by: accountId,
                at: now, changes: ["scopes": .init(from: nil, to: token.scopes.sorted().map(\.rawValue).joined(separator: " "))],
                logger: logger
            )
            return token
        }
    }

    package func list(accountId: UUID, now: Date) async throws -> [PersonalAccessToken] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM personal_access_tokens
                WHERE account_id = \(accountId) AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > \(now))
                ORDER BY created_at DESC, id
                """,
                logger: logger
            ).collect().map(Self.token)
        }
    }

    package func revoke(id: UUID, accountId: UUID, by actorId: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE personal_access_tokens SET revoked_at = \(now), revoked_by = \(actorId)
                WHERE id = \(id) AND account_id = \(accountId) AND revoked_at IS NULL
                RETURNING id
                """,
                logger: logger
            ).collect()
            guard !rows.isEmpty else { return false }
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "personal_access_token", entityId: id, action: "revoke", by: actorId, at: now,
                logger: logger
            )
            return true
        }
    }

    package func use(secretHash: [UInt8], address: String, now: Date, requestsPerMinute: Int) async throws -> TokenUse {
        let logger = self.logger
        let windowStart = now.addingTimeInterval(-60)
        return try await database.withConnection { connection in
            // One statement finds the live token of an active person and counts the request in
            // the current minute; a refused request does not move the window.
            let rows = try await connection.query(
                """
                UPDATE personal_access_tokens t SET
                    window_started_at = CASE WHEN t.window_started_at > \(windowStart) THEN t.window_started_at ELSE \(now) END,
                    window_requests = CASE WHEN t.window_started_at > \(windowStart) THEN t.window_requests + 1 ELSE 1 END,
                    last_used_at = \(now), last_used_from = \(String(address.prefix(64)))
                FROM accounts a
                WHERE t.secret_hash = \(Data(secretHash)) AND a.id = t.account_id AND a.is_active
                  AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > \(now))
                RETURNING t.id, t.account_id, a.roles, t.scopes, t.window_requests, t.window_started_at
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return .refused }
            let (id, accountId, roles, scopes, requests, started) = try row.decode((UUID, UUID, [String], [String], Int, Date).self)
            if requests > requestsPerMinute {
                return .rateLimited(retryAfterSeconds: max(1, Int(started.addingTimeInterval(60).timeIntervalSince(now).rounded(.up))))
            }
            return .allowed(Caller(accountId: accountId, sessionId: id, roles: Role.from(stored: roles), scopes: try Self.scopes(scopes)))
        }
    }
}
