import Foundation

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
