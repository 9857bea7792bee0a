import Foundation

package struct NewContract: Sendable {
    package var type: ContractType
    package var validFrom: CalendarDay
    package var validTo: CalendarDay?

    package init(type: ContractType, validFrom: CalendarDay, validTo: CalendarDay? = nil) {
        self.type = type
        self.validFrom = validFrom
        self.validTo = validTo
    }
}
