import Foundation

/// The facts a notification states, filled in by kind.
package struct NotificationPayload: Codable, Sendable, Equatable {
    /// One person missing an invoice, in a digest.
    package struct MissingPerson: Codable, Sendable, Equatable {
        package var name: String
        package var team: String
        /// What they invoiced the month before, for scale.
        package var previousAmount: String?

        package init(name: String, team: String, previousAmount: String?) {
            self.name = name
            self.team = team
            self.previousAmount = previousAmount
        }
    }

    /// Time off as the message names it: the kind in both languages and the days as stored, so
    /// the renderer words them in the recipient's language.
    package struct TimeOff: Codable, Sendable, Equatable {
        package var kind: String
        package var nameCs: String
        package var nameEn: String
        package var firstDay: String
        package var lastDay: String
        package var part: String
        package var hours: String?

        package init(_ absence: Absence, name: LocalizedText) {
            self.kind = absence.kind
            self.nameCs = name.cs
            self.nameEn = name.en
            self.firstDay = absence.firstDay.iso
            self.lastDay = absence.lastDay.iso
            self.part = absence.part.rawValue
            self.hours = absence.hours.map { "\($0)" }
        }
    }

    package var period: String?
    package var amount: String?
    package var reason: String?
    package var effectiveFrom: String?
    /// Which reminder of how many (1 of 4).
    package var sequence: Int?
    package var of: Int?
    package var invoiceId: String?
    /// Invitations and resets: when the link stops working.
    package var expiresAt: Date?
    package var missing: [MissingPerson]?
    /// A bank account as printed (a changed one).
    package var account: String?
    /// In the admins' digest: invoices of the month whose checks need an admin.
    package var attention: Int?
    /// In the admins' digest: payment runs sent long enough ago that no statement has fully paid.
    package var unpaidRuns: [Int]?
    /// To a leader: members' submitted months waiting for them.
    package var waiting: Int?
    /// In the admins' digest: approvals over failing checks, bank accounts and payment runs that
    /// wait for a second admin.
    package var secondAdminWaits: Int?
    /// In the admins' digest: months with tracked time not submitted, and submitted ones not approved.
    package var unsubmittedTimesheets: Int?
    package var unapprovedTimesheets: Int?
    /// Time off: whose, what and when, and what was decided.
    package var person: String?
    package var timeOff: TimeOff?
    package var decision: String?
    /// A webhook endpoint's URL.
    package var endpoint: String?
    /// Where the mail goes instead of the account's address: the address an erased person had.
    package var address: String?
    /// Who asked for a change that waits for a second admin.
    package var askedBy: String?
    /// A made export whose link the mail carries (the link is derived when the mail is written).
    package var exportId: String?

    package init(
        period: String? = nil, amount: String? = nil, reason: String? = nil, effectiveFrom: String? = nil, sequence: Int? = nil,
        of: Int? = nil, invoiceId: String? = nil, expiresAt: Date? = nil, missing: [MissingPerson]? = nil, account: String? = nil,
        attention: Int? = nil, unpaidRuns: [Int]? = nil, waiting: Int? = nil, unsubmittedTimesheets: Int? = nil,
        unapprovedTimesheets: Int? = nil, person: String? = nil, timeOff: TimeOff? = nil, decision: String? = nil,
        endpoint: String? = nil, address: String? = nil, exportId: String? = nil
    ) {
        self.address = address
        self.exportId = exportId
        self.person = person
        self.timeOff = timeOff
        self.decision = decision
        self.endpoint = endpoint
        self.period = period
        self.amount = amount
        self.reason = reason
        self.effectiveFrom = effectiveFrom
        self.sequence = sequence
        self.of = of
        self.invoiceId = invoiceId
        self.expiresAt = expiresAt
        self.missing = missing
        self.account = account
        self.attention = attention
        self.unpaidRuns = unpaidRuns
        self.waiting = waiting
        self.unsubmittedTimesheets = unsubmittedTimesheets
        self.unapprovedTimesheets = unapprovedTimesheets
    }
}
