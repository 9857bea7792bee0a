import Foundation

package struct Invoice: Sendable, Equatable {
    package var id: UUID
    package var personId: UUID
    package var firstName: String
    package var lastName: String
    package var email: String
    package var period: CalendarMonth
    package var state: InvoiceState
    package var kind: InvoiceKind
    package var amount: Decimal
    package var statementHours: Decimal?
    package var statementRate: Decimal?
    package var version: Int
    package var returnReason: String?
    package var file: InvoiceFile
    package var submittedAt: Date
    package var approvedAt: Date?
    package var paidAt: Date?
    package var exportedAt: Date?
    /// What a contractor's invoice says (empty for statements and invoices from before).
    package var data = InvoiceData()
    package var checks: [InvoiceCheck] = []
    package var needsAttention = false
    /// When an admin confirmed the invoice's bank account (one not on file).
    package var bankAccountConfirmedAt: Date?

    package var etag: String { "\"v\(version)\"" }

    package init(
        id: UUID, personId: UUID, firstName: String, lastName: String, email: String, period: CalendarMonth, state: InvoiceState, kind: InvoiceKind,
        amount: Decimal, statementHours: Decimal? = nil, statementRate: Decimal? = nil, version: Int, returnReason: String? = nil, file: InvoiceFile,
        submittedAt: Date, approvedAt: Date? = nil, paidAt: Date? = nil, exportedAt: Date? = nil
    ) {
        self.id = id
        self.personId = personId
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.period = period
        self.state = state
        self.kind = kind
        self.amount = amount
        self.statementHours = statementHours
        self.statementRate = statementRate
        self.version = version
        self.returnReason = returnReason
        self.file = file
        self.submittedAt = submittedAt
        self.approvedAt = approvedAt
        self.paidAt = paidAt
        self.exportedAt = exportedAt
    }
}
