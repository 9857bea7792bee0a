import Foundation

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
