import Foundation

/// Invoices, their files and their history.
package protocol InvoiceRepository: Sendable {
    /// The month of the person's first contract; nil without contracts.
    func firstContractMonth(personId: UUID) async throws -> CalendarMonth?
    /// Months from `first` to `last`, newest first (fetches `page.fetchLimit`).
    func months(personId: UUID, first: CalendarMonth, last: CalendarMonth, page: PageRequest<MonthPosition>) async throws -> [MonthRow]
    /// Whether the person had an ICO contract on any day of the month.
    func hadContractorContract(personId: UUID, month: CalendarMonth) async throws -> Bool
    /// Creates the invoice or replaces its file, in one transaction; with an idempotent request,
    /// its key is claimed in the same transaction. An invoice its owner may no longer replace
    /// throws `InvoiceError.locked`; bytes the invoice already has are not stored again (that
    /// version becomes current); a new file past `limits` throws `tooManyVersions` or `uploadQuota`.
    func upload(
        personId: UUID, month: CalendarMonth, amount: Decimal, file: UploadedFile, data: InvoiceData, quota: UploadQuota,
        idempotency: IdempotentRequest?, now: Date
    ) async throws -> UploadOutcome
    /// The newest file's bytes with what a download needs.
    func fileContent(invoiceId: UUID) async throws -> (invoice: Invoice, bytes: Data)?
    /// Every file the invoice has had, newest first; empty for an unknown invoice.
    func files(invoiceId: UUID) async throws -> [InvoiceFileVersion]
    /// One file's bytes with its invoice, by the file's id (and the invoice's, when given).
    func fileContent(fileId: UUID, invoiceId: UUID?) async throws -> (invoice: Invoice, file: InvoiceFileVersion, bytes: Data)?
    /// The admin's list (fetches `page.fetchLimit`).
    func list(filter: InvoiceFilter, page: PageRequest<InvoicePosition>) async throws -> [Invoice]
    /// The same page as the contract's JSON, written by the store for `view` (the API's list:
    /// its rows are the response, and a server that never decodes them does not pay for them).
    func listJSON(filter: InvoiceFilter, page: PageRequest<InvoicePosition>, view: InvoiceListView) async throws -> WrittenPage<InvoicePosition>
    func find(id: UUID) async throws -> Invoice?
    func events(invoiceId: UUID) async throws -> [InvoiceEvent]
    /// A generated statement's basis and lines; nil for an uploaded invoice (or one generated
    /// before statements kept their lines).
    func statement(invoiceId: UUID) async throws -> StoredStatement?
    /// Records that an admin confirmed the invoice's bank account (audited, an event), if its
    /// version meets `condition`; nil for an unknown invoice, `InvoiceRefusal` thrown otherwise.
    /// What waits for a second admin: of one invoice, or (nil) of every invoice, oldest first, at most 200.
    func secondAdminWaits(invoiceId: UUID?) async throws -> [SecondAdminWait]
    /// With `fourEyes`, the first admin's confirmation is a request and a second admin's
    /// (never the same) confirms (`AccountConfirmation`).
    func confirmBankAccount(invoiceId: UUID, condition: VersionCondition, actorId: UUID, fourEyes: FourEyesStanding, now: Date) async throws
        -> InvoiceOutcome?
    /// Applies `command` as `InvoiceEngine` decides on the invoice, locked: the invoice
    /// afterwards and whether it was only requested, nil for an unknown one; a refusal is thrown
    /// as `InvoiceRefusal`.
    func act(invoiceId: UUID, command: InvoiceCommand) async throws -> InvoiceOutcome?
    /// Ids of the invoices of a month, in one state or any.
    func ids(period: CalendarMonth, state: InvoiceState?) async throws -> [UUID]
    /// People with an ICO contract in the month and no invoice for it, whose name matches
    /// `query` when given (fetches `page.fetchLimit`).
    func missing(month: CalendarMonth, query: String?, page: PageRequest<NamePosition>) async throws -> [InvoicePerson]
    /// The approved invoices of a month, in Czech name order.
    func approved(month: CalendarMonth) async throws -> [Invoice]
    /// Sets `exported_at` on the month's approved invoices; returns how many.
    func markExported(month: CalendarMonth, now: Date) async throws -> Int
    /// People with an HPP, DPP or DPC contract in the month (only `personId`, when given).
    func statementCandidates(month: CalendarMonth, personId: UUID?) async throws -> [StatementCandidate]
    /// The person's generated statements from `from` to `to` (nil: no end), oldest first.
    func statements(personId: UUID, from: CalendarMonth, to: CalendarMonth?) async throws -> [ExistingStatement]
    /// Stores a generated statement, unless the workflow keeps the invoice in the way as it is.
    func saveStatement(
        personId: UUID, month: CalendarMonth, statement: StatementCalculator.Statement, workbook: Data, actorId: UUID?, now: Date
    ) async throws -> StatementOutcome
}

/// How an upload ended, with the invoice it made or replaced the file of.
package enum UploadOutcome: Sendable, Equatable {
    case created(UUID)
    case replaced(UUID)
    /// This `Idempotency-Key` was used before for the same upload: nothing was written.
    /// `created` tells how the first attempt ended.
    case repeated(created: Bool, UUID)

    package var invoiceId: UUID {
        switch self {
        case .created(let id), .replaced(let id), .repeated(_, let id): id
        }
    }

    package var created: Bool {
        switch self {
        case .created, .repeated(created: true, _): true
        case .replaced, .repeated(created: false, _): false
        }
    }
}

package enum StatementOutcome: Sendable, Equatable {
    case created(UUID)
    case regenerated(UUID)
    /// Computed again, with the same result as the one stored.
    case unchanged(UUID)
    case skipped(String)
}

/// What a change of an invoice did: the invoice as it is now, and whether the change was only
/// recorded as asked (an approval over failing checks or an account's confirmation waiting for
/// a second admin) rather than made.
package struct InvoiceOutcome: Sendable, Equatable {
    package var invoice: Invoice
    package var requested: Bool

    package init(invoice: Invoice, requested: Bool = false) {
        self.invoice = invoice
        self.requested = requested
    }
}
