import Foundation

package struct PersonIncreases: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var effectiveFrom: CalendarDay
        package var amount: Decimal
        package var previousAmount: Decimal
        package var reason: String?

        package init(effectiveFrom: CalendarDay, amount: Decimal, previousAmount: Decimal, reason: String? = nil) {
            self.effectiveFrom = effectiveFrom
            self.amount = amount
            self.previousAmount = previousAmount
            self.reason = reason
        }
    }

    package var id: UUID
    package var firstName: String
    package var lastName: String
    package var increases: [Entry]

    package init(id: UUID, firstName: String, lastName: String, increases: [Entry]) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.increases = increases
    }
}
