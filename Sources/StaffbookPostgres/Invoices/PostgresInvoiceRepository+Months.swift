import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// A person's months: the first contract month, the page of months with their invoices, and
/// whether a month had a contractor contract.
extension PostgresInvoiceRepository {
    package func firstContractMonth(personId: UUID) async throws -> CalendarMonth? {
        let logger = self.logger
        return try await database.withConnection { connection in
            for try await month in try await connection.execute(FirstContractMonthStatement(key: personId), logger: logger) {
                return month
            }
            return nil
        }
    }

    package func months(personId: UUID, first: CalendarMonth, last: CalendarMonth, page: PageRequest<MonthPosition>) async throws -> [MonthRow] {
        let logger = self.logger
        // Months are contiguous, so the page's months are known before asking: only those are
        // generated and only their invoices read (an index range), not the person's whole history.
        var top = last
        if let before = page.after.flatMap({ CalendarMonth($0.month) }) { top = min(top, before.adding(months: -1)) }
        top = top.adding(months: -page.offset)
        guard top >= first else { return [] }
        let statement = MonthsStatement(personId: personId, top: top, bottom: max(first, top.adding(months: -(page.fetchLimit - 1))))
        return try await database.withConnection { connection in
            var months: [MonthRow] = []
            for try await month in try await connection.execute(statement, logger: logger) {
                months.append(month)
            }
            return months
        }
    }

    package func hadContractorContract(personId: UUID, month: CalendarMonth) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM contracts WHERE account_id = \(personId) AND type = 'ICO'
                               AND valid_from <= \(month.lastDay.iso)::date
                               AND (valid_to IS NULL OR valid_to >= \(month.firstDay.iso)::date))
                """,
                logger: logger
            ).collect()
            return try StoredValue.single(rows, column: "exists").decode(Bool.self)
        }
    }
}
