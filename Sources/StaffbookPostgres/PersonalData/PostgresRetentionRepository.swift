import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Applies retention's decisions. An erasure is one transaction: the account keeps its id and
/// initials (invoices, payments and reports still name someone and still sum the same), and
/// loses its e-mail, phone, personal e-mail, title, position, billing details and password; free
/// texts the person wrote go; their sign-in, push and notification records are deleted. Events
/// are not announced for it (`staffbook.events = 'off'`): integrations are not sent the change.
package struct PostgresRetentionRepository: RetentionRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static func subject(_ row: PostgresRow) throws -> ErasureSubject {
        let (id, leftAt, erasedAt) = try row.decode((UUID, Date?, Date?).self)
        return ErasureSubject(id: id, leftAt: leftAt, erasedAt: erasedAt)
    }

    package func leavers() async throws -> [ErasureSubject] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "SELECT id, deactivated_at, erased_at FROM accounts WHERE deactivated_at IS NOT NULL AND erased_at IS NULL ORDER BY id",
                logger: logger
            ).collect().map(Self.subject)
        }
    }

    package func subject(id: UUID) async throws -> ErasureSubject? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("SELECT id, deactivated_at, erased_at FROM accounts WHERE id = \(id)", logger: logger)
                .collect().first.map(Self.subject)
        }
    }

    /// Each step's statement and the count it reports in the log.
    static let erasureSteps: [(name: String, sql: String)] = [
        ("time_entry_texts", "UPDATE time_entries SET description = '', tags = '{}' WHERE account_id = $1 AND (description <> '' OR tags <> '{}')"),
        ("timer_presses", "DELETE FROM timer_presses WHERE account_id = $1"),
        ("absence_notes", "UPDATE absences SET note = NULL, reason = NULL WHERE account_id = $1 AND (note IS NOT NULL OR reason IS NOT NULL)"),
        ("timesheet_reasons", "UPDATE timesheets SET reason = NULL WHERE account_id = $1 AND reason IS NOT NULL"),
        ("invoice_reminders", "DELETE FROM invoice_reminders WHERE account_id = $1"),
        (
            "notification_attempts",
            "DELETE FROM notification_attempts a USING notifications n WHERE n.id = a.notification_id AND n.account_id = $1"
        ),
        ("notifications", "DELETE FROM notifications WHERE account_id = $1"),
        ("notification_preferences", "DELETE FROM notification_preferences WHERE account_id = $1"),
        ("sessions", "DELETE FROM sessions WHERE account_id = $1"),
        ("personal_access_tokens", "DELETE FROM personal_access_tokens WHERE account_id = $1"),
        ("calendar_feeds", "DELETE FROM calendar_feeds WHERE account_id = $1"),
        ("second_factors", "DELETE FROM second_factors WHERE account_id = $1"),
        ("recovery_codes", "DELETE FROM recovery_codes WHERE account_id = $1"),
        ("sign_in_challenges", "DELETE FROM sign_in_challenges WHERE account_id = $1"),
        ("account_tokens", "DELETE FROM account_tokens WHERE account_id = $1"),
        ("idempotency_keys", "DELETE FROM idempotency_keys WHERE account_id = $1"),
        ("push_subscriptions", "DELETE FROM push_subscriptions WHERE account_id = $1"),
        ("push_devices", "DELETE FROM push_devices WHERE account_id = $1"),
        // What the person did about themselves goes; what others did about them stays, without
        // the values that name or reach them.
        ("history", "DELETE FROM audit_log WHERE subject_id = $1 AND changed_by = $1"),
        (
            "history_anonymised",
            "UPDATE audit_log SET changes = audit_anonymised(changes) WHERE subject_id = $1 AND changes ?| audit_personal_fields()"
        ),
        ("changes", "DELETE FROM events WHERE person_id = $1"),
        (
            "profile",
            """
            UPDATE accounts SET first_name = left(first_name, 1) || '.', last_name = left(last_name, 1) || '.',
                email = 'erased-' || id || '@erased.invalid', phone = NULL, personal_email = NULL, academic_title = NULL, position = NULL,
                chat_webhook_url = NULL, ico = NULL, dic = NULL, bank_account = NULL, password_hash = NULL, erased_at = $2,
                version = version + 1, updated_at = $2
            WHERE id = $1 AND erased_at IS NULL
            """
        ),
    ]

    package func erase(
        _ personId: UUID, rule: ErasureRule, reason: ErasureReason?, by actor: UUID?, fourEyes: FourEyesSettings?, now: Date
    ) async throws -> ErasureOutcome {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // An admin's erasure cannot be undone: while the rule applies, it waits for a second admin.
            var askedBy: AuditLog.Changes = [:]
            if let actor, let fourEyes {
                let decision = try await AdminChangeGate.decide(
                    .erasePerson, personId: personId, by: actor, reason: reason?.rawValue, settings: fourEyes, now: now, on: connection,
                    logger: logger)
                if decision == .request { return .requested }
                askedBy = AdminChangeGate.askedBy(decision)
            }
            try await connection.query("SET LOCAL staffbook.events = 'off'", logger: logger)
            let addresses = try await connection.query(
                "SELECT email::text FROM accounts WHERE id = \(personId) AND erased_at IS NULL", logger: logger
            ).collect()
            let address = try addresses.first?.decode(String.self)
            var counts: [String: Int] = [:]
            for step in Self.erasureSteps {
                var binds = PostgresBindings()
                binds.append(personId)
                if step.sql.contains("$2") { binds.append(now) }
                let result = try await connection.query(PostgresQuery(unsafeSQL: step.sql + " RETURNING 1", binds: binds), logger: logger)
                counts[step.name] = try await result.collect().count
            }
            // Told on request, at the address they had (kept only in this mail's row, which goes with
            // the other sent notifications after the activity period).
            if rule == .onRequest, let address {
                try await NotificationOutbox.add(
                    NewNotification(accountId: personId, kind: .personalDataErased, payload: NotificationPayload(address: address)), now: now,
                    on: connection, logger: logger)
            }
            if let actor {
                try await AuditLog.record(
                    on: connection, subject: personId, entity: "account", entityId: personId, action: "erase", by: actor, at: now,
                    changes: askedBy.merging(["reason": .init(from: nil, to: reason?.rawValue)]) { old, _ in old }, logger: logger)
            }
            return .erased(
                try await Self.log(
                    ErasureLogEntry(at: now, rule: rule, subjectId: personId, reason: reason, counts: counts), by: actor, on: connection,
                    logger: logger))
        }
    }

    package func purgeFiles(through month: CalendarMonth, now: Date) async throws -> ErasureLogEntry {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await connection.query("SET LOCAL staffbook.events = 'off'", logger: logger)
            // The invoice's bank account and what was read from its file (names, addresses) go
            // with the file; the amounts, dates and numbers stay for the sums.
            let cleared = try await connection.query(
                """
                UPDATE invoices SET bank_account = NULL
                WHERE period <= \(month.firstDay.iso)::date AND bank_account IS NOT NULL
                RETURNING 1
                """,
                logger: logger
            ).collect().count
            let purged = try await connection.query(
                """
                UPDATE invoice_files f SET content = ''::bytea, size = 0, data = NULL, purged_at = \(now)
                FROM invoices i WHERE i.id = f.invoice_id AND i.period <= \(month.firstDay.iso)::date AND f.purged_at IS NULL
                RETURNING 1
                """,
                logger: logger
            ).collect().count
            return try await Self.log(
                ErasureLogEntry(
                    at: now, rule: .accountingPeriodEnded, subjectId: nil, reason: nil, counts: ["files": purged, "invoice_bank_accounts": cleared]),
                by: nil,
                on: connection, logger: logger)
        }
    }

    package func pruneActivity(before cutoff: Date, now: Date) async throws -> ErasureLogEntry {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let sessions = try await connection.query(
                "DELETE FROM sessions WHERE coalesce(revoked_at, expires_at) < \(cutoff) RETURNING 1", logger: logger
            ).collect().count
            // Their delivery attempts go with them (first: they point at the notification).
            let notifications = try await connection.query(
                """
                WITH old AS (
                    SELECT n.id FROM notifications n WHERE n.created_at < \(cutoff) AND n.state <> 'pending'
                        AND NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.notification_id = n.id)
                ), attempts AS (DELETE FROM notification_attempts a USING old WHERE a.notification_id = old.id)
                DELETE FROM notifications n USING old WHERE n.id = old.id
                RETURNING 1
                """,
                logger: logger
            ).collect().count
            let exports = try await connection.query(
                "DELETE FROM personal_exports WHERE expires_at < \(now) RETURNING 1", logger: logger
            ).collect().count
            return try await Self.log(
                ErasureLogEntry(
                    at: now, rule: .activityAged, subjectId: nil, reason: nil,
                    counts: ["sessions": sessions, "notifications": notifications, "exports": exports]),
                by: nil, on: connection, logger: logger)
        }
    }

    /// Writes the log line unless nothing was erased.
    static func log(_ entry: ErasureLogEntry, by actor: UUID?, on connection: PostgresConnection, logger: Logger) async throws -> ErasureLogEntry {
        guard entry.counts.values.contains(where: { $0 > 0 }) || entry.rule == .onRequest else { return entry }
        let counts = String(decoding: try JSONEncoder().encode(entry.counts), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO erasures (at, rule, subject_id, reason, by, counts)
            VALUES (\(entry.at), \(entry.rule.rawValue), \(entry.subjectId), \(entry.reason?.rawValue), \(actor), \(counts)::jsonb)
            """,
            logger: logger
        )
        return entry
    }

    package func log(limit: Int) async throws -> [ErasureLogEntry] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT at, rule, subject_id, reason, counts::text FROM erasures ORDER BY at DESC, id LIMIT \(limit)", logger: logger
            ).collect()
            return try rows.map { row in
                let (at, rule, subject, reason, counts) = try row.decode((Date, String, UUID?, String?, String).self)
                return ErasureLogEntry(
                    at: at, rule: try StoredValue.enumeration(rule, column: "erasures.rule"), subjectId: subject,
                    reason: try reason.map { try StoredValue.enumeration($0, column: "erasures.reason") },
                    counts: (try? JSONDecoder().decode([String: Int].self, from: Data(counts.utf8))) ?? [:])
            }
        }
    }
}
