import Foundation

/// Hourly-rate history and its analytics.
package protocol RatesRepository: Sendable {
    /// The rate in effect on `today` and the next one after it.
    func currentAndUpcoming(personId: UUID, today: CalendarDay) async throws -> (current: RateEntry?, upcoming: RateEntry?)
    /// The person's rates, newest first, each with the amount before it.
    func history(personId: UUID, page: PageRequest<DayPosition>) async throws -> [RateHistoryEntry]
    /// Adds a rate; a second rate on one date throws `rate-date-taken`. Nil for an unknown person.
    func add(personId: UUID, rate: NewRateEntry, by: UUID, now: Date) async throws -> RateHistoryEntry?
    /// Deletes a rate that takes effect after `today`.
    func delete(personId: UUID, rateId: UUID, today: CalendarDay, by: UUID, now: Date) async throws -> RateDeletion
    /// People (Czech name order) with the increases that took effect between the two days.
    func increases(from: CalendarDay, to: CalendarDay, page: PageRequest<NamePosition>) async throws -> [PersonIncreases]
    /// Every increase (a rate with a rate before it) that took effect between the two days.
    func increases(from: CalendarDay, to: CalendarDay) async throws -> [RateIncrease]
}

package struct RateHistoryEntry: Sendable, Equatable {
    package var id: UUID
    package var amount: Decimal
    package var effectiveFrom: CalendarDay
    package var setAt: Date
    package var previousAmount: Decimal?

    package init(id: UUID, amount: Decimal, effectiveFrom: CalendarDay, setAt: Date, previousAmount: Decimal? = nil) {
        self.id = id
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.setAt = setAt
        self.previousAmount = previousAmount
    }
}

package struct PersonIncreases: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var effectiveFrom: CalendarDay
        package var amount: Decimal
        package var previousAmount: Decimal

        package init(effectiveFrom: CalendarDay, amount: Decimal, previousAmount: Decimal) {
            self.effectiveFrom = effectiveFrom
            self.amount = amount
            self.previousAmount = previousAmount
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
