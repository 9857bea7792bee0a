import Foundation

/// An invoice a run might pay, with what decides whether it can.
package struct PaymentCandidate: Sendable, Equatable {
    package var invoiceId: UUID
    package var personId: UUID
    package var name: String
    package var period: CalendarMonth
    package var state: InvoiceState
    package var kind: InvoiceKind
    package var amount: Decimal
    package var currency: String
    package var needsAttention: Bool
    /// Approved over its checks, with a reason: the admin has decided, the run pays it.
    package var approvedOverChecks: Bool
    /// The invoice's account, else the one in the person's billing details (IBAN).
    package var bankAccount: String?
    package var variableSymbol: String?
    package var invoiceNumber: String?
    package var dueDate: CalendarDay?
    /// The open run the invoice waits in, if any.
    package var openRun: Int?

    package init(
        invoiceId: UUID, personId: UUID, name: String, period: CalendarMonth, state: InvoiceState, kind: InvoiceKind, amount: Decimal,
        currency: String, needsAttention: Bool, approvedOverChecks: Bool = false, bankAccount: String?, variableSymbol: String?,
        invoiceNumber: String?, dueDate: CalendarDay?,
        openRun: Int?
    ) {
        self.invoiceId = invoiceId
        self.personId = personId
        self.name = name
        self.period = period
        self.state = state
        self.kind = kind
        self.amount = amount
        self.currency = currency
        self.needsAttention = needsAttention
        self.approvedOverChecks = approvedOverChecks
        self.bankAccount = bankAccount
        self.variableSymbol = variableSymbol
        self.invoiceNumber = invoiceNumber
        self.dueDate = dueDate
        self.openRun = openRun
    }
}

/// Which invoices a new run is for.
package enum PaymentSelection: Sendable, Equatable {
    /// Every approved, unpaid contractor invoice.
    case all
    /// Those due on or before this day (one without a due date is due now).
    case dueBy(CalendarDay)
    /// These invoices, as the caller wrote their ids.
    case ids([String])
}

/// Why an invoice stays out of a run.
package struct PaymentExclusion: Error, Sendable, Equatable, Codable {
    package enum Reason: String, Sendable, Codable, CaseIterable {
        case notFound = "not_found"
        case notApproved = "not_approved"
        /// A generated statement: employees are paid through payroll, not by a bank order.
        case notAContractorInvoice = "not_a_contractor_invoice"
        case checksNeedAttention = "checks_need_attention"
        case noBankAccount = "no_bank_account"
        case inOpenRun = "in_open_run"
        case nothingToPay = "nothing_to_pay"
        /// The admin who made the run left it out, with why (`note`).
        case leftOut = "left_out"
    }

    package var invoiceId: String
    package var reason: Reason
    /// The run it already waits in, for `in_open_run`.
    package var run: Int?
    /// The admin's words, for `left_out`.
    package var note: String?

    package init(invoiceId: String, reason: Reason, run: Int? = nil, note: String? = nil) {
        self.invoiceId = invoiceId
        self.reason = reason
        self.run = run
        self.note = note
    }
}

/// What an admin asks a new run to be: which invoices, which of them to leave out and why, and
/// the day the bank is to pay them (nil: each its invoice's due date, or today).
package struct PaymentRunPlan: Sendable, Equatable {
    package var selection: PaymentSelection
    /// Invoice id → why it stays out of this run (kept on the invoice).
    package var leaveOut: [UUID: String]
    package var payOn: CalendarDay?

    package init(selection: PaymentSelection, leaveOut: [UUID: String] = [:], payOn: CalendarDay? = nil) {
        self.selection = selection
        self.leaveOut = leaveOut
        self.payOn = payOn
    }

    /// How far ahead a run may be paid: a bank takes orders for about a year.
    package static let latestPayOn = 365

    /// Whether `payOn` is a day the bank can pay on: today, or later within a year.
    package static func payOnProblem(_ day: CalendarDay, today: CalendarDay) -> Bool {
        day < today || day > today.adding(days: latestPayOn)
    }
}

/// Which invoices a run pays and what each payment says.
package enum PaymentRunRules {
    /// The invoice's payment, or why it cannot be paid by a run.
    package static func item(for candidate: PaymentCandidate, today: CalendarDay) -> Result<PaymentRunItem, PaymentExclusion> {
        let id = candidate.invoiceId.lowercasedString
        guard candidate.kind == .uploaded else { return .failure(.init(invoiceId: id, reason: .notAContractorInvoice)) }
        guard candidate.state == .approved else { return .failure(.init(invoiceId: id, reason: .notApproved)) }
        if let run = candidate.openRun { return .failure(.init(invoiceId: id, reason: .inOpenRun, run: run)) }
        guard !candidate.needsAttention || candidate.approvedOverChecks else { return .failure(.init(invoiceId: id, reason: .checksNeedAttention)) }
        guard let text = candidate.bankAccount, let account = try? BankAccount(text) else {
            return .failure(.init(invoiceId: id, reason: .noBankAccount))
        }
        guard candidate.amount > 0 else { return .failure(.init(invoiceId: id, reason: .nothingToPay)) }
        return .success(
            PaymentRunItem(
                id: UUID(), invoiceId: candidate.invoiceId, personId: candidate.personId, period: candidate.period, state: .pending,
                amount: candidate.amount, currency: candidate.currency, creditorName: candidate.name, bankAccount: account.iban,
                variableSymbol: variableSymbol(candidate), dueDate: candidate.dueDate ?? today,
                message: message(candidate), paidOn: nil
            ))
    }

    /// The invoice's variable symbol; else its number when that is up to ten digits; else the
    /// month as `YYYYMM`: the statement is matched on it with the amount and the account.
    package static func variableSymbol(_ candidate: PaymentCandidate) -> String {
        if let symbol = candidate.variableSymbol { return symbol }
        if let number = candidate.invoiceNumber, (1...10).contains(number.count), number.allSatisfy(\.isASCIIDigit) { return number }
        return candidate.period.iso.replacingOccurrences(of: "-", with: "")
    }

    /// What the supplier reads on their statement: the invoice's number and month.
    package static func message(_ candidate: PaymentCandidate) -> String {
        let number = candidate.invoiceNumber.map { "Faktura \($0) " } ?? "Faktura "
        return number + candidate.period.iso
    }

    /// Whether a candidate is in `selection` (ids are matched by the caller).
    package static func isSelected(_ candidate: PaymentCandidate, by selection: PaymentSelection, today: CalendarDay) -> Bool {
        switch selection {
        case .all, .ids: return true
        case .dueBy(let day): return (candidate.dueDate ?? today) <= day
        }
    }
}
