import Foundation

/// Keyset position in the admin's invoice list: person in Czech name order, then period.
package struct InvoicePosition: PagePosition {
    package var lastName: String
    package var firstName: String
    package var personId: UUID
    package var period: String

    package enum CodingKeys: String, CodingKey {
        case lastName = "l", firstName = "f", personId = "p", period = "m"
    }

    package init(lastName: String, firstName: String, personId: UUID, period: String) {
        self.lastName = lastName
        self.firstName = firstName
        self.personId = personId
        self.period = period
    }

    package var isValid: Bool { PagePositionText.isValid(lastName) && PagePositionText.isValid(firstName) && CalendarMonth(period) != nil }
}
