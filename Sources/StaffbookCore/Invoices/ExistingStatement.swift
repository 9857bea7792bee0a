import Foundation

/// A month's invoice as a statement run finds it.
package struct ExistingStatement: Sendable, Equatable {
    package var invoiceId: UUID
    package var period: CalendarMonth
    package var state: InvoiceState
    package var kind: InvoiceKind
    /// Nil for an uploaded invoice, or a statement from before the basis was kept.
    package var basis: StatementCalculator.HoursBasis?
    package var hours: Decimal?

    package init(
        invoiceId: UUID, period: CalendarMonth, state: InvoiceState, kind: InvoiceKind, basis: StatementCalculator.HoursBasis?,
        hours: Decimal?
    ) {
        self.invoiceId = invoiceId
        self.period = period
        self.state = state
        self.kind = kind
        self.basis = basis
        self.hours = hours
    }
}
