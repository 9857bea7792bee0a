import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresMonthEndRepository: MonthEndRepository {
    package let database: DatabasePool
    package let logger: Logger

    static let remindersKey = "reminders"

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func reminderSettings() async throws -> ReminderSettings {
        try await SettingsRow.read(Self.remindersKey, fallback: ReminderSettings(), database: database, logger: logger)
    }

    package func saveReminderSettings(_ settings: ReminderSettings, by: UUID, now: Date) async throws {
        try await SettingsRow.write(Self.remindersKey, settings, by: by, now: now, database: database, logger: logger)
    }

    package func missingInvoices(period: CalendarMonth) async throws -> [MissingInvoice] {
        try await missing(period: period, personId: nil)
    }

    package func missingInvoice(personId: UUID, period: CalendarMonth) async throws -> MissingInvoice? {
        try await missing(period: period, personId: personId).first
    }

    package func recordReminder(
        _ notification: NewNotification, personId: UUID, period: CalendarMonth, on day: CalendarDay, now: Date
    ) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.remind(notification, personId: personId, period: period, on: day, now: now, on: connection, logger: logger)
        }
    }

    /// Adds the reminder's notification and its row; once a day at most, so a second reminder of
    /// the day finds the row, withdraws its notification and answers false.
    static func remind(
        _ notification: NewNotification, personId: UUID, period: CalendarMonth, on day: CalendarDay, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        try await NotificationOutbox.add(notification, now: now, on: connection, logger: logger)
        let first = try await connection.query(
            """
            INSERT INTO invoice_reminders (account_id, period, sent_on, notification_id)
            VALUES (\(personId), \(period.firstDay.iso)::date, \(day.iso)::date, \(notification.id))
            ON CONFLICT DO NOTHING RETURNING notification_id
            """,
            logger: logger
        ).collect()
        if first.isEmpty {
            try await NotificationOutbox.withdraw(notification.id, on: connection, logger: logger)
        }
        return !first.isEmpty
    }

    private func missing(period: CalendarMonth, personId: UUID?) async throws -> [MissingInvoice] {
        let logger = self.logger
        let previous = period.adding(months: -1)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT a.id, a.first_name, a.last_name,
                       coalesce((SELECT array_agg(t.name::text ORDER BY t.name) FROM team_members m JOIN teams t ON t.id = m.team_id
                                 WHERE m.account_id = a.id), '{}'),
                       (SELECT i.amount::text FROM invoices i WHERE i.account_id = a.id AND i.period = \(previous.firstDay.iso)::date)
                FROM accounts a
                WHERE a.is_active AND (\(personId)::uuid IS NULL OR a.id = \(personId))
                  AND EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type = 'ICO'
                              AND c.valid_from <= \(period.lastDay.iso)::date
                              AND (c.valid_to IS NULL OR c.valid_to >= \(period.firstDay.iso)::date))
                  AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.id AND i.period = \(period.firstDay.iso)::date)
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """,
                logger: logger
            )
            var missing: [MissingInvoice] = []
            for try await (id, first, last, teams, amount) in rows.decode((UUID, String, String, [String], String?).self) {
                missing.append(
                    MissingInvoice(
                        personId: id, firstName: first, lastName: last, teams: teams,
                        previousAmount: try StoredValue.optionalDecimal(amount, column: "invoices.amount")
                    ))
            }
            return missing
        }
    }

    package func secondAdminWaits(now: Date) async throws -> Int {
        let logger = self.logger
        let since = now.addingTimeInterval(-PendingAdminChange.lifetime)
        return try await database.withConnection { connection in
            let invoices =
                try await connection.query(
                    """
                    SELECT (SELECT count(*) FROM invoices WHERE override_requested_by IS NOT NULL)
                         + (SELECT count(*) FROM invoices WHERE account_confirm_requested_by IS NOT NULL)
                         + (SELECT count(*) FROM admin_change_requests WHERE requested_at > \(since))
                    """,
                    logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            // Which drafts wait for a second admin is the engine's to say (`awaitsApproval`).
            let drafts = try await connection.query(
                "SELECT id, number, created_by, approval_required, approved_by FROM payment_runs WHERE state = 'draft'", logger: logger)
            var runs = 0
            for try await (id, number, createdBy, required, approvedBy) in drafts.decode((UUID, Int, UUID, Bool, UUID?).self) {
                let run = PaymentRunSnapshot(
                    id: id, number: number, state: .draft, createdBy: createdBy, approvalRequired: required, approvedBy: approvedBy)
                if run.awaitsApproval { runs += 1 }
            }
            return invoices + runs
        }
    }

    package func unpaidRuns(on day: CalendarDay) async throws -> [Int] {
        let logger = self.logger
        let atTheBank = PaymentRunWorkflow.atTheBank.map(\.rawValue)
        let days = try await PostgresPaymentRunRepository(database: database, logger: logger).paymentSettings().unmatchedAfterDays
        let cutoff = day.adding(days: -days)
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT number FROM payment_runs
                WHERE state = ANY(\(atTheBank)::text[]) AND sent_at < (\(cutoff.iso)::date + 1)::timestamp AT TIME ZONE 'Europe/Prague'
                ORDER BY number
                """,
                logger: logger
            ).collect().map { try $0.decode(Int.self) }
        }
    }

    package func invoicesNeedingAttention(period: CalendarMonth) async throws -> Int {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT count(*) FROM invoices
                WHERE period = \(period.firstDay.iso)::date AND state = \(InvoiceState.submitted.rawValue) AND needs_attention
                """,
                logger: logger
            ).collect()
            return try rows.first?.decode(Int.self) ?? 0
        }
    }

    package func activeAdmins() async throws -> [UUID] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "SELECT id FROM accounts WHERE is_active AND 'admin' = ANY(roles) ORDER BY id", logger: logger
            ).collect().map { try $0.decode(UUID.self) }
        }
    }

    package func peopleAway(from first: CalendarDay, to last: CalendarDay) async throws -> Set<UUID> {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT DISTINCT account_id FROM absences
                WHERE state = ANY(\(AbsenceBinds.timeBlockingStates)) AND part = ANY(\(AbsenceBinds.timeBlockingParts))
                  AND first_day <= \(first.iso)::date AND last_day >= \(last.iso)::date
                """,
                logger: logger
            ).collect()
            return Set(try rows.map { try $0.decode(UUID.self) })
        }
    }
}
