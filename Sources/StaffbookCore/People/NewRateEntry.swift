import Foundation

package struct NewRateEntry: Sendable {
    package var amount: Decimal
    package var effectiveFrom: CalendarDay
    /// Why the rate changes (a review, a promotion): shown in the history and the increases.
    package var reason: String?

    package init(amount: Decimal, effectiveFrom: CalendarDay, reason: String? = nil) {
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.reason = reason
    }
}
