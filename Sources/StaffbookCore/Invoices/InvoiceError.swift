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
    /// The invoice keeps as many file versions as it may.
    case tooManyVersions(limit: Int)
    /// The person uploaded as many files or bytes in the last 24 hours as they may.
    case uploadQuota(files: Int, bytes: Int)
    /// Hours were given for a person without an HPP, DPP or DPC contract in the month.
    case noStatementContract(personId: UUID, month: CalendarMonth)
    /// Nothing to remind of: the person is not missing an invoice for the month.
    case notMissing(period: CalendarMonth)
}
