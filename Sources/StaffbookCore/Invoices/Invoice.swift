import Foundation

/// The newest file of an invoice, without its bytes.
package struct InvoiceFile: Sendable, Equatable {
    package var id: UUID
    package var mediaType: String
    package var size: Int
    /// SHA-256, hex: also the download's `ETag`.
    package var sha256: String

    package init(id: UUID, mediaType: String, size: Int, sha256: String) {
        self.id = id
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
    }
}

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

package struct InvoiceEvent: Sendable, Equatable {
    package var at: Date
    package var actorId: UUID?
    package var action: String
    package var from: InvoiceState?
    package var to: InvoiceState
    package var reason: String?

    package init(at: Date, actorId: UUID? = nil, action: String, from: InvoiceState? = nil, to: InvoiceState, reason: String? = nil) {
        self.at = at
        self.actorId = actorId
        self.action = action
        self.from = from
        self.to = to
        self.reason = reason
    }
}

/// A month of a worker's list: their invoice for it, or what kind of month it was.
package struct MonthRow: Sendable, Equatable {
    package struct Existing: Sendable, Equatable {
        package var id: UUID
        package var state: InvoiceState
        package var kind: InvoiceKind
        package var amount: Decimal
        package var returnReason: String?
        package var file: InvoiceFile

        package init(id: UUID, state: InvoiceState, kind: InvoiceKind, amount: Decimal, returnReason: String? = nil, file: InvoiceFile) {
            self.id = id
            self.state = state
            self.kind = kind
            self.amount = amount
            self.returnReason = returnReason
            self.file = file
        }
    }

    package var month: CalendarMonth
    package var invoice: Existing?
    package var hadContractorContract: Bool
    package var hadAnyContract: Bool

    package init(month: CalendarMonth, invoice: Existing? = nil, hadContractorContract: Bool, hadAnyContract: Bool) {
        self.month = month
        self.invoice = invoice
        self.hadContractorContract = hadContractorContract
        self.hadAnyContract = hadAnyContract
    }
}

/// A file checked and ready to store, with its bytes.
package struct UploadedFile: Sendable {
    package var content: Data
    /// SHA-256 of `content`, when it was taken on the way in (an upload); nil has the store
    /// compute it (a file made here).
    package var sha256: Data?
    package var mediaType: String
    package var originalName: String?

    package var size: Int { content.count }

    package init(content: Data, sha256: Data?, mediaType: String, originalName: String?) {
        self.content = content
        self.sha256 = sha256
        self.mediaType = mediaType
        self.originalName = originalName
    }
}

/// Keyset position of a month (lists are newest first).
package struct MonthPosition: PagePosition {
    package var month: String

    package enum CodingKeys: String, CodingKey {
        case month = "m"
    }

    package init(month: String) {
        self.month = month
    }

    package var isValid: Bool { CalendarMonth(month) != nil }
}

/// Keyset position in the admin's invoice list: person in Czech name order, then period.
package struct InvoicePosition: PagePosition {
    package var lastName: String
    package var firstName: String
    package var personId: UUID
    package var period: String

    package enum CodingKeys: String, CodingKey {
        case lastName = "l", firstName = "f", personId = "p", period = "m"
    }

    package init(lastName: String, firstName: String, personId: UUID, period: String) {
        self.lastName = lastName
        self.firstName = firstName
        self.personId = personId
        self.period = period
    }

    package var isValid: Bool { PagePositionText.isValid(lastName) && PagePositionText.isValid(firstName) && CalendarMonth(period) != nil }
}

package struct InvoiceFilter: Sendable {
    package var period: CalendarMonth?
    package var state: InvoiceState?
    package var query: String?

    package init(period: CalendarMonth? = nil, state: InvoiceState? = nil, query: String? = nil) {
        self.period = period
        self.state = state
        self.query = query
    }
}

