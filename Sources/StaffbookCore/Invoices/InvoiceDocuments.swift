import Foundation

/// The spreadsheets people open: an employee's statement, and a month's approved invoices for
/// the accountant. Both in Czech and English, ready to print one page wide.
package enum InvoiceDocuments {
    /// One row of an export.
    package struct ExportRow: Sendable {
        package var employee: String
        package var email: String
        package var period: CalendarMonth
        package var amount: Decimal
        package var invoiceId: UUID
        package var link: String
        /// What the invoice says (number, variable symbol, IČO, account, due date, currency).
        package var data: InvoiceData

        package init(
            employee: String, email: String, period: CalendarMonth, amount: Decimal, invoiceId: UUID, link: String, data: InvoiceData = InvoiceData()
        ) {
            self.employee = employee
            self.email = email
            self.period = period
            self.amount = amount
            self.invoiceId = invoiceId
            self.link = link
            self.data = data
        }

        var currency: String { data.currency?.rawValue ?? InvoiceData.Currency.czk.rawValue }
        /// The account as a Czech bank takes it (the domestic form), else the IBAN.
        var account: String { data.bankAccount.map { $0.domestic ?? $0.iban } ?? "" }
    }

    static let czechMonths = ["leden", "únor", "březen", "duben", "květen", "červen", "červenec", "srpen", "září", "říjen", "listopad", "prosinec"]
    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// `listopad 2026 / November 2026`.
    package static func monthName(_ month: CalendarMonth) -> String {
        "\(czechMonths[month.month - 1]) \(month.year) / \(englishMonths[month.month - 1]) \(month.year)"
    }

    static func basisName(_ basis: StatementCalculator.HoursBasis) -> String {
        switch basis {
        case .capacity: "podle úvazku / by capacity (weekly ÷ 5 a working day)"
        case .given: "zadané / given for the month"
        case .tracked: "odpracované (výkaz práce) / tracked"
        }
    }

    /// The statement: who, which month and contract at the top; a line per rate and per public
    /// holiday or time off; a totals row (hours and amount; no rate: the lines have theirs).
    package static func statement(
        _ statement: StatementCalculator.Statement, company: String, person: String, email: String, month: CalendarMonth,
        contracts: [ContractType], projects: [(name: String, hours: Decimal)] = []
    ) -> XLSXWorkbook {
        var rows: [[XLSXWorkbook.Cell]] = [
            [.text(company, .title)],
            [.text("Výkaz / Statement", .bold), .text(monthName(month))],
            [.text("Zaměstnanec / Employee", .bold), .text(person)],
            [.text("E-mail", .bold), .text(email)],
            [.text("Smlouva / Contract", .bold), .text(contracts.map { $0 == .dpc ? "DPČ" : $0.rawValue }.joined(separator: ", "))],
            [.text("Hodiny / Hours", .bold), .text(basisName(statement.basis))],
            [],
            [
                .text("Od / From", .bold), .text("Do / To", .bold), .text("Dny / Days", .bold), .text("Hodiny / Hours", .bold),
                .text("Sazba / Rate", .bold), .text("Částka / Amount", .bold), .text("Poznámka / Note", .bold),
            ],
        ]
        let header = rows.count
        for line in statement.lines {
            rows.append([
                .date(line.from), .date(line.to), .number(Decimal(line.days), .integer), .number(line.hours, .decimal),
                .number(line.rate, .money), .number(line.amount, .money),
                note(line),
            ])
        }
        let first = header + 1, last = max(rows.count, first)
        rows.append([
            .text("Celkem / Total", .bold), .empty,
            .formula("SUM(C\(first):C\(last))", cached: Decimal(statement.lines.reduce(0) { $0 + $1.days }), .integerBold),
            .formula("SUM(D\(first):D\(last))", cached: statement.hours, .decimalBold), .empty,
            .formula("SUM(F\(first):F\(last))", cached: statement.amount, .moneyBold),
        ])
        if !projects.isEmpty {
            rows.append([])
            rows.append([.text("Projekt / Project", .bold), .empty, .empty, .text("Hodiny / Hours", .bold)])
            for project in projects {
                rows.append([.text(project.name), .empty, .empty, .number(project.hours, .decimal)])
            }
        }
        var workbook = XLSXWorkbook(sheetName: month.iso, rows: rows, frozenRows: header)
        workbook.landscape = true
        return workbook
    }

    /// The month's approved invoices for the accountant as CSV: one line each, amounts as
    /// `12345.50`, and the file's link.
    /// The invoice's data comes after the first columns, which stay where importers expect them.
    package static func exportCSV(_ rows: [ExportRow]) -> CSVDocument {
        CSVDocument(
            header: [
                "employee", "email", "period", "amount", "currency", "invoice_id", "link", "invoice_number", "variable_symbol", "supplier_ico",
                "bank_account", "iban", "due_date",
            ],
            rows: rows.map { row in
                [
                    row.employee, row.email, row.period.iso, Money.format(row.amount), row.currency, row.invoiceId.lowercasedString, row.link,
                    row.data.number ?? "", row.data.variableSymbol ?? "", row.data.supplierIco ?? "", row.account, row.data.bankAccount?.iban ?? "",
                    row.data.dueDate?.iso ?? "",
                ]
            }
        )
    }

    /// The month's approved invoices for the accountant, with a filter and a totals row per
    /// currency.
    package static func export(company: String, month: CalendarMonth, rows exported: [ExportRow]) -> XLSXWorkbook {
        var rows: [[XLSXWorkbook.Cell]] = [
            [.text(company, .title)],
            [.text("Schválené faktury / Approved invoices", .bold), .text(monthName(month))],
            [],
            [
                .text("Zaměstnanec / Employee", .bold), .text("E-mail", .bold), .text("Období / Period", .bold),
                .text("Částka / Amount", .bold), .text("Měna / Currency", .bold), .text("Číslo faktury / Number", .bold),
                .text("VS / Variable symbol", .bold), .text("IČO", .bold), .text("Účet / Account", .bold), .text("Splatnost / Due", .bold),
                .text("Faktura / Invoice", .bold), .text("Odkaz / Link", .bold),
            ],
        ]
        let header = rows.count
        for row in exported {
            rows.append([
                .text(row.employee), .text(row.email), .text(row.period.iso), .number(row.amount, .money(row.currency)), .text(row.currency),
                .text(row.data.number ?? ""), .text(row.data.variableSymbol ?? ""), .text(row.data.supplierIco ?? ""), .text(row.account),
                row.data.dueDate.map { .date($0) } ?? .empty, .text(row.invoiceId.lowercasedString), .text(row.link),
            ])
        }
        let first = header + 1, last = max(rows.count, first)
        // A total per currency: crowns and euros are never added up.
        let currencies = Array(Set(exported.map(\.currency))).sorted().ifEmpty([InvoiceData.Currency.czk.rawValue])
        for currency in currencies {
            let mine = exported.filter { $0.currency == currency }
            rows.append([
                .text("Celkem / Total", .bold), .formula("COUNTIF(E\(first):E\(last),\"\(currency)\")", cached: Decimal(mine.count), .integerBold),
                .empty,
                .formula(
                    "SUMIF(E\(first):E\(last),\"\(currency)\",D\(first):D\(last))", cached: mine.reduce(Decimal(0)) { $0 + $1.amount },
                    .money(currency, bold: true)),
                .text(currency, .bold),
            ])
        }
        var workbook = XLSXWorkbook(sheetName: month.iso, rows: rows, frozenRows: header, autoFilter: "A\(header):L\(last)")
        workbook.landscape = true
        return workbook
    }

    /// A line's note: the holiday, or the time off and the share of the rate it is paid at.
    private static func note(_ line: StatementCalculator.Line) -> XLSXWorkbook.Cell {
        if let holiday = line.holiday { return .text("svátek / public holiday: \(holiday.cs) / \(holiday.en)", .wrapped) }
        if let off = line.timeOff {
            let percent = NSDecimalNumber(decimal: off.share * 100).intValue
            return .text("volno / time off: \(off.name.cs) / \(off.name.en), \(percent) %", .wrapped)
        }
        return .empty
    }
}

extension Array {
    /// This array, or `fallback` when it is empty.
    fileprivate func ifEmpty(_ fallback: [Element]) -> [Element] { isEmpty ? fallback : self }
}
