import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Generated statements: who needs one for a month, and storing them.
extension PostgresInvoiceRepository {
    package func statementCandidates(month: CalendarMonth) async throws -> [StatementCandidate] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT a.id, a.first_name, a.last_name, a.email::text, coalesce(a.capacity_hours_per_week, 40)::text,
                       (SELECT json_agg(json_build_array(c.valid_from::text, c.valid_to::text))::text FROM contracts c
                        WHERE c.account_id = a.id AND c.type IN ('HPP', 'DPP', 'DPC')
                          AND c.valid_from <= \(month.lastDay.iso)::date
                          AND (c.valid_to IS NULL OR c.valid_to >= \(month.firstDay.iso)::date)),
                       coalesce((SELECT json_agg(json_build_array(r.effective_from::text, r.amount::text))::text
                                 FROM hourly_rates r WHERE r.account_id = a.id), '[]')
                FROM accounts a
                WHERE EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type IN ('HPP', 'DPP', 'DPC')
                              AND c.valid_from <= \(month.lastDay.iso)::date
                              AND (c.valid_to IS NULL OR c.valid_to >= \(month.firstDay.iso)::date))
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """,
                logger: logger
            )
            var candidates: [StatementCandidate] = []
            for try await (id, first, last, email, capacity, contracts, rates) in rows.decode(
                (UUID, String, String, String, String, String, String).self
            ) {
                let contractPairs = (try? JSONSerialization.jsonObject(with: Data(contracts.utf8)) as? [[Any]]) ?? []
                let ratePairs = (try? JSONSerialization.jsonObject(with: Data(rates.utf8)) as? [[Any]]) ?? []
                candidates.append(
                    StatementCandidate(
                        person: InvoicePerson(id: id, firstName: first, lastName: last, email: email),
                        weeklyCapacity: Decimal(string: capacity) ?? 40,
                        contractRanges: contractPairs.compactMap { pair in
                            guard let from = (pair.first as? String).flatMap(CalendarDay.init) else { return nil }
                            return (from, (pair.last as? String).flatMap(CalendarDay.init))
                        },
                        rates: ratePairs.compactMap { pair in
                            guard let day = (pair.first as? String).flatMap(CalendarDay.init),
                                let amount = (pair.last as? String).flatMap({ Decimal(string: $0) })
                            else { return nil }
                            return (day, amount)
                        }
                    ))
            }
            return candidates
        }
    }

    package func saveStatement(
        personId: UUID, month: CalendarMonth, statement: StatementCalculator.Statement, workbook: Data, actorId: UUID?, now: Date
    ) async throws -> StatementOutcome {
        let logger = self.logger
        let file = UploadedFile(content: workbook, sha256: nil, mediaType: XLSXWorkbook.mediaType, originalName: "statement-\(month.iso).xlsx")
        let amount = "\(statement.amount)", hours = "\(statement.hours)", rate = "\(statement.rate)"
        return try await database.withTransaction { connection in
            let existing = try await connection.query(
                "SELECT id, state, kind FROM invoices WHERE account_id = \(personId) AND period = \(month.firstDay.iso)::date FOR UPDATE",
                logger: logger
            ).collect().first.map { try $0.decode((UUID, String, String).self) }
            let fileId = UUID()
            if let (invoiceId, stateText, kindText) = existing {
                let state = try StoredValue.enumeration(stateText, as: InvoiceState.self, column: "invoices.state")
                let kind = try StoredValue.enumeration(kindText, as: InvoiceKind.self, column: "invoices.kind")
                guard kind == .statement else { return .skipped("an uploaded invoice exists") }
                guard case .success(let next) = InvoiceWorkflow.apply(.regenerate, to: state, kind: kind, by: .system) else {
                    return .skipped("already \(state.rawValue)")
                }
                try await Self.insertFile(fileId, invoiceId: invoiceId, file: file, by: actorId, now: now, on: connection, logger: logger)
                try await connection.query(
                    """
                    UPDATE invoices SET state = \(next.rawValue), amount = \(amount)::numeric, statement_hours = \(hours)::numeric,
                        statement_rate = \(rate)::numeric, current_file_id = \(fileId), return_reason = NULL,
                        submitted_at = \(now), version = version + 1, updated_at = \(now)
                    WHERE id = \(invoiceId)
                    """,
                    logger: logger
                )
                try await Self.event(
                    invoiceId, action: InvoiceAction.regenerate.rawValue, from: state.rawValue, to: next.rawValue, actor: actorId,
                    reason: nil, at: now, on: connection, logger: logger
                )
                return .regenerated(invoiceId)
            }
            guard case .success(let initial) = InvoiceWorkflow.apply(.generate, to: nil, kind: .statement, by: .system) else {
                return .skipped("statements cannot be generated")
            }
            let invoiceId = UUID()
            try await connection.query(
                """
                INSERT INTO invoices (id, account_id, period, state, kind, amount, statement_hours, statement_rate,
                                      current_file_id, submitted_at, created_at, updated_at)
                VALUES (\(invoiceId), \(personId), \(month.firstDay.iso)::date, \(initial.rawValue), 'statement', \(amount)::numeric,
                        \(hours)::numeric, \(rate)::numeric, \(fileId), \(now), \(now), \(now))
                """,
                logger: logger
            )
            try await Self.insertFile(fileId, invoiceId: invoiceId, file: file, by: actorId, now: now, on: connection, logger: logger)
            try await Self.event(
                invoiceId, action: InvoiceAction.generate.rawValue, from: nil, to: initial.rawValue, actor: actorId, reason: nil,
                at: now, on: connection, logger: logger
            )
            try await NotificationOutbox.add(
                NewNotification(
                    accountId: personId, kind: .statementReady,
                    payload: NotificationPayload(period: month.iso, amount: Money.format(statement.amount), invoiceId: invoiceId.lowercasedString)
                ),
                now: now, on: connection, logger: logger
            )
            return .created(invoiceId)
        }
    }
}
