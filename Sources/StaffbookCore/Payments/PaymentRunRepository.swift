import Foundation

/// A run in a list: without its items, with its totals.
package struct PaymentRunSummary: Sendable, Equatable {
    package var id: UUID
    package var number: Int
    package var state: PaymentRunState
    package var createdAt: Date
    package var sentAt: Date?
    package var paidAt: Date?
    package var cancelledAt: Date?
    package var totals: [CurrencyTotal]

    package init(
        id: UUID, number: Int, state: PaymentRunState, createdAt: Date, sentAt: Date?, paidAt: Date?, cancelledAt: Date?, totals: [CurrencyTotal]
    ) {
        self.id = id
        self.number = number
        self.state = state
        self.createdAt = createdAt
        self.sentAt = sentAt
        self.paidAt = paidAt
        self.cancelledAt = cancelledAt
        self.totals = totals
    }
}

/// A run's file as it went to the bank.
package struct PaymentRunFile: Sendable, Equatable {
    package var id: UUID
    package var format: BankFileFormat
    package var content: Data

    package init(id: UUID, format: BankFileFormat, content: Data) {
        self.id = id
        self.format = format
        self.content = content
    }
}

package enum PaymentRunChange: Sendable, Equatable {
    case done(PaymentRun)
    case refused(PaymentRunState)
    case notFound
}

/// Runs, their items, files and events, and the statements that pay them.
package protocol PaymentRunRepository: Sendable {
    func paymentSettings() async throws -> PaymentSettings
    func savePaymentSettings(_ settings: PaymentSettings, by: UUID, now: Date) async throws
    /// Approved invoices that might be paid (for `.ids`, those invoices in any state).
    func candidates(selection: PaymentSelection) async throws -> [PaymentCandidate]
    /// Writes the run with its items, events on each invoice; an invoice another run took
    /// meanwhile is left out and returned (all of them: `PaymentRunError.nothingToPay`, and
    /// nothing is written).
    /// `approvalRequired`: made under the four-eyes rule (its file waits for a second admin).
    /// `leftOut`: invoices the admin left out of it, each noted on its invoice with why.
    func create(
        runId: UUID, items: [PaymentRunItem], leftOut: [(invoiceId: UUID, reason: String)], actorId: UUID, approvalRequired: Bool, now: Date
    ) async throws -> (
        run: PaymentRun, taken: [PaymentRunItem]
    )
    /// A second admin's approval, decided by `PaymentRunEngine` over the run
    /// and the admins as locked: of two admins approving at once, one approves and the other is
    /// refused; an admin who may not be a second yet is refused.
    func approve(runId: UUID, actorId: UUID, fourEyes: FourEyesSettings, now: Date) async throws -> PaymentRunChange
    func find(id: UUID) async throws -> PaymentRun?
    /// Newest first (fetches `page.fetchLimit`).
    func list(page: PageRequest<CreatedPosition>) async throws -> [PaymentRunSummary]
    func file(runId: UUID, format: BankFileFormat) async throws -> PaymentRunFile?
    /// Keeps the file, unless one in this format was kept meanwhile: that one is returned.
    func saveFile(runId: UUID, format: BankFileFormat, content: Data, actorId: UUID, now: Date) async throws -> PaymentRunFile
    /// The file's run, for a download through a signed link.
    func file(id: UUID) async throws -> (runNumber: Int, file: PaymentRunFile)?
    /// Applies `action` (audited; each invoice gets an event); cancelling frees the pending items.
    /// `affirmation`: for a run at the bank called off, what the admin affirms (the bank did not
    /// pay what waits) and why; refused without it.
    func change(runId: UUID, action: PaymentRunWorkflow.Action, affirmation: String?, actorId: UUID, now: Date) async throws
        -> PaymentRunChange
    /// Reads a statement against the runs at the bank; with `confirm`, records it and pays the
    /// matched invoices (a statement already recorded changes nothing). `source` is the file as
    /// received: a statement without an identifier is known by its digest.
    func importStatement(_ statement: BankStatement, source: Data, confirm: Bool, actorId: UUID, now: Date) async throws -> StatementImport
    /// Runs sent on or before `sentBefore` that still wait for payments.
    func unmatchedRuns(sentBefore: Date) async throws -> [PaymentRunSummary]
}
