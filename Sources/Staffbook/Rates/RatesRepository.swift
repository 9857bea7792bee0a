import Foundation

/// Hourly-rate history and its analytics.
protocol RatesRepository: Sendable {
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

struct RateHistoryEntry: Sendable, Equatable {
    var id: UUID
    var amount: Decimal
    var effectiveFrom: CalendarDay
    var setAt: Date
    var previousAmount: Decimal?
}

struct PersonIncreases: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var effectiveFrom: CalendarDay
        var amount: Decimal
        var previousAmount: Decimal
    }

    var id: UUID
    var firstName: String
    var lastName: String
    var increases: [Entry]
}

enum RateDeletion: Sendable, Equatable {
    case deleted
    case inEffect
    case notFound
}

/// Keyset position in a rate history (newest first).
struct DayPosition: Codable, Sendable {
    var effectiveFrom: String

    enum CodingKeys: String, CodingKey {
        case effectiveFrom = "d"
    }
}
