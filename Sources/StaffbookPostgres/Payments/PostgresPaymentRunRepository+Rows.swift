import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Reading runs.
extension PostgresPaymentRunRepository {
    static let summaryColumns = """
        r.id, r.number, r.state, r.created_at, r.sent_at, r.paid_at, r.cancelled_at,
        coalesce((SELECT string_agg(t.currency || ':' || t.n || ':' || t.total, ';' ORDER BY t.currency)
                  FROM (SELECT currency, count(*) AS n, sum(amount)::text AS total FROM payment_run_items
                        WHERE run_id = r.id AND state IN ('pending', 'paid') GROUP BY currency) t), '')
        """

    static func summaries(_ rows: PostgresRowSequence) async throws -> [PaymentRunSummary] {
        var summaries: [PaymentRunSummary] = []
        for try await row in rows.decode((UUID, Int, String, Date, Date?, Date?, Date?, String).self) {
            summaries.append(
                PaymentRunSummary(
                    id: row.0, number: row.1, state: try StoredValue.enumeration(row.2, column: "payment_runs.state"), createdAt: row.3,
                    sentAt: row.4, paidAt: row.5, cancelledAt: row.6, totals: try totals(row.7)
                ))
        }
        return summaries
    }

    /// `CZK:3:45000.00;EUR:1:1200.00`.
    private static func totals(_ text: String) throws(StoreError) -> [CurrencyTotal] {
        var totals: [CurrencyTotal] = []
        for part in text.split(separator: ";") {
            let fields = part.split(separator: ":")
            guard fields.count == 3, let count = Int(fields[1]) else { throw .malformedRow(column: "payment_run_items.amount") }
            totals.append(
                CurrencyTotal(
                    currency: String(fields[0]), count: count,
                    total: try StoredValue.decimal(String(fields[2]), column: "payment_run_items.amount")
                ))
        }
        return totals
    }

    static func number(_ runId: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Int? {
        try await connection.query("SELECT number FROM payment_runs WHERE id = \(runId)", logger: logger).collect().first?.decode(Int.self)
    }

    static func find(id: UUID, on connection: PostgresConnection, logger: Logger) async throws -> PaymentRun? {
        let runs = try await connection.query(
            """
            SELECT r.number, r.state, r.version, r.created_by, r.created_at, r.sent_at, r.paid_at, r.cancelled_at, r.approval_required,
                   r.approved_by, r.approved_at, c.first_name || ' ' || c.last_name, a.first_name || ' ' || a.last_name
            FROM payment_runs r JOIN accounts c ON c.id = r.created_by LEFT JOIN accounts a ON a.id = r.approved_by
            WHERE r.id = \(id)
            """,
            logger: logger
        ).collect()
        guard
            let row = try runs.first?.decode((Int, String, Int, UUID, Date, Date?, Date?, Date?, Bool, UUID?, Date?, String, String?).self)
        else { return nil }
        var items: [PaymentRunItem] = []
        let itemRows = try await connection.query(
            """
            SELECT p.id, p.invoice_id, i.account_id, to_char(i.period, 'YYYY-MM'), p.state, p.amount::text, p.currency, p.creditor_name,
                   p.bank_account, p.variable_symbol, to_char(p.due_date, 'YYYY-MM-DD'), p.message, to_char(p.paid_on, 'YYYY-MM-DD')
            FROM payment_run_items p JOIN invoices i ON i.id = p.invoice_id
            WHERE p.run_id = \(id)
            ORDER BY p.due_date, p.creditor_name, p.id
            """,
            logger: logger
        )
        for try await item in itemRows.decode(
            (UUID, UUID, UUID, String, String, String, String, String, String, String?, String, String, String?).self
        ) {
            items.append(
                PaymentRunItem(
                    id: item.0, invoiceId: item.1, personId: item.2, period: try StoredValue.month(item.3, column: "invoices.period"),
                    state: try StoredValue.enumeration(item.4, column: "payment_run_items.state"),
                    amount: try StoredValue.decimal(item.5, column: "payment_run_items.amount"), currency: item.6, creditorName: item.7,
                    bankAccount: item.8, variableSymbol: item.9, dueDate: try StoredValue.day(item.10, column: "payment_run_items.due_date"),
                    message: item.11, paidOn: try StoredValue.optionalDay(item.12, column: "payment_run_items.paid_on")
                ))
        }
        var events: [PaymentRunEvent] = []
        let eventRows = try await connection.query(
            """
            SELECT e.at, e.actor_id, e.action, e.from_state, e.to_state, e.detail, a.first_name || ' ' || a.last_name
            FROM payment_run_events e LEFT JOIN accounts a ON a.id = e.actor_id WHERE e.run_id = \(id) ORDER BY e.at, e.id
            """,
            logger: logger
        )
        for try await (at, actor, action, from, to, detail, name) in eventRows.decode((Date, UUID?, String, String?, String, String?, String?).self) {
            var event = PaymentRunEvent(
                at: at, actorId: actor, action: action,
                from: try from.map { try StoredValue.enumeration($0, as: PaymentRunState.self, column: "payment_run_events.from_state") },
                to: try StoredValue.enumeration(to, column: "payment_run_events.to_state"), detail: detail
            )
            event.actorName = name
            events.append(event)
        }
        var run = PaymentRun(
            id: id, number: row.0, state: try StoredValue.enumeration(row.1, column: "payment_runs.state"), version: row.2, createdBy: row.3,
            createdAt: row.4, sentAt: row.5, paidAt: row.6, cancelledAt: row.7, items: items, events: events
        )
        run.approvalRequired = row.8
        run.approvedBy = row.9
        run.approvedAt = row.10
        run.createdByName = row.11
        run.approvedByName = row.12
        return run
    }
}
