import Foundation

/// Computes and stores invoices' checks: after an upload, and (through a job) when what they
/// compare changes.
package struct InvoiceChecksService: Sendable {
    package let store: any InvoiceCheckRepository
    /// Our company's IČO, which invoices must be addressed to.
    package let companyIco: String?
    package let tolerancePercent: Decimal
    /// Whether the tracked hours an amount is checked against are approved.
    package let timesheets: any TimesheetRepository

    package init(store: any InvoiceCheckRepository, companyIco: String?, tolerancePercent: Decimal, timesheets: any TimesheetRepository) {
        self.store = store
        self.companyIco = companyIco
        self.tolerancePercent = tolerancePercent
        self.timesheets = timesheets
    }

    /// Computes and stores the invoice's checks; a duplicate found is flagged on both sides (the
    /// other invoice's checks are computed again too).
    @discardableResult
    package func recompute(invoiceId: UUID) async throws -> [InvoiceCheck] {
        let checks = try await recomputeOne(invoiceId)
        for other in checks.compactMap(\.otherInvoiceId) where other != invoiceId {
            try await recomputeOne(other)
        }
        return checks
    }

    @discardableResult
    private func recomputeOne(_ invoiceId: UUID) async throws -> [InvoiceCheck] {
        guard let ticket = try await store.checksTicket(invoiceId: invoiceId),
            let context = try await store.checkContext(invoiceId: invoiceId)
        else { return [] }
        let checks = InvoiceChecks.evaluate(context.input(companyIco: companyIco, tolerancePercent: tolerancePercent))
        try await store.storeChecks(invoiceId: invoiceId, checks: checks, computedAs: ticket)
        return checks
    }

    /// The person's unpaid uploaded invoices from `month` on.
    package func recompute(personId: UUID, from month: CalendarMonth) async throws {
        for id in try await store.checkedInvoices(personId: personId, from: month) {
            try await recompute(invoiceId: id)
        }
    }
}
