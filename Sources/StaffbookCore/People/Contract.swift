import Foundation

package struct Contract: Sendable, Equatable {
    package var id: UUID
    package var type: ContractType
    package var validFrom: CalendarDay
    package var validTo: CalendarDay?

    package init(id: UUID, type: ContractType, validFrom: CalendarDay, validTo: CalendarDay? = nil) {
        self.id = id
        self.type = type
        self.validFrom = validFrom
        self.validTo = validTo
    }
}
