import Foundation
import Logging
import PostgresNIO

/// A person's months: the first contract month, the page of months with their invoices, and
/// whether a month had a contractor contract.
extension PostgresInvoiceRepository {
    func firstContractMonth(personId: UUID) async throws -> CalendarMonth? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                "SELECT to_char(min(valid_from), 'YYYY-MM') FROM contracts WHERE account_id = \(personId)", logger: logger
            ).collect().first?.decode(String?.self).flatMap(CalendarMonth.init)
        }
    }

    func months(personId: UUID, first: CalendarMonth, last: CalendarMonth, page: PageRequest<MonthPosition>) async throws -> [MonthRow] {
        let logger = self.logger
        // Months are contiguous, so the page's months are known before asking: only those are
        // generated and only their invoices read (an index range), not the person's whole history.
        var top = last
        if let before = page.after.flatMap({ CalendarMonth($0.month) }) { top = min(top, before.adding(months: -1)) }
        top = top.adding(months: -page.offset)
        guard top >= first else { return [] }
        let bottom = max(first, top.adding(months: -(page.fetchLimit - 1)))
        let (topDay, bottomDay) = (top.firstDay.iso, bottom.firstDay.iso)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT to_char(m.month, 'YYYY-MM'), i.id, i.state, i.kind, i.amount::text, i.return_reason,
                       f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
                       EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = \(personId) AND c.type = 'ICO'
                               AND c.valid_from < m.month + interval '1 month' AND (c.valid_to IS NULL OR c.valid_to >= m.month)),
                       EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = \(personId)
                               AND c.valid_from < m.month + interval '1 month' AND (c.valid_to IS NULL OR c.valid_to >= m.month))
                FROM generate_series(\(topDay)::date, \(bottomDay)::date, interval '-1 month') AS m (month)
                LEFT JOIN invoices i ON i.account_id = \(personId) AND i.period = m.month
                                    AND i.period BETWEEN \(bottomDay)::date AND \(topDay)::date
                LEFT JOIN invoice_files f ON f.id = i.current_file_id
                ORDER BY m.month DESC
                """,
                logger: logger
            )
            var months: [MonthRow] = []
            for try await row in rows {
                let r = row.makeRandomAccess()
                var existing: MonthRow.Existing?
                if let id = try r[1].decode(UUID?.self) {
                    existing = MonthRow.Existing(
                        id: id, state: InvoiceState(rawValue: try r[2].decode(String.self))!,
                        kind: InvoiceKind(rawValue: try r[3].decode(String.self))!,
                        amount: Decimal(string: try r[4].decode(String.self))!, returnReason: try r[5].decode(String?.self),
                        file: InvoiceFile(
                            id: try r[6].decode(UUID.self), mediaType: try r[7].decode(String.self),
                            size: try r[8].decode(Int.self), sha256: try r[9].decode(String.self)
                        )
                    )
                }
                months.append(MonthRow(
                    month: CalendarMonth(try r[0].decode(String.self))!, invoice: existing,
                    hadContractorContract: try r[10].decode(Bool.self), hadAnyContract: try r[11].decode(Bool.self)
                ))
            }
            return months
        }
    }

    func hadContractorContract(personId: UUID, month: CalendarMonth) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM contracts WHERE account_id = \(personId) AND type = 'ICO'
                               AND valid_from <= \(month.lastDay.iso)::date
                               AND (valid_to IS NULL OR valid_to >= \(month.firstDay.iso)::date))
                """,
                logger: logger
            ).collect().first!.decode(Bool.self)
        }
    }
}
