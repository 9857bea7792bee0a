import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresSecondFactorRepository: SecondFactorRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func find(accountId: UUID) async throws -> SecondFactor? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT f.sealed_secret, f.created_at, f.confirmed_at, f.last_used_step,
                       (SELECT count(*) FROM recovery_codes r WHERE r.account_id = f.account_id AND r.used_at IS NULL)
                FROM second_factors f WHERE f.account_id = \(accountId)
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            let (sealed, createdAt, confirmedAt, lastUsedStep, left) = try row.decode((Data, Date, Date?, Int64?, Int64).self)
            return SecondFactor(
                sealedSecret: Array(sealed), createdAt: createdAt, confirmedAt: confirmedAt, lastUsedStep: lastUsedStep,
                recoveryCodesLeft: Int(clamping: left))
        }
    }

    package func startEnrolment(accountId: UUID, sealedSecret: [UInt8], by actorId: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO second_factors (account_id, sealed_secret, created_at) VALUES (\(accountId), \(Data(sealedSecret)), \(now))
                ON CONFLICT (account_id) DO UPDATE SET sealed_secret = excluded.sealed_secret, created_at = excluded.created_at,
                    last_used_step = NULL
                WHERE second_factors.confirmed_at IS NULL
                RETURNING account_id
                """,
                logger: logger
            ).collect()
            guard !rows.isEmpty else { return false }
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "second_factor", entityId: accountId, action: "enrol", by: actorId, at: now,
                changes: ["state": .init(from: nil, to: "pending")], logger: logger)
            return true
        }
    }

    package func confirm(accountId: UUID, step: Int64, recoveryCodeHashes: [[UInt8]], by actorId: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE second_factors SET confirmed_at = \(now), last_used_step = \(step)
                WHERE account_id = \(accountId) AND confirmed_at IS NULL
                RETURNING account_id
                """,
                logger: logger
            ).collect()
            guard !rows.isEmpty else { return false }
            try await Self.replaceRecoveryCodes(accountId: accountId, hashes: recoveryCodeHashes, on: connection, logger: logger)
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "second_factor", entityId: accountId, action: "confirm", by: actorId, at: now,
                changes: ["state": .init(from: "pending", to: "active")], logger: logger)
            return true
        }
    }

    package func useStep(accountId: UUID, step: Int64) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await !connection.query(
                """
                UPDATE second_factors SET last_used_step = \(step)
                WHERE account_id = \(accountId) AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < \(step))
                RETURNING account_id
                """,
                logger: logger
            ).collect().isEmpty
        }
    }

    package func useRecoveryCode(accountId: UUID, hash: [UInt8], now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE recovery_codes SET used_at = \(now)
                WHERE account_id = \(accountId) AND code_hash = \(Data(hash)) AND used_at IS NULL
                RETURNING (SELECT count(*) FROM recovery_codes r WHERE r.account_id = \(accountId) AND r.used_at IS NULL)
                """,
                logger: logger
            ).collect()
            guard let left = try rows.first?.decode(Int64.self) else { return false }
            // The count was read before this row's update: one fewer are left now.
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "second_factor", entityId: accountId, action: "use_recovery_code", by: accountId,
                at: now, changes: ["recoveryCodesLeft": .init(from: String(left), to: String(max(0, left - 1)))], logger: logger)
            return true
        }
    }

    package func remove(accountId: UUID, by actorId: UUID, reason: String, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                DELETE FROM second_factors WHERE account_id = \(accountId)
                RETURNING CASE WHEN confirmed_at IS NULL THEN 'pending' ELSE 'active' END
                """,
                logger: logger
            ).collect()
            guard let state = try rows.first?.decode(String.self) else { return false }
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "second_factor", entityId: accountId, action: reason, by: actorId, at: now,
                changes: ["state": .init(from: state, to: nil)], logger: logger)
            return true
        }
    }

    package func reset(accountId: UUID, by actorId: UUID, fourEyes: FourEyesSettings, now: Date) async throws -> SecondFactorReset {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT CASE WHEN f.confirmed_at IS NULL THEN 'pending' ELSE 'active' END, a.admin_since IS NOT NULL
                FROM second_factors f JOIN accounts a ON a.id = f.account_id WHERE f.account_id = \(accountId) FOR UPDATE OF f
                """,
                logger: logger
            ).collect()
            guard let (state, admin) = try rows.first?.decode((String, Bool).self) else { return .none }
            var changes: AuditLog.Changes = ["state": .init(from: state, to: nil)]
            // Without their factor, an admin's account is one password away from whoever resets it.
            if admin {
                let decision = try await AdminChangeGate.decide(
                    .resetAdminSecondFactor, personId: accountId, by: actorId, settings: fourEyes, now: now, on: connection, logger: logger)
                if decision == .request { return .requested }
                changes.merge(AdminChangeGate.askedBy(decision)) { old, _ in old }
            }
            try await connection.query("DELETE FROM second_factors WHERE account_id = \(accountId)", logger: logger)
            try await AuditLog.record(
                on: connection, subject: accountId, entity: "second_factor", entityId: accountId, action: "reset", by: actorId, at: now,
                changes: changes, logger: logger)
            return .removed
        }
    }

    package func createChallenge(secretHash: [UInt8], challenge: SignInChallenge, now: Date) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            // Expired challenges are swept as new ones are made: the table holds minutes of sign-ins.
            try await connection.query("DELETE FROM sign_in_challenges WHERE expires_at < \(now)", logger: logger)
            try await connection.query(
                """
                INSERT INTO sign_in_challenges (secret_hash, account_id, purpose, client_description, created_at, expires_at)
                VALUES (\(Data(secretHash)), \(challenge.accountId), \(challenge.purpose.rawValue), \(challenge.client), \(now),
                        \(challenge.expiresAt))
                """,
                logger: logger
            )
        }
    }

    package func challenge(secretHash: [UInt8], now: Date) async throws -> SignInChallenge? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT account_id, purpose, client_description, expires_at FROM sign_in_challenges
                WHERE secret_hash = \(Data(secretHash)) AND expires_at > \(now)
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            let (accountId, purpose, client, expiresAt) = try row.decode((UUID, String, String, Date).self)
            return SignInChallenge(
                accountId: accountId, purpose: try StoredValue.enumeration(purpose, column: "sign_in_challenges.purpose"), client: client,
                expiresAt: expiresAt)
        }
    }

    package func recordChallengeFailure(secretHash: [UInt8], limit: Int) async throws {
        let logger = self.logger
        try await database.withConnection { connection in
            let rows = try await connection.query(
                "UPDATE sign_in_challenges SET failures = failures + 1 WHERE secret_hash = \(Data(secretHash)) RETURNING failures",
                logger: logger
            ).collect()
            guard let failures = try rows.first?.decode(Int.self), failures >= limit else { return }
            try await connection.query("DELETE FROM sign_in_challenges WHERE secret_hash = \(Data(secretHash))", logger: logger)
        }
    }

    package func endChallenge(secretHash: [UInt8], now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await !connection.query(
                "DELETE FROM sign_in_challenges WHERE secret_hash = \(Data(secretHash)) AND expires_at > \(now) RETURNING 1",
                logger: logger
            ).collect().isEmpty
        }
    }

    private static func replaceRecoveryCodes(accountId: UUID, hashes: [[UInt8]], on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM recovery_codes WHERE account_id = \(accountId)", logger: logger)
        try await connection.query(
            """
            INSERT INTO recovery_codes (account_id, code_hash)
            SELECT \(accountId), decode(h, 'hex') FROM unnest(\(hashes.map { $0.map { String(format: "%02x", $0) }.joined() })::text[]) AS h
            """,
            logger: logger
        )
    }
}
