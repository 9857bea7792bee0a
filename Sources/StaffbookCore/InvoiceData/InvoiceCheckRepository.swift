import Foundation

/// What the checks of an invoice read and write.
package protocol InvoiceCheckRepository: Sendable {
    /// Everything the checks of a contractor's invoice compare; nil for an unknown invoice or a
    /// statement.
    func checkContext(invoiceId: UUID) async throws -> InvoiceCheckContext?
    /// The person's uploaded invoices from `month` on that are not paid.
    func checkedInvoices(personId: UUID, from month: CalendarMonth) async throws -> [UUID]
    /// Stores the checks and whether the invoice needs an admin's attention.
    func storeChecks(invoiceId: UUID, checks: [InvoiceCheck]) async throws
}

/// An invoice with the month's contracts, rates and tracked time, and the person's details.
package struct InvoiceCheckContext: Sendable {
    package var month: CalendarMonth
    package var data: InvoiceData
    package var amount: Decimal
    package var profileIco: String?
    package var profileDic: String?
    package var profileAccount: BankAccount?
    package var confirmedAccount: String?
    package var duplicates: [UUID]
    /// Days under an ICO contract in the month, as ranges.
    package var contracts: [(from: CalendarDay, to: CalendarDay?)]
    package var weeklyCapacity: Decimal
    package var rates: [(effectiveFrom: CalendarDay, amount: Decimal)]
    package var trackedHours: [CalendarDay: Decimal]
    /// Approved time off touching the month: fewer hours expected.
    package var timeOff: [Absence]

    package init(
        month: CalendarMonth, data: InvoiceData, amount: Decimal, profileIco: String?, profileDic: String?, profileAccount: BankAccount?,
        confirmedAccount: String?, duplicates: [UUID], contracts: [(from: CalendarDay, to: CalendarDay?)], weeklyCapacity: Decimal,
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], trackedHours: [CalendarDay: Decimal], timeOff: [Absence] = []
    ) {
        self.month = month
        self.data = data
        self.amount = amount
        self.profileIco = profileIco
        self.profileDic = profileDic
        self.profileAccount = profileAccount
        self.confirmedAccount = confirmedAccount
        self.duplicates = duplicates
        self.contracts = contracts
        self.weeklyCapacity = weeklyCapacity
        self.rates = rates
        self.trackedHours = trackedHours
        self.timeOff = timeOff
    }

    /// The check input, with the month's expected amount.
    package func input(companyIco: String?, tolerancePercent: Decimal) -> InvoiceCheckInput {
        let expected = ExpectedAmount.compute(
            month: month, covered: { day in contracts.contains { $0.from <= day && ($0.to.map { day <= $0 } ?? true) } },
            weeklyCapacity: weeklyCapacity, rates: rates, trackedHours: trackedHours, timeOff: timeOff)
        return InvoiceCheckInput(
            month: month, data: data, amount: amount, profileIco: profileIco, profileDic: profileDic, profileAccount: profileAccount,
            confirmedAccount: confirmedAccount, companyIco: companyIco, expected: expected, duplicates: duplicates,
            tolerancePercent: tolerancePercent)
    }
}

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
        guard let context = try await store.checkContext(invoiceId: invoiceId) else { return [] }
        let checks = InvoiceChecks.evaluate(context.input(companyIco: companyIco, tolerancePercent: tolerancePercent))
        try await store.storeChecks(invoiceId: invoiceId, checks: checks)
        return checks
    }

    /// The person's unpaid uploaded invoices from `month` on.
    package func recompute(personId: UUID, from month: CalendarMonth) async throws {
        for id in try await store.checkedInvoices(personId: personId, from: month) {
            try await recompute(invoiceId: id)
        }
    }
}
