/// Why a pay-run request cannot be done.
package enum PaymentRunError: Error, Sendable, Equatable {
    /// The company's account is not set yet.
    case notConfigured
    /// No invoice of the selection can be paid; each one's reason.
    case nothingToPay([PaymentExclusion])
    /// The run cannot be written in this format (EUR or a foreign account in ABO).
    case unwritable(PaymentFileProblem)
    /// The run's state does not allow it.
    case refused(PaymentRunState)
    /// A run at the bank is cancelled only when the admin affirms the bank did not pay what it
    /// still waits for, and says why: otherwise its invoices could be paid twice.
    case affirmationRequired
    /// The run waits for a second admin's approval before its file is released or it is sent.
    case awaitingApproval
    /// The approval was refused.
    case approvalRefused(RunApprovalRefusal)
    /// The day the bank is to pay is in the past, or more than a year ahead.
    case payOnOutOfRange
    /// The statement could not be read, or is of another account.
    case statement(BankStatementProblem)
}
