import Crypto
import Foundation
import NIOCore

/// The newest file of an invoice, without its bytes.
struct InvoiceFile: Sendable, Equatable {
    var id: UUID
    var mediaType: String
    var size: Int
    /// SHA-256, hex: also the download's `ETag`.
    var sha256: String
}

struct Invoice: Sendable, Equatable {
    var id: UUID
    var personId: UUID
    var firstName: String
    var lastName: String
    var email: String
    var period: CalendarMonth
    var state: InvoiceState
    var kind: InvoiceKind
    var amount: Decimal
    var statementHours: Decimal?
    var statementRate: Decimal?
    var version: Int
    var returnReason: String?
    var file: InvoiceFile
    var submittedAt: Date
    var approvedAt: Date?
    var paidAt: Date?
    var exportedAt: Date?

    var etag: String { "\"v\(version)\"" }
}

struct InvoiceEvent: Sendable, Equatable {
    var at: Date
    var actorId: UUID?
    var action: String
    var from: InvoiceState?
    var to: InvoiceState
    var reason: String?
}

/// A month of a worker's list: their invoice for it, or what kind of month it was.
struct MonthRow: Sendable, Equatable {
    struct Existing: Sendable, Equatable {
        var id: UUID
        var state: InvoiceState
        var kind: InvoiceKind
        var amount: Decimal
        var returnReason: String?
        var file: InvoiceFile
    }

    var month: CalendarMonth
    var invoice: Existing?
    var hadContractorContract: Bool
    var hadAnyContract: Bool
}

/// A file checked and ready to store: its bytes in one buffer, bound to the INSERT as they are.
struct UploadedFile: Sendable {
    var content: ByteBuffer
    var sha256: Data
    var mediaType: String
    var originalName: String?

    var size: Int { content.readableBytes }

    init(content: ByteBuffer, sha256: Data, mediaType: String, originalName: String?) {
        self.content = content
        self.sha256 = sha256
        self.mediaType = mediaType
        self.originalName = originalName
    }

    /// A file made here (a statement workbook): copied into a buffer and hashed.
    init(bytes: Data, mediaType: String, originalName: String?) {
        self.init(content: ByteBuffer(bytes: bytes), sha256: Data(SHA256.hash(data: bytes)), mediaType: mediaType, originalName: originalName)
    }
}

/// Keyset position of a month (lists are newest first).
struct MonthPosition: Codable, Sendable {
    var month: String

    enum CodingKeys: String, CodingKey {
        case month = "m"
    }
}

/// Keyset position in the admin's invoice list: person in Czech name order, then period.
struct InvoicePosition: Codable, Sendable {
    var lastName: String
    var firstName: String
    var personId: UUID
    var period: String

    enum CodingKeys: String, CodingKey {
        case lastName = "l", firstName = "f", personId = "p", period = "m"
    }
}

struct InvoiceFilter: Sendable {
    var period: CalendarMonth?
    var state: InvoiceState?
    var query: String?
}

/// Someone who owes an invoice.
struct InvoicePerson: Sendable, Equatable {
    var id: UUID
    var firstName: String
    var lastName: String
    var email: String
}

/// Everything a statement needs to know about a person for one month.
struct StatementCandidate: Sendable {
    var person: InvoicePerson
    var weeklyCapacity: Decimal
    var contractRanges: [(from: CalendarDay, to: CalendarDay?)]
    var rates: [(effectiveFrom: CalendarDay, amount: Decimal)]

    func covers(_ day: CalendarDay) -> Bool {
        contractRanges.contains { day >= $0.from && ($0.to == nil || day <= $0.to!) }
    }
}
