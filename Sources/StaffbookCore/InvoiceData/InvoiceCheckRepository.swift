import Foundation

/// What the checks of an invoice read and write.
package protocol InvoiceCheckRepository: Sendable {
    /// Everything the checks of a contractor's invoice compare; nil for an unknown invoice or a
    /// statement.
    func checkContext(invoiceId: UUID) async throws -> InvoiceCheckContext?
    /// The person's uploaded invoices from `month` on that are not paid.
    func checkedInvoices(personId: UUID, from month: CalendarMonth) async throws -> [UUID]
    /// A new computation of the invoice's checks: its number, taken before anything it reads,
    /// so a later computation always reads as much as an earlier one; nil for an unknown invoice.
    func checksTicket(invoiceId: UUID) async throws -> Int64?
    /// Stores the checks computed as `ticket` and whether the invoice needs an admin's attention,
    /// unless a later computation's are stored already (two recomputes that commit out of order
    /// leave the newer result); false when they were not stored.
    @discardableResult
    func storeChecks(invoiceId: UUID, checks: [InvoiceCheck], computedAs ticket: Int64) async throws -> Bool
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
