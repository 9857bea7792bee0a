import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// An invoice's data (what it says) and checks, as columns of `invoices`.
extension PostgresInvoiceRepository {
    /// The data and checks columns after `columns`, for a table alias.
    static func dataColumns(_ alias: String) -> String { InvoiceDataColumn.list(alias) }

    /// Reads `dataColumns` from `first` on into the invoice.
    static func decodeData(_ r: PostgresRandomAccessRow, from first: Int, into invoice: inout Invoice) throws {
        invoice.data = try data(r, from: first, total: invoice.amount)
        invoice.checks = try checks(try r[first + InvoiceDataColumn.checks.rawValue].decode(String.self))
        invoice.needsAttention = try r[first + InvoiceDataColumn.needsAttention.rawValue].decode(Bool.self)
        invoice.bankAccountConfirmedAt = try r[first + InvoiceDataColumn.bankAccountConfirmedAt.rawValue].decode(Date?.self)
    }

    /// The data of `dataColumns` from `first` on; the invoice's amount is its total.
    static func data(_ r: PostgresRandomAccessRow, from first: Int, total: Decimal) throws -> InvoiceData {
        func cell(_ column: InvoiceDataColumn) -> PostgresCell { r[first + column.rawValue] }
        var data = InvoiceData()
        data.number = try cell(.number).decode(String?.self)
        data.variableSymbol = try cell(.variableSymbol).decode(String?.self)
        data.supplierIco = try cell(.supplierIco).decode(String?.self)
        data.supplierDic = try cell(.supplierDic).decode(String?.self)
        data.customerIco = try cell(.customerIco).decode(String?.self)
        data.issueDate = try StoredValue.optionalDay(try cell(.issueDate).decode(String?.self), column: "invoices.issue_date")
        data.taxableSupplyDate = try StoredValue.optionalDay(
            try cell(.taxableSupplyDate).decode(String?.self), column: "invoices.taxable_supply_date")
        data.dueDate = try StoredValue.optionalDay(try cell(.dueDate).decode(String?.self), column: "invoices.due_date")
        data.amountWithoutVat = try StoredValue.optionalDecimal(
            try cell(.amountWithoutVat).decode(String?.self), column: "invoices.amount_without_vat")
        data.vatAmount = try StoredValue.optionalDecimal(try cell(.vatAmount).decode(String?.self), column: "invoices.vat_amount")
        data.vatRate = try StoredValue.optionalDecimal(try cell(.vatRate).decode(String?.self), column: "invoices.vat_rate")
        data.total = total
        data.currency = InvoiceData.Currency(rawValue: try cell(.currency).decode(String.self))
        data.bankAccount = try cell(.bankAccount).decode(String?.self).flatMap { try? BankAccount($0) }
        let sources = try cell(.sources).decode(String.self)
        guard let decoded = try? JSONDecoder().decode([String: String].self, from: Data(sources.utf8)) else {
            throw StoreError.malformedRow(column: "invoices.data_sources")
        }
        for (field, source) in decoded {
            if let field = InvoiceData.Field(rawValue: field), let source = InvoiceData.Source(rawValue: source) { data.sources[field] = source }
        }
        return data
    }

    static func checks(_ text: String) throws -> [InvoiceCheck] {
        guard let checks = try? JSONDecoder().decode([InvoiceCheck].self, from: Data(text.utf8)) else {
            throw StoreError.malformedRow(column: "invoices.checks")
        }
        return checks
    }

