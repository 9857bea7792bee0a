import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The one writer of `payment_runs` and of its items' states: creates a run, locks one as a
/// snapshot, and applies what `PaymentRunEngine` decided over it, in the caller's transaction.
package enum PaymentRunWriter {
    /// The run with its row locked, as the engine decides over it; nil for no such run.
    package static func lock(_ runId: UUID, on connection: PostgresConnection, logger: Logger) async throws -> PaymentRunSnapshot? {
        let rows = try await connection.query(
            """
            SELECT r.number, r.state, r.version, r.created_by, r.approval_required, r.approved_by,
                   coalesce((SELECT array_agg(p.state ORDER BY p.id) FROM payment_run_items p WHERE p.run_id = r.id), '{}')
            FROM payment_runs r WHERE r.id = \(runId) FOR UPDATE OF r
            """,
            logger: logger
        ).collect()
        guard
            let (number, state, version, createdBy, required, approvedBy, items) = try rows.first?.decode(
                (Int, String, Int, UUID, Bool, UUID?, [String]).self)
        else { return nil }
        return PaymentRunSnapshot(
            id: runId, number: number, state: try StoredValue.enumeration(state, column: "payment_runs.state"), version: version,
            createdBy: createdBy, approvalRequired: required, approvedBy: approvedBy,
            items: try items.map { try StoredValue.enumeration($0, as: PaymentItemState.self, column: "payment_run_items.state") })
    }

    /// A new draft run (its items are inserted by the caller, in the same transaction).
    static func create(runId: UUID, actorId: UUID, approvalRequired: Bool, now: Date, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        try await connection.query(
            """
            INSERT INTO payment_runs (id, state, created_by, created_at, approval_required)
            VALUES (\(runId), 'draft', \(actorId), \(now), \(approvalRequired))
            """,
            logger: logger
        )
    }

    /// A made run's event and audit entry: how many payments, and whether it waits for a second admin.
    static func created(
        _ runId: UUID, payments: Int, approvalRequired: Bool, actorId: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO payment_run_events (run_id, at, actor_id, action, from_state, to_state, detail)
            VALUES (\(runId), \(now), \(actorId), 'create', NULL, 'draft', \("\(payments) payments"))
            """,
            logger: logger
        )
        try await AuditLog.record(
            on: connection, subject: actorId, entity: "payment_run", entityId: runId, action: "create", by: actorId, at: now,
            changes: [
                "state": .init(from: nil, to: PaymentRunState.draft.rawValue), "payments": .init(from: nil, to: String(payments)),
                "awaiting": .init(from: nil, to: approvalRequired ? "second_admin" : nil),
            ], logger: logger)
    }

    /// Items a statement paid, on their booking days.
    static func pay(_ items: [(itemId: UUID, bookedOn: CalendarDay)], statementId: UUID, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        guard !items.isEmpty else { return }
        try await connection.query(
            """
            UPDATE payment_run_items p SET state = 'paid', paid_on = u.booked::date, statement_id = \(statementId)
            FROM unnest(\(items.map(\.itemId))::uuid[], \(items.map(\.bookedOn.iso))::text[]) AS u(id, booked)
            WHERE p.id = u.id
            """,
            logger: logger
        )
    }

    /// Writes the decision: the run's row, its event and audit entry, its pending items when it
    /// is called off, and the notes of their invoices.
    package static func apply(
        _ decision: PaymentRunDecision, to run: PaymentRunSnapshot, actorId: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard let event = decision.event else { return }
        func stamp(_ value: RunStamp) -> Date? {
            if case .set(let date) = value { return date }
            return nil
        }
        try await connection.query(
            """
            UPDATE payment_runs SET state = \(decision.to.rawValue), version = version + 1,
                approved_by = coalesce(\(decision.approvedBy), approved_by), approved_at = coalesce(\(stamp(decision.approvedAt)), approved_at),
                sent_at = coalesce(sent_at, \(stamp(decision.sentAt))), paid_at = coalesce(\(stamp(decision.paidAt)), paid_at),
                cancelled_at = coalesce(\(stamp(decision.cancelledAt)), cancelled_at)
            WHERE id = \(run.id)
            """,
            logger: logger
        )
        try await connection.query(
            """
            INSERT INTO payment_run_events (run_id, at, actor_id, action, from_state, to_state, detail)
            VALUES (\(run.id), \(now), \(actorId), \(event), \(decision.from.rawValue), \(decision.to.rawValue), \(decision.detail))
            """,
            logger: logger
        )
        // A run is nobody's: the admin who acted is its audit row's subject too.
        var changes: AuditLog.Changes = [:]
        for field in decision.audit { changes[field.field] = .init(from: field.from, to: field.to) }
        if let detail = decision.detail { changes["affirmation"] = .init(from: nil, to: detail) }
        try await AuditLog.record(
            on: connection, subject: actorId, entity: "payment_run", entityId: run.id, action: event, by: actorId, at: now, changes: changes,
            logger: logger)
        if let note = decision.invoiceNote {
            let pending = try await connection.query(
                "SELECT invoice_id FROM payment_run_items WHERE run_id = \(run.id) AND state = 'pending' ORDER BY invoice_id", logger: logger
            ).collect().map { try $0.decode(UUID.self) }
            _ = try await InvoiceWriter.lock(pending, on: connection, logger: logger)
            try await InvoiceWriter.note(
                pending, action: note, detail: "run \(run.number)", actorId: actorId, now: now, on: connection, logger: logger)
        }
        if decision.cancelsPendingItems {
            // Frees the invoices: another run may take them.
            try await connection.query(
                "UPDATE payment_run_items SET state = 'cancelled' WHERE run_id = \(run.id) AND state = 'pending'", logger: logger)
        }
    }

    /// Locks the run, decides, and applies: the run as it is after, or the refusal thrown.
    package static func decideAndApply(
        _ command: PaymentRunCommand, runId: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> PaymentRunSnapshot? {
        guard let run = try await lock(runId, on: connection, logger: logger) else { return nil }
        let decision = try PaymentRunEngine.decide(command, on: run, now: now).get()
        try await apply(decision, to: run, actorId: command.actorId, now: now, on: connection, logger: logger)
        return run
    }
}
