import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresSessionRepository: SessionRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func create(accountId: UUID, client: String, tokenHash: [UInt8], now: Date, expiresAt: Date) async throws -> UUID {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO sessions (account_id, client_description, created_at, last_used_at, expires_at)
                VALUES (\(accountId), \(client), \(now), \(now), \(expiresAt))
                RETURNING id
                """,
                logger: logger
            )
            let sessionId = try StoredValue.single(try await rows.collect(), column: "sessions.id").decode(UUID.self)
            try await connection.query(
                "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (\(Data(tokenHash)), \(sessionId), \(now))",
                logger: logger
            )
            return sessionId
        }
    }

    package func refresh(
        tokenHash: [UInt8], successorHash: [UInt8], now: Date, grace: TimeInterval, idleLifetime: TimeInterval
    ) async throws -> RefreshOutcome {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // Row locks serialise concurrent refreshes of one token: the first rotates, the
            // others wait, then see it used and take the replay path.
            let rows = try await connection.query(
                """
                SELECT rt.session_id, rt.used_at, rt.successor_hash, s.revoked_at IS NOT NULL, s.expires_at, s.last_used_at,
                       a.id, a.email::text, a.first_name, a.last_name, a.roles, a.is_active
                FROM refresh_tokens rt
                JOIN sessions s ON s.id = rt.session_id
                JOIN accounts a ON a.id = s.account_id
                WHERE rt.token_hash = \(Data(tokenHash))
                FOR UPDATE OF rt, s
                """,
                logger: logger
            )
            guard let row = try await rows.collect().first else { return .rejected }
            let (
                sessionId, usedAt, storedSuccessor, revoked, expiresAt, lastUsedAt,
                accountId, email, firstName, lastName, roles, isActive
            ) =
                try row.decode((UUID, Date?, Data?, Bool, Date, Date, UUID, String, String, String, [String], Bool).self)
            let account = Account(
                id: accountId, email: email, firstName: firstName, lastName: lastName,
                roles: Role.from(stored: roles), isActive: isActive, passwordHash: nil
            )
            let state = RefreshDecision.TokenState(
                usedAt: usedAt, sessionRevoked: revoked, sessionExpiresAt: expiresAt,
                sessionLastUsedAt: lastUsedAt, accountActive: isActive
            )
            switch RefreshDecision.decide(state, now: now, grace: grace, idleLifetime: idleLifetime) {
            case .reject:
                return .rejected
            case .reuseDetected:
                try await connection.query(
                    """
                    UPDATE sessions SET revoked_at = \(now), revoked_reason = 'refresh_token_reuse'
                    WHERE id = \(sessionId) AND revoked_at IS NULL
                    """,
                    logger: logger
                )
                return .reuseDetected
            case .replayWithinGrace:
                guard let storedSuccessor, Array(storedSuccessor) == successorHash else { return .rejected }
                return .replayed(account, sessionId: sessionId, successorHash: successorHash)
            case .rotate:
                try await connection.query(
                    """
                    UPDATE refresh_tokens SET used_at = \(now), successor_hash = \(Data(successorHash))
                    WHERE token_hash = \(Data(tokenHash))
                    """,
                    logger: logger
                )
                try await connection.query(
                    """
                    INSERT INTO refresh_tokens (token_hash, session_id, created_at)
                    VALUES (\(Data(successorHash)), \(sessionId), \(now))
                    """,
                    logger: logger
                )
                try await connection.query(
                    "UPDATE sessions SET last_used_at = \(now) WHERE id = \(sessionId)", logger: logger
                )
                return .rotated(account, sessionId: sessionId)
            }
        }
    }

    package func revoke(sessionId: UUID, accountId: UUID, reason: SessionEndReason, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE sessions SET revoked_at = \(now), revoked_reason = \(reason.rawValue)
                WHERE id = \(sessionId) AND account_id = \(accountId) AND revoked_at IS NULL
                RETURNING client_description
                """,
                logger: logger
            ).collect()
            guard let client = try rows.first?.decode(String.self) else { return false }
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "session", entityId: sessionId, action: reason.rawValue, by: accountId, at: now,
                changes: ["client": .init(from: client, to: nil)], logger: logger)
            return true
        }
    }

    package func listActive(accountId: UUID, now: Date, idleLifetime: TimeInterval) async throws -> [SessionSummary] {
        let logger = self.logger
        let idleSince = now.addingTimeInterval(-idleLifetime)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT id, client_description, created_at, last_used_at FROM sessions
                WHERE account_id = \(accountId) AND revoked_at IS NULL
                  AND expires_at > \(now) AND last_used_at > \(idleSince)
                ORDER BY created_at DESC
                """,
                logger: logger
            )
            var sessions: [SessionSummary] = []
            for try await (id, client, createdAt, lastUsedAt) in rows.decode((UUID, String, Date, Date).self) {
                sessions.append(SessionSummary(id: id, client: client, createdAt: createdAt, lastUsedAt: lastUsedAt))
            }
            return sessions
        }
    }

    package func status(sessionId: UUID, now: Date) async throws -> SessionStatus {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT a.id, a.roles FROM sessions s JOIN accounts a ON a.id = s.account_id
                WHERE s.id = \(sessionId) AND s.revoked_at IS NULL AND s.expires_at > \(now) AND a.is_active
                """,
                logger: logger
            )
            for try await (accountId, roles) in rows.decode((UUID, [String]).self) {
                return .active(accountId: accountId, roles: Role.from(stored: roles))
            }
            return .ended
        }
    }

    package func browserSession(
        tokenHash: [UInt8], now: Date, idleLifetime: TimeInterval
    ) async throws -> (account: Account, sessionId: UUID)? {
        let logger = self.logger
        let idleSince = now.addingTimeInterval(-idleLifetime)
        // Marking it used is a write per page; once a minute is enough for an idle limit of hours.
        let touchBefore = now.addingTimeInterval(-60)
        return try await database.withConnection { connection in
            // A read on most pages; the write only when the mark is a minute old.
            let rows = try await connection.query(
                """
                SELECT s.id, a.id, a.email::text, a.first_name, a.last_name, a.roles, s.last_used_at < \(touchBefore)
                FROM refresh_tokens rt
                JOIN sessions s ON s.id = rt.session_id
                JOIN accounts a ON a.id = s.account_id
                WHERE rt.token_hash = \(Data(tokenHash)) AND rt.used_at IS NULL AND s.revoked_at IS NULL
                  AND s.expires_at > \(now) AND s.last_used_at > \(idleSince) AND a.is_active
                """,
                logger: logger
            )
            guard let row = try await rows.collect().first else { return nil }
            let (sessionId, accountId, email, firstName, lastName, roles, stale) = try row.decode(
                (UUID, UUID, String, String, String, [String], Bool).self)
            if stale {
                try await connection.query(
                    "UPDATE sessions SET last_used_at = \(now) WHERE id = \(sessionId) AND last_used_at < \(touchBefore)", logger: logger)
            }
            let account = Account(
                id: accountId, email: email, firstName: firstName, lastName: lastName, roles: Role.from(stored: roles), isActive: true,
                passwordHash: nil)
            return (account, sessionId)
        }
    }
}