/// Someone who owes an invoice.
package struct InvoicePerson: Sendable, Equatable {
    package var id: UUID
    package var firstName: String
    package var lastName: String
    package var email: String

    package init(id: UUID, firstName: String, lastName: String, email: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
    }
}

/// Everything a statement needs to know about a person for one month.
package struct StatementCandidate: Sendable {
    package var person: InvoicePerson
    package var weeklyCapacity: Decimal
    /// The statement contracts (HPP, DPP, DPC) touching the month.
    package var contractRanges: [(type: ContractType, from: CalendarDay, to: CalendarDay?)]
    /// The rates in effect (a superseded rate is left out: its correction stands in).
    package var rates: [(effectiveFrom: CalendarDay, amount: Decimal)]
    /// The month's invoice, if the person has one.
    package var existing: ExistingStatement?
    /// The hours the person tracked each day of the month (empty: none).
    package var trackedHours: [CalendarDay: Decimal]
    /// The hours they tracked on each project ("Client / Project"), by name.
    package var projectHours: [(name: String, hours: Decimal)]

    package func covers(_ day: CalendarDay) -> Bool {
        contractRanges.contains { range in day >= range.from && range.to.map { day <= $0 } ?? true }
    }

    /// The contract types, each once, in the order their contracts start.
    package var contractTypes: [ContractType] {
        var types: [ContractType] = []
        for range in contractRanges.sorted(by: { $0.from < $1.from }) where !types.contains(range.type) { types.append(range.type) }
        return types
    }

    package init(
        person: InvoicePerson, weeklyCapacity: Decimal, contractRanges: [(type: ContractType, from: CalendarDay, to: CalendarDay?)],
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], existing: ExistingStatement? = nil,
        trackedHours: [CalendarDay: Decimal] = [:], projectHours: [(name: String, hours: Decimal)] = []
    ) {
        self.person = person
        self.weeklyCapacity = weeklyCapacity
        self.contractRanges = contractRanges
        self.rates = rates
        self.existing = existing
        self.trackedHours = trackedHours
        self.projectHours = projectHours
    }
}

/// A month's invoice as a statement run finds it.
package struct ExistingStatement: Sendable, Equatable {
    package var invoiceId: UUID
    package var period: CalendarMonth
    package var state: InvoiceState
    package var kind: InvoiceKind
    /// Nil for an uploaded invoice, or a statement from before the basis was kept.
    package var basis: StatementCalculator.HoursBasis?
    package var hours: Decimal?

    package init(
        invoiceId: UUID, period: CalendarMonth, state: InvoiceState, kind: InvoiceKind, basis: StatementCalculator.HoursBasis?,
        hours: Decimal?
    ) {
        self.invoiceId = invoiceId
        self.period = period
        self.state = state
        self.kind = kind
        self.basis = basis
        self.hours = hours
    }
}

/// A generated statement as stored: where its hours came from and its lines.
package struct StoredStatement: Sendable, Equatable {
    package var basis: StatementCalculator.HoursBasis
    package var lines: [StatementCalculator.Line]

    package init(basis: StatementCalculator.HoursBasis, lines: [StatementCalculator.Line]) {
        self.basis = basis
        self.lines = lines
    }
}

/// One of the files an invoice has had: the first upload is version 1.
package struct InvoiceFileVersion: Sendable, Equatable {
    package var id: UUID
    package var version: Int
    package var mediaType: String
    package var size: Int
    /// SHA-256, hex.
    package var sha256: String
    package var uploadedAt: Date
    /// Nil for a statement the monthly run generated.
    package var uploadedBy: PersonRef?
    package var isCurrent: Bool

    package init(
        id: UUID, version: Int, mediaType: String, size: Int, sha256: String, uploadedAt: Date, uploadedBy: PersonRef?, isCurrent: Bool
    ) {
        self.id = id
        self.version = version
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
        self.uploadedAt = uploadedAt
        self.uploadedBy = uploadedBy
        self.isCurrent = isCurrent
    }
}
