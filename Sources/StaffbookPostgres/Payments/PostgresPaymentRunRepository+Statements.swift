import Crypto
import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Bank statements: read against the runs at the bank, recorded, and the payments they show.
extension PostgresPaymentRunRepository {
    /// A payment at the bank, with what paying its invoice needs.
    private struct Waiting {
        var payment: SentPayment
        var invoiceId: UUID
        var runId: UUID
        var runNumber: Int
        var personId: UUID
        var period: String
        var invoiceAmount: String
        var paidOn: CalendarDay? = nil
    }

    /// Payments statements showed paid in the last two years: a line repeating one is reported.
    private static func paidBefore(on connection: PostgresConnection, logger: Logger) async throws -> [Waiting] {
        let rows = try await connection.query(
            """
            SELECT p.id, p.amount::text, p.currency, p.variable_symbol, p.bank_account, p.invoice_id, r.id, r.number, i.account_id,
                   to_char(i.period, 'YYYY-MM'), i.amount::text, to_char(p.paid_on, 'YYYY-MM-DD')
            FROM payment_run_items p JOIN payment_runs r ON r.id = p.run_id JOIN invoices i ON i.id = p.invoice_id
            WHERE p.state = 'paid' AND p.paid_on >= current_date - 730
            ORDER BY p.paid_on DESC, p.id
            """,
            logger: logger
        )
        var paid: [Waiting] = []
        for try await row in rows.decode((UUID, String, String, String?, String, UUID, UUID, Int, UUID, String, String, String?).self) {
            paid.append(
                Waiting(
                    payment: SentPayment(
                        itemId: row.0, amount: try StoredValue.decimal(row.1, column: "payment_run_items.amount"), currency: row.2,
                        variableSymbol: row.3, account: row.4),
                    invoiceId: row.5, runId: row.6, runNumber: row.7, personId: row.8, period: row.9, invoiceAmount: row.10,
                    paidOn: row.11.flatMap(CalendarDay.init)))
        }
        return paid
    }

