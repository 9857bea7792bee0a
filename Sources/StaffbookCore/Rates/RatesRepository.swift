import Foundation

/// Hourly-rate history and its analytics.
package protocol RatesRepository: Sendable {
    /// The rate in effect on `today` and the next one after it.
    func currentAndUpcoming(personId: UUID, today: CalendarDay) async throws -> (current: RateEntry?, upcoming: RateEntry?)
    /// The person's rates, newest first, each with the amount before it.
    func history(personId: UUID, page: PageRequest<DayPosition>) async throws -> [RateHistoryEntry]
    /// Adds a rate; a second rate on one date throws `rate-date-taken`. Nil for an unknown person.
    func add(personId: UUID, rate: NewRateEntry, by: UUID, now: Date) async throws -> RateHistoryEntry?
    /// Replaces a rate in effect by a corrected one (the old row is kept, marked superseded), in
    /// one transaction; a date another rate has throws `rate-date-taken`.
    func correct(personId: UUID, rateId: UUID, correction: RateCorrection, by: UUID, now: Date) async throws -> RateCorrectionOutcome
    /// Deletes a rate that takes effect after `today`, with the rates it corrected.
    func delete(personId: UUID, rateId: UUID, today: CalendarDay, by: UUID, now: Date) async throws -> RateDeletion
    /// People (Czech name order) with the increases that took effect between the two days.
    func increases(from: CalendarDay, to: CalendarDay, page: PageRequest<NamePosition>) async throws -> [PersonIncreases]
    /// Every increase (a rate with a rate before it) that took effect between the two days.
    func increases(from: CalendarDay, to: CalendarDay) async throws -> [RateIncrease]
}

/// A rate in effect, with the rates it corrected (kept, superseded), newest first.
package struct RateHistoryEntry: Sendable, Equatable {
    package var id: UUID
    package var amount: Decimal
    package var effectiveFrom: CalendarDay
    package var setAt: Date
    package var previousAmount: Decimal?
    package var reason: String?
    package var setBy: PersonRef?
    package var supersedes: [SupersededRate]

    package init(
        id: UUID, amount: Decimal, effectiveFrom: CalendarDay, setAt: Date, previousAmount: Decimal? = nil, reason: String? = nil,
        setBy: PersonRef? = nil, supersedes: [SupersededRate] = []
    ) {
        self.id = id
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.setAt = setAt
        self.previousAmount = previousAmount
        self.reason = reason
        self.setBy = setBy
        self.supersedes = supersedes
    }
}

/// A rate replaced by a correction: it never counts, but stays in the history.
package struct SupersededRate: Sendable, Equatable {
    package var id: UUID
    package var amount: Decimal
    package var effectiveFrom: CalendarDay
    package var setAt: Date
    package var reason: String?
    package var setBy: PersonRef?
    package var supersededAt: Date

    package init(
        id: UUID, amount: Decimal, effectiveFrom: CalendarDay, setAt: Date, reason: String?, setBy: PersonRef?, supersededAt: Date
    ) {
        self.id = id
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.setAt = setAt
        self.reason = reason
        self.setBy = setBy
        self.supersededAt = supersededAt
    }
}

/// A corrected amount, date or both, and why (required).
package struct RateCorrection: Sendable, Equatable {
    package var amount: Decimal?
    package var effectiveFrom: CalendarDay?
    package var reason: String

    package init(amount: Decimal?, effectiveFrom: CalendarDay?, reason: String) {
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.reason = reason
    }
}

package enum RateCorrectionOutcome: Sendable, Equatable {
    /// The corrected rate, and the days whose pay may have changed: from `from` up to the day
    /// before `until` (nil: with no end).
    case corrected(RateHistoryEntry, from: CalendarDay, until: CalendarDay?)
    case notFound
    /// The rate was corrected before: correct its correction.
    case superseded(by: UUID)
    /// The correction changes nothing.
    case unchanged
}

package struct PersonIncreases: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var effectiveFrom: CalendarDay
        package var amount: Decimal
        package var previousAmount: Decimal
        package var reason: String?

        package init(effectiveFrom: CalendarDay, amount: Decimal, previousAmount: Decimal, reason: String? = nil) {
            self.effectiveFrom = effectiveFrom
            self.amount = amount
            self.previousAmount = previousAmount
            self.reason = reason
        }
    }

    package var id: UUID
    package var firstName: String
    package var lastName: String
    package var increases: [Entry]

    package init(id: UUID, firstName: String, lastName: String, increases: [Entry]) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.increases = increases
    }
}

package enum RateDeletion: Sendable, Equatable {
    case deleted
    case inEffect
    case notFound
    case superseded(by: UUID)
}

/// Keyset position in a rate history (newest first).
package struct DayPosition: PagePosition {
    package var effectiveFrom: String

    package enum CodingKeys: String, CodingKey {
        case effectiveFrom = "d"
    }

    package init(effectiveFrom: String) {
        self.effectiveFrom = effectiveFrom
    }

    package var isValid: Bool { CalendarDay(effectiveFrom) != nil }
}
