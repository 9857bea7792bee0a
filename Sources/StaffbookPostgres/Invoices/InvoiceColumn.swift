/// The columns an invoice is read from, in the order every statement that reads invoices
/// selects them, followed by `InvoiceDataColumn`'s: one list, so that a column's place is its
/// case's and the statements and `PostgresInvoiceRepository.invoice(_:)` cannot disagree.
enum InvoiceColumn: Int, CaseIterable {
    case id, personId, firstName, lastName, email, period, state, kind, amount, statementHours, statementRate, version, returnReason
    case fileId, fileMediaType, fileSize, fileSHA256
    case submittedAt, approvedAt, paidAt, exportedAt

    /// The column's expression, reading the invoice from `invoice` (a row of `invoices`, or one
    /// that carries the account's names beside it), the person's names from `account`, and the
    /// current file from `file`.
    func expression(invoice i: String, account a: String, file f: String) -> String {
        switch self {
        case .id: "\(i).id"
        case .personId: "\(i).account_id"
        case .firstName: "\(a).first_name"
        case .lastName: "\(a).last_name"
        case .email: "\(a).email::text"
        case .period: "to_char(\(i).period, 'YYYY-MM')"
        case .state: "\(i).state"
        case .kind: "\(i).kind"
        case .amount: "\(i).amount::text"
        case .statementHours: "\(i).statement_hours::text"
        case .statementRate: "\(i).statement_rate::text"
        case .version: "\(i).version"
        case .returnReason: "\(i).return_reason"
        case .fileId: "\(f).id"
        case .fileMediaType: "\(f).media_type"
        case .fileSize: "\(f).size"
        case .fileSHA256: "encode(\(f).sha256, 'hex')"
        case .submittedAt: "\(i).submitted_at"
        case .approvedAt: "\(i).approved_at"
        case .paidAt: "\(i).paid_at"
        case .exportedAt: "\(i).exported_at"
        }
    }

    /// The whole select list: these columns, then the data's.
    static func list(invoice: String, account: String, file: String) -> String {
        (allCases.map { $0.expression(invoice: invoice, account: account, file: file) } + [InvoiceDataColumn.list(invoice)])
            .joined(separator: ", ")
    }

    /// How many columns `list` selects: what a statement selects after them starts here.
    static let count = allCases.count + InvoiceDataColumn.allCases.count
}

/// The columns of an invoice's data (what was read from its ISDOC or typed on the form) and its
/// checks, in the order they are selected after `InvoiceColumn`'s or a statement's own.
enum InvoiceDataColumn: Int, CaseIterable {
    case number, variableSymbol, supplierIco, supplierDic, customerIco, issueDate, taxableSupplyDate, dueDate
    case amountWithoutVat, vatAmount, vatRate, currency, bankAccount, sources, checks, needsAttention, bankAccountConfirmedAt

    var column: String {
        switch self {
        case .number: "invoice_number"
        case .variableSymbol: "variable_symbol"
        case .supplierIco: "supplier_ico"
        case .supplierDic: "supplier_dic"
        case .customerIco: "customer_ico"
        case .issueDate: "issue_date::text"
        case .taxableSupplyDate: "taxable_supply_date::text"
        case .dueDate: "due_date::text"
        case .amountWithoutVat: "amount_without_vat::text"
        case .vatAmount: "vat_amount::text"
        case .vatRate: "vat_rate::text"
        case .currency: "currency"
        case .bankAccount: "bank_account"
        case .sources: "data_sources::text"
        case .checks: "checks::text"
        case .needsAttention: "needs_attention"
        case .bankAccountConfirmedAt: "bank_account_confirmed_at"
        }
    }

    static func list(_ alias: String) -> String {
        allCases.map { "\(alias).\($0.column)" }.joined(separator: ", ")
    }
}
