import Foundation

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
