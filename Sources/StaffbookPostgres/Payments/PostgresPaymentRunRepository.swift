import Crypto
import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPaymentRunRepository: PaymentRunRepository {
    package let database: DatabasePool
    package let logger: Logger

    static let settingsKey = "payments"

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func paymentSettings() async throws -> PaymentSettings {
        try await SettingsRow.read(Self.settingsKey, fallback: PaymentSettings(), database: database, logger: logger)
    }

    package func savePaymentSettings(_ settings: PaymentSettings, by: UUID, now: Date) async throws {
        try await SettingsRow.write(Self.settingsKey, settings, by: by, now: now, database: database, logger: logger)
    }

    package func candidates(selection: PaymentSelection) async throws -> [PaymentCandidate] {
        let logger = self.logger
        let ids: [UUID]? =
            switch selection {
            case .ids(let texts): texts.compactMap(UUID.init(uuidString:))
            case .all, .dueBy: nil
            }
        let approved = InvoiceState.approved.rawValue
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT i.id, a.id, a.first_name || ' ' || a.last_name, to_char(i.period, 'YYYY-MM'), i.state, i.kind,
                       i.amount::text, i.currency, i.needs_attention, i.bank_account, i.variable_symbol, i.invoice_number,
                       to_char(i.due_date, 'YYYY-MM-DD'),
                       (SELECT r.number FROM payment_run_items p JOIN payment_runs r ON r.id = p.run_id
                        WHERE p.invoice_id = i.id AND p.state = 'pending'),
                       EXISTS (SELECT 1 FROM invoice_events e
                               WHERE e.invoice_id = i.id AND e.action = 'approve_override' AND e.at >= i.approved_at),
                       i.approved_amount::text, i.approved_account, a.bank_account
                FROM invoices i JOIN accounts a ON a.id = i.account_id
                WHERE (\(ids)::uuid[] IS NULL AND i.state = \(approved)) OR i.id = ANY(\(ids)::uuid[])
                ORDER BY i.due_date NULLS FIRST, a.last_name COLLATE czech, a.first_name COLLATE czech, i.period, i.id
                """,
                logger: logger
            )
            var candidates: [PaymentCandidate] = []
            for try await row in rows.decode(
                (
                    UUID, UUID, String, String, String, String, String, String, Bool, String?, String?, String?, String?, Int?, Bool, String?,
                    String?,
                    String?
                ).self
            ) {
                let state = try StoredValue.enumeration(row.4, as: InvoiceState.self, column: "invoices.state")
                // What was approved is paid (InvoicePayee): the store reads the columns, Core says which.
                let amount = InvoicePayee.amount(
                    approved: try row.15.map { try StoredValue.decimal($0, column: "invoices.approved_amount") },
                    amount: try StoredValue.decimal(row.6, column: "invoices.amount"))
                candidates.append(
                    PaymentCandidate(
                        invoiceId: row.0, personId: row.1, name: row.2, period: try StoredValue.month(row.3, column: "invoices.period"),
                        state: state, kind: try StoredValue.enumeration(row.5, column: "invoices.kind"),
                        amount: amount, currency: row.7, needsAttention: row.8, approvedOverChecks: row.14,
                        bankAccount: InvoicePayee.account(state: state, approved: row.16, invoice: row.9, owner: row.17),
                        variableSymbol: row.10, invoiceNumber: row.11,
                        dueDate: try StoredValue.optionalDay(row.12, column: "invoices.due_date"), openRun: row.13
                    ))
            }
            return candidates
        }
    }

    package func create(
        runId: UUID, items: [PaymentRunItem], leftOut: [(invoiceId: UUID, reason: String)], actorId: UUID, approvalRequired: Bool, now: Date
    ) async throws -> (
        run: PaymentRun, taken: [PaymentRunItem]
    ) {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await PaymentRunWriter.create(
                runId: runId, actorId: actorId, approvalRequired: approvalRequired, now: now, on: connection, logger: logger)
            // Locks the invoices (the invoice writer's order) and keeps those still approved and
            // in no other run: an admin returning one meanwhile waits, and then finds it changed.
            let locked = Set(
                try await InvoiceWriter.lock(items.map(\.invoiceId), on: connection, logger: logger)
                    .filter { $0.state == .approved && $0.openRun == nil }.map(\.id))
            let writable = items.filter { locked.contains($0.invoiceId) }
            // The partial unique index decides: an invoice another run took first is skipped.
            let inserted = Set(
                try await connection.query(
                    """
                    INSERT INTO payment_run_items
                        (id, run_id, invoice_id, amount, currency, creditor_name, bank_account, variable_symbol, due_date, message)
                    SELECT u.id, \(runId), u.invoice_id, u.amount::numeric, u.currency, u.name, u.account, nullif(u.symbol, ''),
                           u.due::date, u.message
                    FROM unnest(\(writable.map(\.id))::uuid[], \(writable.map(\.invoiceId))::uuid[],
                                \(writable.map { Money.format($0.amount) })::text[], \(writable.map(\.currency))::text[],
                                \(writable.map(\.creditorName))::text[], \(writable.map(\.bankAccount))::text[],
                                \(writable.map { $0.variableSymbol ?? "" })::text[], \(writable.map(\.dueDate.iso))::text[],
                                \(writable.map(\.message))::text[])
                         AS u(id, invoice_id, amount, currency, name, account, symbol, due, message)
                    ON CONFLICT (invoice_id) WHERE state = 'pending' DO NOTHING
                    RETURNING invoice_id
                    """,
                    logger: logger
                ).collect().map { try $0.decode(UUID.self) })
            let taken = items.filter { !inserted.contains($0.invoiceId) }
            // Everything went elsewhere meanwhile: no empty run is left behind.
            guard !inserted.isEmpty else {
                throw PaymentRunError.nothingToPay(
                    taken.map {
                        PaymentExclusion(invoiceId: $0.invoiceId.lowercasedString, reason: locked.contains($0.invoiceId) ? .inOpenRun : .notApproved)
                    }
                )
            }
            guard let number = try await Self.number(runId, on: connection, logger: logger) else {
                throw StoreError.malformedRow(column: "payment_runs.number")
            }
            try await InvoiceWriter.note(
                Array(inserted).sorted { $0.lowercasedString < $1.lowercasedString }, action: "payment-run", detail: "run \(number)",
                actorId: actorId, now: now, on: connection, logger: logger)
            try await PaymentRunWriter.created(
                runId, payments: inserted.count, approvalRequired: approvalRequired, actorId: actorId, now: now, on: connection, logger: logger)
            // Each invoice left out keeps why in its history.
            for (invoiceId, reason) in leftOut.sorted(by: { $0.invoiceId.lowercasedString < $1.invoiceId.lowercasedString }) {
                try await InvoiceWriter.note(
                    [invoiceId], action: "left-out-of-run", detail: "run \(number): \(reason)", actorId: actorId, now: now, on: connection,
                    logger: logger)
            }
            guard let run = try await Self.find(id: runId, on: connection, logger: logger) else {
                throw StoreError.malformedRow(column: "payment_runs.id")
            }
            return (run, taken)
        }
    }

    package func find(id: UUID) async throws -> PaymentRun? {
        let logger = self.logger
        return try await database.withConnection { connection in try await Self.find(id: id, on: connection, logger: logger) }
    }

    package func list(page: PageRequest<CreatedPosition>) async throws -> [PaymentRunSummary] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.summaryColumns) FROM payment_runs r
                WHERE \(after == nil) OR (r.created_at, r.id) < (\(after?.createdAt ?? Date()), \(after?.id ?? UUID()))
                ORDER BY r.created_at DESC, r.id DESC LIMIT \(page.fetchLimit)
                """,
                logger: logger
            )
            return try await Self.summaries(rows)
        }
    }

    package func unmatchedRuns(sentBefore: Date) async throws -> [PaymentRunSummary] {
        let logger = self.logger
        let atTheBank = PaymentRunWorkflow.atTheBank.map(\.rawValue)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.summaryColumns) FROM payment_runs r
                WHERE r.state = ANY(\(atTheBank)::text[]) AND r.sent_at <= \(sentBefore)
                ORDER BY r.sent_at, r.id
                """,
                logger: logger
            )
            return try await Self.summaries(rows)
        }
    }

    package func file(runId: UUID, format: BankFileFormat) async throws -> PaymentRunFile? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT id, content FROM payment_run_files WHERE run_id = \(runId) AND format = \(format.rawValue)", logger: logger
            )
            for try await (id, content) in rows.decode((UUID, ByteBuffer).self) {
                return PaymentRunFile(id: id, format: format, content: Data(buffer: content))
            }
            return nil
        }
    }

    package func file(id: UUID) async throws -> (runNumber: Int, file: PaymentRunFile)? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT r.number, f.format, f.content FROM payment_run_files f JOIN payment_runs r ON r.id = f.run_id WHERE f.id = \(id)",
                logger: logger
            )
            for try await (number, format, content) in rows.decode((Int, String, ByteBuffer).self) {
                let format = try StoredValue.enumeration(format, as: BankFileFormat.self, column: "payment_run_files.format")
                return (number, PaymentRunFile(id: id, format: format, content: Data(buffer: content)))
            }
            return nil
        }
    }

    package func saveFile(runId: UUID, format: BankFileFormat, content: Data, actorId: UUID, now: Date) async throws -> PaymentRunFile {
        let logger = self.logger
        let digest = Data(SHA256.hash(data: content))
        try await database.withConnection { connection in
            _ = try await connection.query(
                """
                INSERT INTO payment_run_files (id, run_id, format, content, sha256, created_by, created_at)
                VALUES (\(UUID()), \(runId), \(format.rawValue), \(ByteBuffer(data: content)), \(ByteBuffer(data: digest)), \(actorId), \(now))
                ON CONFLICT (run_id, format) DO NOTHING
                """,
                logger: logger
            )
        }
        guard let kept = try await file(runId: runId, format: format) else { throw StoreError.malformedRow(column: "payment_run_files.id") }
        return kept
    }

    package func approve(runId: UUID, actorId: UUID, fourEyes: FourEyesSettings, now: Date) async throws -> PaymentRunChange {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let standing = try await AdminChangeGate.standing(fourEyes, now: now, forChange: false, on: connection, logger: logger)
            return try await Self.change(.approve(by: actorId, standing: standing), runId: runId, now: now, on: connection, logger: logger)
        }
    }

    package func change(runId: UUID, action: PaymentRunWorkflow.Action, affirmation: String?, actorId: UUID, now: Date) async throws
        -> PaymentRunChange
    {
        let logger = self.logger
        let command: PaymentRunCommand =
            switch action {
            case .send: .send(by: actorId)
            case .cancel: .cancel(by: actorId, affirmation: affirmation)
            }
        return try await database.withTransaction { connection in
            try await Self.change(command, runId: runId, now: now, on: connection, logger: logger)
        }
    }

    /// The engine's decision applied by the writer, and the run as it is then.
    static func change(_ command: PaymentRunCommand, runId: UUID, now: Date, on connection: PostgresConnection, logger: Logger) async throws
        -> PaymentRunChange
    {
        do {
            guard try await PaymentRunWriter.decideAndApply(command, runId: runId, now: now, on: connection, logger: logger) != nil else {
                return .notFound
            }
        } catch PaymentRunError.refused(let state) {
            return .refused(state)
        }
        guard let run = try await Self.find(id: runId, on: connection, logger: logger) else { return .notFound }
        return .done(run)
    }
}
