import Foundation

/// A kind of time off, as the admins keep them: whether it needs approval, whether it counts
/// against the yearly vacation balance, what share of the rate an employee's statement pays for
/// it, and for which contract types it exists.
package struct AbsenceKind: Sendable, Equatable {
    package var code: String
    package var name: LocalizedText
    package var needsApproval: Bool
    package var countsAgainstBalance: Bool
    /// The share of the hourly rate an employee is paid for a day of it (1 is in full, 0 unpaid).
    package var paidShare: Decimal
    /// Paid at `paidShare` for this many calendar days of one absence, nothing after (sick leave
    /// the employer pays); nil: no limit.
    package var paidDays: Int?
    /// Requested by the hour (a doctor's visit) rather than by whole or half days.
    package var byHours: Bool
    package var contractTypes: Set<ContractType>
    /// Shown only to the person and admins; everyone else sees "away" (sick leave).
    package var isPrivate: Bool

    package init(
        code: String, name: LocalizedText, needsApproval: Bool, countsAgainstBalance: Bool, paidShare: Decimal, paidDays: Int?,
        byHours: Bool, contractTypes: Set<ContractType>, isPrivate: Bool = false
    ) {
        self.isPrivate = isPrivate
        self.code = code
        self.name = name
        self.needsApproval = needsApproval
        self.countsAgainstBalance = countsAgainstBalance
        self.paidShare = paidShare
        self.paidDays = paidDays
        self.byHours = byHours
        self.contractTypes = contractTypes
    }
}

/// Where a request for time off stands.
package enum AbsenceState: String, Sendable, CaseIterable, Codable {
    case requested, approved, rejected, cancelled
}

/// Which part of its days an absence takes.
package enum AbsencePart: String, Sendable, CaseIterable, Codable {
    /// Whole days.
    case full
    /// The first or second half of one day.
    case morning, afternoon
    /// Some hours of one day (a doctor's visit).
    case hours
}

/// A person's time off: requested, then decided.
package struct Absence: Sendable, Equatable {
    package var id: UUID
    package var personId: UUID
    package var kind: String
    package var firstDay: CalendarDay
    package var lastDay: CalendarDay
    package var part: AbsencePart
    package var hours: Decimal?
    /// The working days it takes (weekends and public holidays aside; a half day is 0.5).
    package var workingDays: Decimal
    package var state: AbsenceState
    package var note: String?
    /// Why it was rejected or cancelled.
    package var reason: String?
    package var decidedBy: UUID?
    package var decidedAt: Date?
    package var createdAt: Date

    package init(
        id: UUID, personId: UUID, kind: String, firstDay: CalendarDay, lastDay: CalendarDay, part: AbsencePart, hours: Decimal?,
        workingDays: Decimal, state: AbsenceState, note: String?, reason: String?, decidedBy: UUID?, decidedAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.personId = personId
        self.kind = kind
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.part = part
        self.hours = hours
        self.workingDays = workingDays
        self.state = state
        self.note = note
        self.reason = reason
        self.decidedBy = decidedBy
        self.decidedAt = decidedAt
        self.createdAt = createdAt
    }
}

extension Absence {
    /// The hours of a working day of `daily` hours it takes on `day`: all of it, half, or its
    /// hours (at most the day's).
    package func hoursAway(on day: CalendarDay, daily: Decimal) -> Decimal {
        guard day >= firstDay, day <= lastDay else { return 0 }
        switch part {
        case .full: return daily
        case .morning, .afternoon: return daily / 2
        case .hours: return min(hours ?? 0, daily)
        }
    }
}

/// What a person asks for.
package struct AbsenceRequest: Sendable, Equatable {
    package var kind: String
    package var firstDay: CalendarDay
    package var lastDay: CalendarDay
    package var part: AbsencePart
    package var hours: Decimal?
    package var note: String?

    package init(kind: String, firstDay: CalendarDay, lastDay: CalendarDay, part: AbsencePart, hours: Decimal?, note: String?) {
        self.kind = kind
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.part = part
        self.hours = hours
        self.note = note
    }
}

/// Why time off could not be requested or decided.
package enum AbsenceError: Error, Equatable {
    case unknownKind
    /// The kind does not exist for the person's contracts in the range.
    case kindNotForContract
    case endsBeforeStart
    /// A half day or hours span one day.
    case partSpansDays
    /// A half day, or hours, on a day that is not a working day.
    case notAWorkingDay
    /// Hours only for a kind taken by the hour, between 0.5 and 8.
    case hoursInvalid
    /// The range has no working day in it.
    case noWorkingDay
    /// At most a year at once.
    case tooLong
    /// Another request of the person's in `requested` or `approved` covers a day of it.
    case overlap(UUID?)
    /// The action is not allowed in the request's state.
    case notAllowed(AbsenceAction, AbsenceState)
    case reasonRequired
    /// The person cancels only before it starts (an admin any time).
    case alreadyStarted
    /// Leaders decide other people's requests.
    case ownRequest
}

extension AbsenceKind {
    /// A kind's code: lower-case letters and underscores, as requests and statements name it.
    package static func validCode(_ code: String) -> Bool {
        (1...40).contains(code.utf8.count) && code.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// A share of the rate from 0 (unpaid) to 1 (in full), to at most three decimals.
    package static func validPaidShare(_ share: Decimal) -> Bool {
        guard share >= 0, share <= 1 else { return false }
        var scaled = share * 1000, rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }

    /// Paid for 1 to 366 calendar days of one absence, or without a limit.
    package static func validPaidDays(_ days: Int?) -> Bool {
        days.map { (1...366).contains($0) } ?? true
    }
}
