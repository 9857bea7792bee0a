/// Why a change to a rate was refused.
package enum RatesError: Error, Equatable {
    /// The person already has a rate from this day.
    case dateTaken(CalendarDay)
    /// A rate that has taken effect cannot be deleted.
    case inEffect
}
