import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The one writer of an invoice's state, its events, its audit entries and the notifications
/// about it, inside the caller's transaction: it locks the invoice (`FOR UPDATE`), reads what
/// `InvoiceEngine` decides on, and writes what it decided. An admin's action, an upload, a
/// generated statement, a payment run and a bank statement all change invoices through it
/// (`ArchitectureTests` keeps every other file from writing `invoices.state`).
package enum InvoiceWriter {
    /// The columns of a snapshot, from `invoices i`.
    private static let columns = """
        i.id, i.account_id, to_char(i.period, 'YYYY-MM'), i.state, i.kind, i.version, i.amount::text, i.checks::text,
        (SELECT r.number FROM payment_run_items p JOIN payment_runs r ON r.id = p.run_id WHERE p.invoice_id = i.id AND p.state = 'pending'),
        i.override_requested_by, i.bank_account, (SELECT a.bank_account FROM accounts a WHERE a.id = i.account_id), i.approved_account,
        i.account_confirm_requested_by
        """

    /// Locks the invoice and reads it as a decision needs it; nil when there is none.
    package static func lock(_ invoiceId: UUID, on connection: PostgresConnection, logger: Logger) async throws -> InvoiceSnapshot? {
        let rows = try await connection.query(
            "SELECT \(unescaped: columns) FROM invoices i WHERE i.id = \(invoiceId) FOR UPDATE OF i", logger: logger
        ).collect()
        return try rows.first.map(snapshot)
    }

    /// Locks the person's invoice of the month, if there is one.
    package static func lock(personId: UUID, month: CalendarMonth, on connection: PostgresConnection, logger: Logger) async throws
        -> InvoiceSnapshot?
    {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: columns) FROM invoices i WHERE i.account_id = \(personId) AND i.period = \(month.firstDay.iso)::date
            FOR UPDATE OF i
            """,
            logger: logger
        ).collect()
        return try rows.first.map(snapshot)
    }

    /// Locks these invoices, in id order (every writer locks many in this order, so two never
    /// wait for each other), and reads them.
    package static func lock(_ invoiceIds: [UUID], on connection: PostgresConnection, logger: Logger) async throws -> [InvoiceSnapshot] {
        let rows = try await connection.query(
            "SELECT \(unescaped: columns) FROM invoices i WHERE i.id = ANY(\(invoiceIds)::uuid[]) ORDER BY i.id FOR UPDATE OF i",
            logger: logger
        ).collect()
        return try rows.map(snapshot)
    }

    /// Decides `command` on the locked invoice and writes the change (with the file and data it
    /// brings, for an upload or a statement); the change, or the refusal (thrown as
    /// `InvoiceRefusal`).
    package static func apply(
        _ command: InvoiceCommand, to invoice: InvoiceSnapshot, content: InvoiceContent? = nil, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> InvoiceChange {
        try await apply(try decide(command, on: invoice), content: content, on: connection, logger: logger)
    }

    /// A change decided before what it brings is written (an upload checks its quota, a
    /// statement compares its bytes, in between): applied as decided, never decided again.
    package struct Decided: Sendable {
        package let command: InvoiceCommand
        package let invoice: InvoiceSnapshot?
        package let change: InvoiceChange
    }

    /// The engine's decision of `command` on the locked invoice (nil: there is none yet), or the
    /// refusal thrown.
    package static func decide(_ command: InvoiceCommand, on invoice: InvoiceSnapshot?) throws(InvoiceRefusal) -> Decided {
        Decided(command: command, invoice: invoice, change: try InvoiceEngine.decide(command, on: invoice).get())
    }

    /// Writes a change decided on an existing invoice, and what it brings.
    @discardableResult
    package static func apply(_ decided: Decided, content: InvoiceContent? = nil, on connection: PostgresConnection, logger: Logger)
        async throws -> InvoiceChange
    {
        guard let invoice = decided.invoice else { throw StoreError.malformedRow(column: "invoices.id") }
        try await write(decided.change, to: invoice, command: decided.command, on: connection, logger: logger)
        if let content { try await write(content, to: invoice, on: connection, logger: logger) }
        return decided.change
    }

    /// What an upload or a statement brings with its change: the amount, the current file, a
    /// statement's figures, and the data the invoice says.
    package struct InvoiceContent: Sendable {
        package var amount: Decimal
        package var fileId: UUID
        package var statement: (hours: Decimal, rate: Decimal, basis: String)?
        package var data: InvoiceData?

        package init(amount: Decimal, fileId: UUID, statement: (hours: Decimal, rate: Decimal, basis: String)? = nil, data: InvoiceData? = nil) {
            self.amount = amount
            self.fileId = fileId
            self.statement = statement
            self.data = data
        }
    }

    private static func write(_ content: InvoiceContent, to invoice: InvoiceSnapshot, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        try await connection.query(
            """
            UPDATE invoices SET amount = \("\(content.amount)")::numeric, current_file_id = \(content.fileId),
                statement_hours = coalesce(\(content.statement.map { "\($0.hours)" })::numeric, statement_hours),
                statement_rate = coalesce(\(content.statement.map { "\($0.rate)" })::numeric, statement_rate),
                statement_basis = coalesce(\(content.statement?.basis), statement_basis)
            WHERE id = \(invoice.id)
            """,
            logger: logger
        )
        if let data = content.data { try await write(data, to: invoice, on: connection, logger: logger) }
    }

    /// Sets the invoice's data columns from `data`; a confirmed account, and a confirmation asked
    /// for, stand only while the data names the same account (`InvoiceEngine.confirmationStands`).
    package static func write(_ data: InvoiceData, to invoice: InvoiceSnapshot, on connection: PostgresConnection, logger: Logger) async throws {
        let sources = String(
            decoding: (try? JSONEncoder().encode(Dictionary(uniqueKeysWithValues: data.sources.map { ($0.key.rawValue, $0.value.rawValue) })))
                ?? Data("{}".utf8), as: UTF8.self)
        let stands = InvoiceEngine.confirmationStands(invoice, accountNow: data.bankAccount?.iban)
        try await connection.query(
            """
            UPDATE invoices SET invoice_number = \(data.number), variable_symbol = \(data.variableSymbol), supplier_ico = \(data.supplierIco),
                supplier_dic = \(data.supplierDic), customer_ico = \(data.customerIco), issue_date = \(data.issueDate?.iso)::date,
                taxable_supply_date = \(data.taxableSupplyDate?.iso)::date, due_date = \(data.dueDate?.iso)::date,
                amount_without_vat = \(data.amountWithoutVat.map { "\($0)" })::numeric, vat_amount = \(data.vatAmount.map { "\($0)" })::numeric,
                vat_rate = \(data.vatRate.map { "\($0)" })::numeric, currency = \(data.currency?.rawValue ?? "CZK"),
                bank_account = \(data.bankAccount?.iban), data_sources = \(sources)::jsonb,
                bank_account_confirmed_by = CASE WHEN \(stands) THEN bank_account_confirmed_by END,
                bank_account_confirmed_at = CASE WHEN \(stands) THEN bank_account_confirmed_at END,
                account_confirm_requested_by = CASE WHEN \(stands) THEN account_confirm_requested_by END,
                account_confirm_requested_at = CASE WHEN \(stands) THEN account_confirm_requested_at END
            WHERE id = \(invoice.id)
            """,
            logger: logger
        )
    }

    /// An admin's confirmation of the account the locked invoice names, decided by the engine and
    /// written with its event and audit entry; the change, or the refusal thrown.
    package static func confirmAccount(
        of invoice: InvoiceSnapshot, by actorId: UUID, standing: FourEyesStanding, condition: VersionCondition, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> AccountConfirmationChange {
        let change = try InvoiceEngine.confirmAccount(on: invoice, by: actorId, standing: standing, condition: condition).get()
        if let by = change.requestedBy {
            try await connection.query(
                "UPDATE invoices SET account_confirm_requested_by = \(by), account_confirm_requested_at = \(now) WHERE id = \(invoice.id)",
                logger: logger)
        }
        if let by = change.confirmedBy {
            try await connection.query(
                """
                UPDATE invoices SET bank_account_confirmed_by = \(by), bank_account_confirmed_at = \(now),
                    account_confirm_requested_by = NULL, account_confirm_requested_at = NULL
                WHERE id = \(invoice.id)
                """,
                logger: logger)
        }
        try await note([invoice.id], action: change.event, detail: change.account, actorId: actorId, now: now, on: connection, logger: logger)
        try await AuditLog.record(
            on: connection, subject: invoice.personId, entity: "invoice", entityId: invoice.id, action: change.event, by: actorId, at: now,
            changes: ["bankAccount": .init(from: nil, to: change.account)], logger: logger)
        return change
    }

    /// Checks computed for the locked invoice, stored if `InvoiceEngine.storesChecks` lets them.
    package static func store(_ checks: [InvoiceCheck], to invoice: InvoiceSnapshot, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        guard InvoiceEngine.storesChecks(invoice) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(checks), as: UTF8.self)
        try await connection.query(
            "UPDATE invoices SET checks = \(json)::jsonb, needs_attention = \(checks.contains { $0.needsAttention }) WHERE id = \(invoice.id)",
            logger: logger)
    }

    /// What a new invoice row holds besides its state.
    package struct NewInvoice: Sendable {
        package var id: UUID
        package var personId: UUID
        package var month: CalendarMonth
        package var kind: InvoiceKind
        package var amount: Decimal
        package var currentFileId: UUID
        /// A statement's hours, mean rate and basis.
        package var statement: (hours: Decimal, rate: Decimal, basis: String)?

        package init(
            id: UUID, personId: UUID, month: CalendarMonth, kind: InvoiceKind, amount: Decimal, currentFileId: UUID,
            statement: (hours: Decimal, rate: Decimal, basis: String)? = nil
        ) {
            self.id = id
            self.personId = personId
            self.month = month
            self.kind = kind
            self.amount = amount
            self.currentFileId = currentFileId
            self.statement = statement
        }
    }

    /// Inserts an invoice where there was none (a first upload, a first statement) in the state
    /// decided, with the data it says.
    package static func insert(_ invoice: NewInvoice, decided: Decided, data: InvoiceData? = nil, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let (change, command) = (decided.change, decided.command)
        let submitted: Date = if case .set(let at) = change.submittedAt { at } else { command.now }
        try await connection.query(
            """
            INSERT INTO invoices (id, account_id, period, state, kind, amount, statement_hours, statement_rate, statement_basis,
                                  current_file_id, return_reason, submitted_at, created_at, updated_at)
            VALUES (\(invoice.id), \(invoice.personId), \(invoice.month.firstDay.iso)::date, \(change.to.rawValue), \(invoice.kind.rawValue),
                    \("\(invoice.amount)")::numeric, \(invoice.statement.map { "\($0.hours)" })::numeric,
                    \(invoice.statement.map { "\($0.rate)" })::numeric, \(invoice.statement?.basis), \(invoice.currentFileId),
                    \(change.returnReason), \(submitted), \(command.now), \(command.now))
            """,
            logger: logger
        )
        try await record(
            change, invoiceId: invoice.id, personId: invoice.personId, month: invoice.month, amount: invoice.amount,
            command: command, on: connection, logger: logger)
        if let data {
            let inserted = InvoiceSnapshot(
                id: invoice.id, personId: invoice.personId, period: invoice.month, state: change.to, kind: invoice.kind, version: 1,
                amount: invoice.amount)
            try await write(data, to: inserted, on: connection, logger: logger)
        }
    }

    /// An event on invoices whose state does not change (a payment run took them, was sent or
    /// was cancelled), with their version moved on: a page read before it is stale.
    package static func note(
        _ invoiceIds: [UUID], action: String, detail: String?, actorId: UUID?, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !invoiceIds.isEmpty else { return }
        try await connection.query(
            """
            WITH touched AS (
                UPDATE invoices SET version = version + 1, updated_at = \(now) WHERE id = ANY(\(invoiceIds)::uuid[]) RETURNING id, state
            )
            INSERT INTO invoice_events (invoice_id, at, actor_id, action, from_state, to_state, reason)
            SELECT id, \(now), \(actorId), \(action), state, state, \(detail) FROM touched
            """,
            logger: logger
        )
    }

    private static func write(
        _ change: InvoiceChange, to invoice: InvoiceSnapshot, command: InvoiceCommand, on connection: PostgresConnection, logger: Logger
    ) async throws {
        func mode(_ stamp: InvoiceStamp) -> String {
            switch stamp {
            case .keep: "keep"
            case .set: "set"
            case .clear: "clear"
            }
        }
        func at(_ stamp: InvoiceStamp) -> Date? {
            if case .set(let date) = stamp { return date }
            return nil
        }
        let request: (mode: String, by: UUID?, reason: String?) =
            switch change.overrideRequest {
            case .keep: ("keep", nil, nil)
            case .set(let by, let reason): ("set", by, reason)
            case .clear: ("clear", nil, nil)
            }
        // What is approved is what is paid: the account and the amount the engine kept.
        let payment: (mode: String, account: String?, amount: String?) =
            switch change.approvedPayment {
            case .keep: ("keep", nil, nil)
            case .set(let account, let amount): ("set", account, "\(amount)")
            case .clear: ("clear", nil, nil)
            }
        try await connection.query(
            """
            UPDATE invoices SET state = \(change.to.rawValue), version = version + 1, updated_at = \(command.now),
                return_reason = \(change.returnReason),
                submitted_at = CASE \(mode(change.submittedAt)) WHEN 'set' THEN \(at(change.submittedAt)) ELSE submitted_at END,
                approved_at = CASE \(mode(change.approvedAt)) WHEN 'set' THEN \(at(change.approvedAt)) WHEN 'clear' THEN NULL ELSE approved_at END,
                paid_at = CASE \(mode(change.paidAt)) WHEN 'set' THEN \(at(change.paidAt)) WHEN 'clear' THEN NULL ELSE paid_at END,
                returned_at = CASE \(mode(change.returnedAt)) WHEN 'set' THEN \(at(change.returnedAt)) ELSE returned_at END,
                -- What is approved is what is paid: the account (its own, else its owner's) and the
                -- amount, kept from the approval until the invoice goes back.
                approved_account = CASE \(payment.mode) WHEN 'keep' THEN approved_account ELSE \(payment.account) END,
                approved_amount = CASE \(payment.mode) WHEN 'keep' THEN approved_amount ELSE \(payment.amount)::numeric END,
                override_requested_by = CASE \(request.mode) WHEN 'keep' THEN override_requested_by ELSE \(request.by) END,
                override_reason = CASE \(request.mode) WHEN 'keep' THEN override_reason ELSE \(request.reason) END,
                override_requested_at = CASE \(request.mode) WHEN 'set' THEN \(command.now) WHEN 'clear' THEN NULL ELSE override_requested_at END
            WHERE id = \(invoice.id)
            """,
            logger: logger
        )
        try await record(
            change, invoiceId: invoice.id, personId: invoice.personId, month: invoice.period, amount: invoice.amount, command: command,
            on: connection, logger: logger)
    }

    /// The change's event, audit entry and notification.
    private static func record(
        _ change: InvoiceChange, invoiceId: UUID, personId: UUID, month: CalendarMonth, amount: Decimal, command: InvoiceCommand,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO invoice_events (invoice_id, at, actor_id, action, from_state, to_state, reason)
            VALUES (\(invoiceId), \(command.now), \(command.actorId), \(change.event), \(change.from?.rawValue), \(change.to.rawValue),
                    \(change.reason))
            """,
            logger: logger
        )
        if let audit = change.audit {
            try await AuditLog.record(
                on: connection, subject: personId, entity: "invoice", entityId: invoiceId, action: audit.action, by: command.actorId,
                at: command.now,
                changes: Dictionary(
                    audit.changes.map { ($0.field, AuditLog.Change(from: $0.field == "state" ? change.from?.rawValue : nil, to: $0.to)) }
                ) { first, _ in first },
                logger: logger)
        }
        if let kind = change.notify {
            let payload = NotificationPayload(
                period: month.iso, amount: Money.format(amount), reason: change.reason, invoiceId: invoiceId.lowercasedString)
            try await NotificationOutbox.add(
                NewNotification(accountId: personId, kind: kind, payload: payload), now: command.now, on: connection, logger: logger)
        }
    }

    private static func snapshot(_ row: PostgresRow) throws -> InvoiceSnapshot {
        let (
            id, personId, period, state, kind, version, amount, checks, openRun, overrideRequestedBy, account, ownerAccount, approvedAccount,
            confirmRequestedBy
        ) = try row.decode((UUID, UUID, String, String, String, Int, String, String, Int?, UUID?, String?, String?, String?, UUID?).self)
        return InvoiceSnapshot(
            id: id, personId: personId, period: try StoredValue.month(period, column: "invoices.period"),
            state: try StoredValue.enumeration(state, as: InvoiceState.self, column: "invoices.state"),
            kind: try StoredValue.enumeration(kind, as: InvoiceKind.self, column: "invoices.kind"), version: version,
            amount: try StoredValue.decimal(amount, column: "invoices.amount"),
            checks: (try? JSONDecoder().decode([InvoiceCheck].self, from: Data(checks.utf8))) ?? [], openRun: openRun,
            overrideRequestedBy: overrideRequestedBy, bankAccount: account, ownerAccount: ownerAccount, approvedAccount: approvedAccount,
            accountConfirmRequestedBy: confirmRequestedBy)
    }
}
