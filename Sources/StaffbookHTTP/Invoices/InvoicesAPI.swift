import StaffbookCore

/// Invoices: a worker's months, uploads and files; the admins' list, actions and exports.
struct InvoicesAPI: AreaHandler {
    let accounts: any AccountRepository
    let people: any PeopleRepository
    let invoices: any InvoiceRepository
    let invoiceService: InvoiceService
    let invoiceSchemas: InvoiceSchemas
    let fileLinks: FileLinks
    let idempotencyKeys: IdempotencyKeyHeader
    let checks: InvoiceChecksService
    /// A signed link may name a payment run's bank file.
    let paymentRuns: any PaymentRunRepository
    let clock: any AppClock

    /// At the top of exports, as of statements.
    var companyName: String { invoiceService.companyName }

    var fourEyes: FourEyesRule { invoiceService.fourEyes }
}

/// How large an invoice file may be, how many bytes of files are stored at once, and how much
/// one person may store.
struct UploadLimits: Sendable {
    let maxBytes: Int
    var quota = UploadQuota()
    /// A file being stored is in memory three times (its buffer, the bindings, the Bind message):
    /// at most two maximum-size files are stored at once, so many concurrent uploads stay within
    /// a bounded memory (docs/performance.md has the measurements).
    let storing: ByteBudget

    init(maxBytes: Int, quota: UploadQuota = UploadQuota()) {
        self.maxBytes = maxBytes
        self.quota = quota
        storing = ByteBudget(limit: 2 * maxBytes)
    }
}
