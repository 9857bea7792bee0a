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
