import Foundation

/// What importing a bank statement did, or would do.
package struct StatementImport: Sendable, Equatable {
    package struct Matched: Sendable, Equatable {
        package var line: Int
        package var itemId: UUID
        package var invoiceId: UUID
        package var runNumber: Int
        package var amount: Decimal
        package var currency: String
        package var bookedOn: CalendarDay

        package init(line: Int, itemId: UUID, invoiceId: UUID, runNumber: Int, amount: Decimal, currency: String, bookedOn: CalendarDay) {
            self.line = line
            self.itemId = itemId
            self.invoiceId = invoiceId
            self.runNumber = runNumber
            self.amount = amount
            self.currency = currency
            self.bookedOn = bookedOn
        }
    }

    package struct Partial: Sendable, Equatable {
        package var line: Int
        package var invoiceId: UUID
        package var runNumber: Int
        package var agreeing: [StatementMatching.Criterion]
        /// Other invoices the line agrees with on something.
        package var otherInvoiceIds: [UUID]

        package init(line: Int, invoiceId: UUID, runNumber: Int, agreeing: [StatementMatching.Criterion], otherInvoiceIds: [UUID] = []) {
            self.line = line
            self.invoiceId = invoiceId
            self.runNumber = runNumber
            self.agreeing = agreeing
            self.otherInvoiceIds = otherInvoiceIds
        }
    }

    /// A debit that repeats in full a payment a statement already showed paid.
    package struct PaidTwice: Sendable, Equatable {
        package var line: Int
        package var invoiceId: UUID
        package var runNumber: Int
        package var paidOn: CalendarDay

        package init(line: Int, invoiceId: UUID, runNumber: Int, paidOn: CalendarDay) {
            self.line = line
            self.invoiceId = invoiceId
            self.runNumber = runNumber
            self.paidOn = paidOn
        }
    }

    package var statementId: UUID?
    package var format: BankStatement.Format
    package var identifier: String
    /// Recorded by this request (false for a preview or a statement recorded before).
    package var recorded: Bool
    /// The statement was imported before: nothing changed.
    package var repeated: Bool
    package var lineCount: Int
    package var matched: [Matched]
    package var partial: [Partial]
    /// Possible double payments: never applied, for a person to look at.
    package var paidTwice: [PaidTwice] = []
    /// Lines that pay nothing of ours, by their number (1-based) in the statement.
    package var unmatched: [(line: Int, entry: BankStatementLine)]
    /// The statement names our account without its bank (a GPC header has no bank code): the
    /// number matched, the bank could not be checked.
    package var bankUnchecked: Bool {
        if case .domestic = account { return true }
        return false
    }
    package var account: BankStatement.Account = .iban("")

    package init(
        statementId: UUID?, format: BankStatement.Format, identifier: String, recorded: Bool, repeated: Bool, lineCount: Int,
        matched: [Matched], partial: [Partial], unmatched: [(line: Int, entry: BankStatementLine)]
    ) {
        self.statementId = statementId
        self.format = format
        self.identifier = identifier
        self.recorded = recorded
        self.repeated = repeated
        self.lineCount = lineCount
        self.matched = matched
        self.partial = partial
        self.unmatched = unmatched
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.statementId == rhs.statementId && lhs.format == rhs.format && lhs.identifier == rhs.identifier && lhs.recorded == rhs.recorded
            && lhs.repeated == rhs.repeated && lhs.lineCount == rhs.lineCount && lhs.matched == rhs.matched && lhs.partial == rhs.partial
            && lhs.paidTwice == rhs.paidTwice && lhs.unmatched.map(\.line) == rhs.unmatched.map(\.line)
    }
}