    /// The data as the file version keeps it (JSON of text values).
    static func snapshot(_ data: InvoiceData) -> String {
        var values: [String: String] = [:]
        func put(_ field: InvoiceData.Field, _ value: String?) {
            if let value { values[field.rawValue] = value }
        }
        put(.number, data.number)
        put(.variableSymbol, data.variableSymbol)
        put(.supplierIco, data.supplierIco)
        put(.supplierDic, data.supplierDic)
        put(.customerIco, data.customerIco)
        put(.issueDate, data.issueDate?.iso)
        put(.taxableSupplyDate, data.taxableSupplyDate?.iso)
        put(.dueDate, data.dueDate?.iso)
        put(.amountWithoutVat, data.amountWithoutVat.map { Money.format($0) })
        put(.vatAmount, data.vatAmount.map { Money.format($0) })
        put(.vatRate, data.vatRate.map { "\($0)" })
        put(.total, data.total.map { Money.format($0) })
        put(.currency, data.currency?.rawValue)
        put(.bankAccount, data.bankAccount?.iban)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let snapshot = ["values": values, "sources": Dictionary(uniqueKeysWithValues: data.sources.map { ($0.key.rawValue, $0.value.rawValue) })]
        return String(decoding: (try? encoder.encode(snapshot)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The data a file version kept (`snapshot`); nil for one from before invoices had data.
    static func data(snapshot text: String?) throws -> InvoiceData? {
        guard let text else { return nil }
        struct Snapshot: Decodable {
            var values: [String: String]
            var sources: [String: String]
        }
        let column = "invoice_files.data"
        guard let snapshot = try? JSONDecoder().decode(Snapshot.self, from: Data(text.utf8)) else { throw StoreError.malformedRow(column: column) }
        let values = snapshot.values
        var data = InvoiceData()
        data.number = values[InvoiceData.Field.number.rawValue]
        data.variableSymbol = values[InvoiceData.Field.variableSymbol.rawValue]
        data.supplierIco = values[InvoiceData.Field.supplierIco.rawValue]
        data.supplierDic = values[InvoiceData.Field.supplierDic.rawValue]
        data.customerIco = values[InvoiceData.Field.customerIco.rawValue]
        data.issueDate = try StoredValue.optionalDay(values[InvoiceData.Field.issueDate.rawValue], column: column)
        data.taxableSupplyDate = try StoredValue.optionalDay(values[InvoiceData.Field.taxableSupplyDate.rawValue], column: column)
        data.dueDate = try StoredValue.optionalDay(values[InvoiceData.Field.dueDate.rawValue], column: column)
        data.amountWithoutVat = try StoredValue.optionalDecimal(values[InvoiceData.Field.amountWithoutVat.rawValue], column: column)
        data.vatAmount = try StoredValue.optionalDecimal(values[InvoiceData.Field.vatAmount.rawValue], column: column)
        data.vatRate = try StoredValue.optionalDecimal(values[InvoiceData.Field.vatRate.rawValue], column: column)
        data.total = try StoredValue.optionalDecimal(values[InvoiceData.Field.total.rawValue], column: column)
        data.currency = values[InvoiceData.Field.currency.rawValue].flatMap(InvoiceData.Currency.init(rawValue:))
        data.bankAccount = values[InvoiceData.Field.bankAccount.rawValue].flatMap { try? BankAccount($0) }
        for (field, source) in snapshot.sources {
            if let field = InvoiceData.Field(rawValue: field), let source = InvoiceData.Source(rawValue: source) { data.sources[field] = source }
        }
        return data
    }
}

extension PostgresInvoiceRepository: InvoiceCheckRepository {
    package func checkContext(invoiceId: UUID) async throws -> InvoiceCheckContext? {
        let logger = self.logger
        return try await database.withConnection { connection in
            guard let invoice = try await Self.find(id: invoiceId, on: connection, logger: logger), invoice.kind == .uploaded else { return nil }
            let person = try await connection.query(
                """
                SELECT ico, dic, bank_account, weekly_capacity(id, \(invoice.period.firstDay.iso)::date)::text
                FROM accounts WHERE id = \(invoice.personId)
                """,
                logger: logger
            ).collect().first
            guard let person else { return nil }
            let (ico, dic, account, capacity) = try person.decode((String?, String?, String?, String).self)
            let month = invoice.period
            let (first, last) = (month.firstDay.iso, month.lastDay.iso)
            var contracts: [(from: CalendarDay, to: CalendarDay?)] = []
            let contractRows = try await connection.query(
                """
                SELECT valid_from::text, valid_to::text FROM contracts
                WHERE account_id = \(invoice.personId) AND type = 'ICO' AND valid_from <= \(last)::date
                  AND (valid_to IS NULL OR valid_to >= \(first)::date)
                """,
                logger: logger
            )
            for try await (from, to) in contractRows.decode((String, String?).self) {
                contracts.append(
                    (try StoredValue.day(from, column: "contracts.valid_from"), try StoredValue.optionalDay(to, column: "contracts.valid_to")))
            }
            var rates: [(effectiveFrom: CalendarDay, amount: Decimal)] = []
            let rateRows = try await connection.query(
                """
                SELECT effective_from::text, amount::text FROM hourly_rates
                WHERE account_id = \(invoice.personId) AND superseded_by IS NULL AND effective_from <= \(last)::date
                """,
                logger: logger
            )
            for try await (from, amount) in rateRows.decode((String, String).self) {
                rates.append(
                    (try StoredValue.day(from, column: "hourly_rates.effective_from"), try StoredValue.decimal(amount, column: "hourly_rates.amount"))
                )
            }
            var tracked: [CalendarDay: Decimal] = [:]
            let timeRows = try await connection.query(
                """
                SELECT to_char((started_at AT TIME ZONE 'Europe/Prague')::date, 'YYYY-MM-DD'),
                       round(sum(extract(epoch FROM ended_at - started_at)) / 3600, 4)::text
                FROM time_entries
                WHERE account_id = \(invoice.personId) AND ended_at IS NOT NULL
                  AND started_at >= (\(first)::date)::timestamp AT TIME ZONE 'Europe/Prague'
                  AND started_at < ((\(last)::date + 1)::timestamp AT TIME ZONE 'Europe/Prague')
                GROUP BY 1
                """,
                logger: logger
            )
            for try await (day, hours) in timeRows.decode((String, String).self) {
                tracked[try StoredValue.day(day, column: "time_entries.started_at")] = try StoredValue.decimal(hours, column: "hours")
            }
            let timeOff = try await Self.paidTimeOff(month: month, personId: invoice.personId, on: connection, logger: logger)
            var duplicates: [UUID] = []
            // An invoice's supplier is the person who uploaded it: an IČO an upload names (a
            // colleague's, say) cannot make someone else's invoice a duplicate.
            if invoice.data.number != nil || invoice.data.variableSymbol != nil {
                let rows = try await connection.query(
                    """
                    SELECT id FROM invoices
                    WHERE id <> \(invoiceId) AND account_id = \(invoice.personId) AND kind = 'uploaded'
                      AND (invoice_number = \(invoice.data.number) OR variable_symbol = \(invoice.data.variableSymbol))
                    ORDER BY period LIMIT 5
                    """,
                    logger: logger
                )
                for try await id in rows.decode(UUID.self) { duplicates.append(id) }
            }
            let confirmed =
                try await connection.query(
                    "SELECT bank_account FROM invoices WHERE id = \(invoiceId) AND bank_account_confirmed_at IS NOT NULL", logger: logger
                ).collect().first?.decode(String?.self) ?? nil
            return InvoiceCheckContext(
                month: month, data: invoice.data, amount: invoice.amount, profileIco: ico, profileDic: dic,
                profileAccount: account.flatMap { try? BankAccount($0) }, confirmedAccount: confirmed, duplicates: duplicates,
                contracts: contracts, weeklyCapacity: try StoredValue.decimal(capacity, column: "accounts.capacity_hours_per_week"), rates: rates,
                trackedHours: tracked, timeOff: (timeOff[invoice.personId] ?? []).map(\.absence))
        }
    }

    package func checkedInvoices(personId: UUID, from month: CalendarMonth) async throws -> [UUID] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT id FROM invoices
                WHERE account_id = \(personId) AND period >= \(month.firstDay.iso)::date AND kind = 'uploaded' AND state IN ('submitted', 'returned')
                ORDER BY period
                """,
                logger: logger
            ).collect().map { try $0.decode(UUID.self) }
        }
    }

    package func checksTicket(invoiceId: UUID) async throws -> Int64? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                INSERT INTO invoice_check_versions (invoice_id, requested) SELECT id, 1 FROM invoices WHERE id = \(invoiceId)
                ON CONFLICT (invoice_id) DO UPDATE SET requested = invoice_check_versions.requested + 1
                RETURNING requested
                """,
                logger: logger
            ).collect().first?.decode(Int64.self)
        }
    }

