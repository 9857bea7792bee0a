import Foundation

/// A rate and when it takes effect.
package struct RateEntry: Sendable, Equatable {
    package var id: UUID
    package var amount: Decimal
    package var effectiveFrom: CalendarDay

    package init(id: UUID, amount: Decimal, effectiveFrom: CalendarDay) {
        self.id = id
        self.amount = amount
        self.effectiveFrom = effectiveFrom
    }
}
