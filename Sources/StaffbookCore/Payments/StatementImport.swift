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

        package init(line: Int, invoiceId: UUID, runNumber: Int, agreeing: [StatementMatching.Criterion]) {
            self.line = line
            self.invoiceId = invoiceId
            self.runNumber = runNumber
            self.agreeing = agreeing
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
    /// Lines that pay nothing of ours, by their number (1-based) in the statement.
    package var unmatched: [(line: Int, entry: BankStatementLine)]

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
            && lhs.unmatched.map(\.line) == rhs.unmatched.map(\.line)
    }
}
