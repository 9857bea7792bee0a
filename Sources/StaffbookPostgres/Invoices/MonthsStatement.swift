import Foundation
import PostgresNIO
import StaffbookCore

/// A person's months from `top` down to `bottom` with their invoices and whether each had a
/// contractor contract or any contract. Prepared once per connection: the plan (an index range
/// of the person's invoices, probes of their contracts) does not depend on the values.
package struct MonthsStatement: PostgresPreparedStatement {
    package typealias Row = MonthRow

    package static let name = "staffbook_months"
    package static let sql = """
        SELECT to_char(m.month, 'YYYY-MM'), i.id, i.state, i.kind, i.amount::text, i.return_reason,
               f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
               EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = $1 AND c.type = 'ICO'
                       AND c.valid_from < m.month + interval '1 month' AND (c.valid_to IS NULL OR c.valid_to >= m.month)),
               EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = $1
                       AND c.valid_from < m.month + interval '1 month' AND (c.valid_to IS NULL OR c.valid_to >= m.month)),
               \(PostgresInvoiceRepository.dataColumns("i"))
        FROM generate_series($2::date, $3::date, interval '-1 month') AS m (month)
        LEFT JOIN invoices i ON i.account_id = $1 AND i.period = m.month AND i.period BETWEEN $3::date AND $2::date
        LEFT JOIN invoice_files f ON f.id = i.current_file_id
        ORDER BY m.month DESC
        """

    package let personId: UUID
    package let top: CalendarMonth
    package let bottom: CalendarMonth

    package init(personId: UUID, top: CalendarMonth, bottom: CalendarMonth) {
        self.personId = personId
        self.top = top
        self.bottom = bottom
    }

    package func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(personId)
        bindings.append(top.firstDay.iso)
        bindings.append(bottom.firstDay.iso)
        return bindings
    }

    package func decodeRow(_ row: PostgresRow) throws -> MonthRow {
        let r = row.makeRandomAccess()
        var existing: MonthRow.Existing?
        if let id = try r[1].decode(UUID?.self) {
            existing = MonthRow.Existing(
                id: id, state: try StoredValue.enumeration(try r[2].decode(String.self), column: "invoices.state"),
                kind: try StoredValue.enumeration(try r[3].decode(String.self), column: "invoices.kind"),
                amount: try StoredValue.decimal(try r[4].decode(String.self), column: "invoices.amount"),
                returnReason: try r[5].decode(String?.self),
                file: InvoiceFile(
                    id: try r[6].decode(UUID.self), mediaType: try r[7].decode(String.self),
                    size: try r[8].decode(Int.self), sha256: try r[9].decode(String.self)
                )
            )
            if let amount = existing?.amount {
                existing?.data = try PostgresInvoiceRepository.data(r, from: 12, total: amount)
                existing?.checks = try PostgresInvoiceRepository.checks(try r[12 + InvoiceDataColumn.checks.rawValue].decode(String.self))
            }
        }
        return MonthRow(
            month: try StoredValue.month(try r[0].decode(String.self), column: "month"), invoice: existing,
            hadContractorContract: try r[10].decode(Bool.self), hadAnyContract: try r[11].decode(Bool.self)
        )
    }
}