    package func storeChecks(invoiceId: UUID, checks: [InvoiceCheck], computedAs ticket: Int64) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // The newest computation wins, whatever order they commit in: an older one's checks
            // are not stored over a newer one's.
            let newer = try await connection.query(
                """
                UPDATE invoice_check_versions SET stored = \(ticket) WHERE invoice_id = \(invoiceId) AND stored < \(ticket) RETURNING 1
                """,
                logger: logger
            ).collect()
            guard !newer.isEmpty, let invoice = try await InvoiceWriter.lock(invoiceId, on: connection, logger: logger) else { return false }
            try await InvoiceWriter.store(checks, to: invoice, on: connection, logger: logger)
            return true
        }
    }
}

extension PostgresInvoiceRepository {
    package func confirmBankAccount(
        invoiceId: UUID, condition: VersionCondition, actorId: UUID, fourEyes: FourEyesStanding, now: Date
    ) async throws -> InvoiceOutcome? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard let current = try await InvoiceWriter.lock(invoiceId, on: connection, logger: logger), current.kind == .uploaded else {
                return nil
            }
            let change = try await InvoiceWriter.confirmAccount(
                of: current, by: actorId, standing: fourEyes, condition: condition, now: now, on: connection, logger: logger)
            let requested = change.requested
            return try await Self.find(id: invoiceId, on: connection, logger: logger).map { InvoiceOutcome(invoice: $0, requested: requested) }
        }
    }
}
