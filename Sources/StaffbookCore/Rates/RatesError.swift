import Foundation

/// Why a change to a rate was refused.
package enum RatesError: Error, Equatable {
    /// The person already has a rate from this day.
    case dateTaken(CalendarDay)
    /// A rate that has taken effect cannot be deleted.
    case inEffect
    /// A rate replaced by a correction cannot change again; its correction can.
    case superseded(by: UUID)
    /// A correction with the amount and date the rate already has.
    case unchangedCorrection
}