    package func importStatement(_ statement: BankStatement, source: Data, confirm: Bool, actorId: UUID, now: Date) async throws -> StatementImport {
        let logger = self.logger
        let digest = Data(SHA256.hash(data: source))
        let identifier = statement.identifier ?? digest.map { String(format: "%02x", $0) }.joined()
        let body: @Sendable (PostgresConnection) async throws -> StatementImport = { connection in
            if confirm {
                // One import at a time: two statements never both pay one item.
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext('staffbook:bank-statements'))", logger: logger)
            }
            let earlier = try await connection.query(
                "SELECT id FROM bank_statements WHERE format = \(statement.format.rawValue) AND identifier = \(identifier)", logger: logger
            ).collect()
            if let id = try earlier.first?.decode(UUID.self) {
                return StatementImport(
                    statementId: id, format: statement.format, identifier: identifier, recorded: false, repeated: true,
                    lineCount: statement.lines.count, matched: [], partial: [], unmatched: []
                )
            }
            let waiting = try await Self.waiting(lock: confirm, on: connection, logger: logger)
            let paidBefore = try await Self.paidBefore(on: connection, logger: logger)
            let byItem = Dictionary(waiting.map { ($0.payment.itemId, $0) }, uniquingKeysWith: { first, _ in first })
            let paidByItem = Dictionary(paidBefore.map { ($0.payment.itemId, $0) }, uniquingKeysWith: { first, _ in first })
            let result = StatementMatching.match(statement.lines, sent: waiting.map(\.payment), paid: paidBefore.map(\.payment))
            var report = StatementImport(
                statementId: nil, format: statement.format, identifier: identifier, recorded: false, repeated: false,
                lineCount: statement.lines.count,
                matched: result.matched.compactMap { pair in
                    guard let item = byItem[pair.itemId] else { return nil }
                    let line = statement.lines[pair.line]
                    return .init(
                        line: pair.line + 1, itemId: pair.itemId, invoiceId: item.invoiceId, runNumber: item.runNumber, amount: line.amount,
                        currency: line.currency, bookedOn: line.bookingDate
                    )
                },
                partial: result.partial.compactMap { partial in
                    guard let item = byItem[partial.itemId] else { return nil }
                    return .init(
                        line: partial.line + 1, invoiceId: item.invoiceId, runNumber: item.runNumber, agreeing: partial.agreeing,
                        otherInvoiceIds: partial.others.compactMap { byItem[$0]?.invoiceId })
                },
                unmatched: result.unmatched.map { ($0 + 1, statement.lines[$0]) }
            )
            report.account = statement.account
            report.paidTwice = result.paidTwice.compactMap { pair in
                guard let item = paidByItem[pair.itemId], let paidOn = item.paidOn else { return nil }
                return .init(line: pair.line + 1, invoiceId: item.invoiceId, runNumber: item.runNumber, paidOn: paidOn)
            }
            guard confirm else { return report }
            let statementId = UUID()
            try await connection.query(
                """
                INSERT INTO bank_statements (id, format, identifier, sha256, line_count, matched_count, imported_by, imported_at)
                VALUES (\(statementId), \(statement.format.rawValue), \(identifier), \(ByteBuffer(data: digest)), \(statement.lines.count),
                        \(report.matched.count), \(actorId), \(now))
                """,
                logger: logger
            )
            try await Self.recordLines(statement, statementId: statementId, result: result, on: connection, logger: logger)
            try await Self.pay(report.matched, waiting: byItem, statementId: statementId, actorId: actorId, now: now, on: connection, logger: logger)
            report.statementId = statementId
            report.recorded = true
            return report
        }
        return try await confirm ? database.withTransaction(body) : database.withConnection(body)
    }

    /// Pending items of runs at the bank (locked when the statement will pay some). Locks are
    /// taken runs first, then items, then invoices, as a run's cancellation takes them: the two
    /// never wait for each other in a circle.
    private static func waiting(lock: Bool, on connection: PostgresConnection, logger: Logger) async throws -> [Waiting] {
        let atTheBank = PaymentRunWorkflow.atTheBank.map(\.rawValue)
        if lock {
            _ = try await connection.query(
                "SELECT id FROM payment_runs WHERE state = ANY(\(atTheBank)::text[]) ORDER BY id FOR UPDATE", logger: logger
            ).collect()
        }
        let rows = try await connection.query(
            """
            SELECT p.id, p.amount::text, p.currency, p.variable_symbol, p.bank_account, p.invoice_id, r.id, r.number, i.account_id,
                   to_char(i.period, 'YYYY-MM'), i.amount::text
            FROM payment_run_items p JOIN payment_runs r ON r.id = p.run_id JOIN invoices i ON i.id = p.invoice_id
            WHERE p.state = 'pending' AND r.state = ANY(\(atTheBank)::text[])
            ORDER BY r.number, p.id
            \(unescaped: lock ? "FOR UPDATE OF p" : "")
            """,
            logger: logger
        )
        var waiting: [Waiting] = []
        for try await row in rows.decode((UUID, String, String, String?, String, UUID, UUID, Int, UUID, String, String).self) {
            waiting.append(
                Waiting(
                    payment: SentPayment(
                        itemId: row.0, amount: try StoredValue.decimal(row.1, column: "payment_run_items.amount"), currency: row.2,
                        variableSymbol: row.3, account: row.4
                    ),
                    invoiceId: row.5, runId: row.6, runNumber: row.7, personId: row.8, period: row.9, invoiceAmount: row.10
                ))
        }
        return waiting
    }

    /// Every line with what became of it, in one statement.
    private static func recordLines(
        _ statement: BankStatement, statementId: UUID, result: StatementMatching.Result, on connection: PostgresConnection, logger: Logger
    ) async throws {
        var outcomes = Array(repeating: "unmatched", count: statement.lines.count)
        var items = Array(repeating: "", count: statement.lines.count)
        for partial in result.partial { outcomes[partial.line] = "partial" }
        for pair in result.matched {
            outcomes[pair.line] = "matched"
            items[pair.line] = pair.itemId.lowercasedString
        }
        let lines = statement.lines
        // In slices: one statement of the most lines it may have stays within a bind message's limits.
        for start in stride(from: 0, to: lines.count, by: 5000) {
            let range = start..<min(start + 5000, lines.count)
            let slice = Array(lines[range])
            try await connection.query(
                """
                INSERT INTO bank_statement_lines
                    (statement_id, line, booked_on, amount, currency, is_debit, variable_symbol, counter_account, counter_name, reference,
                     outcome, item_id)
                SELECT \(statementId), u.line, u.booked::date, u.amount::numeric, u.currency, u.debit, nullif(u.symbol, ''),
                       nullif(u.account, ''), nullif(u.name, ''), nullif(u.reference, ''), u.outcome, nullif(u.item, '')::uuid
                FROM unnest(\(range.map { $0 + 1 })::int[], \(slice.map(\.bookingDate.iso))::text[],
                            \(slice.map { "\($0.amount)" })::text[], \(slice.map(\.currency))::text[], \(slice.map(\.isDebit))::bool[],
                            \(slice.map { $0.variableSymbol ?? "" })::text[], \(slice.map { $0.counterAccount ?? "" })::text[],
                            \(slice.map { $0.counterName ?? "" })::text[], \(slice.map { $0.reference ?? "" })::text[],
                            \(Array(outcomes[range]))::text[], \(Array(items[range]))::text[])
                     AS u(line, booked, amount, currency, debit, symbol, account, name, reference, outcome, item)
                """,
                logger: logger
            )
        }
    }

    /// Marks the matched items and their invoices paid on the booking day, tells each owner, and
    /// moves each run on (paid when nothing of it waits).
    private static func pay(
        _ matched: [StatementImport.Matched], waiting: [UUID: Waiting], statementId: UUID, actorId: UUID, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !matched.isEmpty else { return }
        try await PaymentRunWriter.pay(matched.map { ($0.itemId, $0.bookedOn) }, statementId: statementId, on: connection, logger: logger)
        // Each matched invoice through the invoice writer, as the engine decides (paid on the
        // booking day; one no longer approved stays as it is).
        let byInvoice = Dictionary(matched.map { ($0.invoiceId, $0) }, uniquingKeysWith: { first, _ in first })
        for invoice in try await InvoiceWriter.lock(Array(byInvoice.keys), on: connection, logger: logger) {
            guard let entry = byInvoice[invoice.id], let item = waiting[entry.itemId] else { continue }
            let command = InvoiceCommand(
                .markPaid, by: .system, actorId: actorId, reason: "run \(item.runNumber), booked \(entry.bookedOn.iso)", now: now,
                paidAt: TimeRules.midnight(entry.bookedOn))
            guard let decided = try? InvoiceWriter.decide(command, on: invoice) else { continue }
            try await InvoiceWriter.apply(decided, on: connection, logger: logger)
        }
        for runId in Set(matched.compactMap { waiting[$0.itemId]?.runId }).sorted(by: { $0.lowercasedString < $1.lowercasedString }) {
            // Moves each run on from its items' states, as the engine decides.
            _ = try await PaymentRunWriter.decideAndApply(.settle(by: actorId), runId: runId, now: now, on: connection, logger: logger)
        }
    }
}
