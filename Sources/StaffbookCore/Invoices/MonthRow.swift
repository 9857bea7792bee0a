import Foundation

/// A month of a worker's list: their invoice for it, or what kind of month it was.
package struct MonthRow: Sendable, Equatable {
    package struct Existing: Sendable, Equatable {
        package var id: UUID
        package var state: InvoiceState
        package var kind: InvoiceKind
        package var amount: Decimal
        package var returnReason: String?
        package var file: InvoiceFile
        /// What the invoice says, and what an admin will see (uploaded invoices).
        package var data = InvoiceData()
        package var checks: [InvoiceCheck] = []

        package init(id: UUID, state: InvoiceState, kind: InvoiceKind, amount: Decimal, returnReason: String? = nil, file: InvoiceFile) {
            self.id = id
            self.state = state
            self.kind = kind
            self.amount = amount
            self.returnReason = returnReason
            self.file = file
        }
    }

    package var month: CalendarMonth
    package var invoice: Existing?
    package var hadContractorContract: Bool
    package var hadAnyContract: Bool

    package init(month: CalendarMonth, invoice: Existing? = nil, hadContractorContract: Bool, hadAnyContract: Bool) {
        self.month = month
        self.invoice = invoice
        self.hadContractorContract = hadContractorContract
        self.hadAnyContract = hadAnyContract
    }
}
