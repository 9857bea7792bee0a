import Foundation

/// A rate in effect, with the rates it corrected (kept, superseded), newest first.
package struct RateHistoryEntry: Sendable, Equatable {
    package var id: UUID
    package var amount: Decimal
    package var effectiveFrom: CalendarDay
    package var setAt: Date
    package var previousAmount: Decimal?
    package var reason: String?
    package var setBy: PersonRef?
    package var supersedes: [SupersededRate]

    package init(
        id: UUID, amount: Decimal, effectiveFrom: CalendarDay, setAt: Date, previousAmount: Decimal? = nil, reason: String? = nil,
        setBy: PersonRef? = nil, supersedes: [SupersededRate] = []
    ) {
        self.id = id
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.setAt = setAt
        self.previousAmount = previousAmount
        self.reason = reason
        self.setBy = setBy
        self.supersedes = supersedes
    }
}
