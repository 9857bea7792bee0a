import Foundation

/// Why an invoice could not be uploaded, changed or generated.
package enum InvoiceError: Error, Equatable {
    /// The file does not start like a PDF.
    case notAPDF
    /// A PDF header but no end-of-file marker: a truncated file.
    case invalidPDF
    /// Approved or paid: its owner can no longer replace it.
    case locked(period: CalendarMonth, state: InvoiceState)
    /// The action is not allowed from the invoice's state.
    case invalidTransition(action: InvoiceAction, state: InvoiceState, allowed: [InvoiceAction])
    /// No contractor (ICO) contract in that month.
    case noContractorContract
    /// The month has not begun.
    case futurePeriod
    /// Hours were given for a person without an HPP, DPP or DPC contract in the month.
    case noStatementContract(personId: UUID, month: CalendarMonth)
}
