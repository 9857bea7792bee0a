import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Reads the roster the four-eyes rule is decided over, keeps that it engaged, and applies the
/// decision about a change of who is an admin (`AdminChanges.decide`), all in the caller's
/// transaction: the one writer of `four_eyes` and `admin_change_requests`.
package enum AdminChangeGate {
    /// The active admins and the latch. `forChange` locks the latch's row, so that two changes
    /// of who is an admin decide one after the other (each sees the other's outcome).
    package static func roster(forChange: Bool, on connection: PostgresConnection, logger: Logger) async throws -> AdminRoster {
        let latch =
            try await connection.query(
                forChange ? "SELECT engaged_at FROM four_eyes FOR UPDATE" : "SELECT engaged_at FROM four_eyes", logger: logger
            ).collect().first?.decode(Date?.self) ?? nil
        var admins: [UUID: Date] = [:]
        let rows = try await connection.query("SELECT id, admin_since FROM accounts WHERE admin_since IS NOT NULL", logger: logger)
        for try await (id, since) in rows.decode((UUID, Date).self) { admins[id] = since }
        return AdminRoster(adminsSince: admins, engagedAt: latch)
    }

    /// The rule as it stands, the latch written when it engages now.
    package static func standing(
        _ settings: FourEyesSettings, now: Date, forChange: Bool, on connection: PostgresConnection, logger: Logger
    ) async throws -> FourEyesStanding {
        let standing = settings.standing(try await roster(forChange: forChange, on: connection, logger: logger), now: now)
        if standing.engages {
            try await connection.query("UPDATE four_eyes SET engaged_at = \(now) WHERE engaged_at IS NULL", logger: logger)
        }
        return standing
    }

    /// The operator's release of the latch (`staffbook four-eyes-release`); false when it was
    /// not engaged.
    package static func release(now: Date, on database: DatabasePool, logger: Logger) async throws -> Bool {
        try await database.withConnection { connection in
            try await connection.query(
                "UPDATE four_eyes SET engaged_at = NULL, released_at = \(now) WHERE engaged_at IS NOT NULL RETURNING 1", logger: logger
            ).collect().count == 1
        }
    }

    /// What waits of `kind` for the person (a week-old request is no longer asked).
    package static func pending(
        _ kind: AdminChangeKind, personId: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws -> PendingAdminChange? {
        try await connection.query(
            """
            SELECT id, kind, account_id, requested_by, requested_at, reason FROM admin_change_requests
            WHERE account_id = \(personId) AND kind = \(kind.rawValue)
            """,
            logger: logger
        ).collect().first.map(Self.pending)
    }

    static func pending(_ row: PostgresRow) throws -> PendingAdminChange {
        let (id, kind, personId, requestedBy, requestedAt, reason) = try row.decode((UUID, String, UUID, UUID, Date, String?).self)
        return PendingAdminChange(
            id: id, kind: try StoredValue.enumeration(kind, as: AdminChangeKind.self, column: "admin_change_requests.kind"),
            personId: personId, requestedBy: requestedBy, requestedAt: requestedAt, reason: reason)
    }

    /// Decides `kind` for the person by `actor` and writes what the decision says: a request is
    /// recorded (audited, and every other admin told by e-mail), a change that takes effect
    /// clears what waited for it, a refusal is thrown. The caller applies the change itself on
    /// `.apply`, in the same transaction.
    package static func decide(
        _ kind: AdminChangeKind, personId: UUID, by actor: UUID, reason: String? = nil, settings: FourEyesSettings, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> AdminChangeDecision {
        let standing = try await standing(settings, now: now, forChange: true, on: connection, logger: logger)
        let waiting = try await pending(kind, personId: personId, on: connection, logger: logger)
        let decision = AdminChanges.decide(kind, by: actor, standing: standing, pending: waiting)
        switch decision {
        case .refused(let refusal):
            throw refusal
        case .apply:
            try await connection.query(
                "DELETE FROM admin_change_requests WHERE account_id = \(personId) AND kind = \(kind.rawValue)", logger: logger)
        case .request:
            try await connection.query(
                """
                INSERT INTO admin_change_requests (kind, account_id, requested_by, requested_at, reason)
                VALUES (\(kind.rawValue), \(personId), \(actor), \(now), \(reason))
                ON CONFLICT (account_id, kind) DO UPDATE
                SET id = gen_random_uuid(), requested_by = EXCLUDED.requested_by, requested_at = EXCLUDED.requested_at,
                    reason = EXCLUDED.reason
                """,
                logger: logger)
            var changes: AuditLog.Changes = ["change": .init(from: nil, to: kind.rawValue)]
            if let reason { changes["reason"] = .init(from: nil, to: reason) }
            try await AuditLog.record(
                on: connection, subject: personId, entity: "account", entityId: personId, action: "second_admin_requested", by: actor,
                at: now, changes: changes, logger: logger)
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            try await tellTheOtherAdmins(kind, personId: personId, askedBy: actor, now: now, on: connection, logger: logger)
        }
        return decision
    }

    /// Every other active admin hears of a request at once, by e-mail (never a chat that may be
    /// someone else's): a change they did not expect is how a stolen session shows.
    private static func tellTheOtherAdmins(
        _ kind: AdminChangeKind, personId: UUID, askedBy actor: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let names = try await connection.query(
            """
            SELECT (SELECT first_name || ' ' || last_name FROM accounts WHERE id = \(personId)),
                   (SELECT first_name || ' ' || last_name FROM accounts WHERE id = \(actor))
            """,
            logger: logger
        ).collect().first?.decode((String?, String?).self)
        let admins = try await connection.query(
            "SELECT id FROM accounts WHERE admin_since IS NOT NULL AND id <> \(actor) ORDER BY id", logger: logger
        ).collect().map { try $0.decode(UUID.self) }
        var payload = NotificationPayload()
        payload.person = names?.0 ?? ""
        payload.askedBy = names?.1 ?? ""
        payload.decision = kind.rawValue
        for admin in admins {
            try await NotificationOutbox.add(
                NewNotification(accountId: admin, kind: .secondAdminRequested, payload: payload), now: now, on: connection, logger: logger)
        }
    }

    /// Where a change took effect on another admin's request: the audit entry names who asked.
    package static func askedBy(_ decision: AdminChangeDecision) -> AuditLog.Changes {
        guard case .apply(let agreeing?) = decision else { return [:] }
        return ["askedBy": .init(from: nil, to: agreeing.requestedBy.lowercasedString)]
    }
}
