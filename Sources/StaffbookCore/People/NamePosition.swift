import Foundation

/// The keyset position of a person in Czech name order.
package struct NamePosition: PagePosition {
    package var lastName: String
    package var firstName: String
    package var id: UUID

    package enum CodingKeys: String, CodingKey {
        case lastName = "l", firstName = "f", id = "i"
    }

    package init(lastName: String, firstName: String, id: UUID) {
        self.lastName = lastName
        self.firstName = firstName
        self.id = id
    }

    package var isValid: Bool { PagePositionText.isValid(lastName) && PagePositionText.isValid(firstName) }
}
