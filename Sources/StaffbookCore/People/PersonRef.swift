import Foundation

/// Someone named by id and name.
package struct PersonRef: Sendable, Equatable {
    package var id: UUID
    package var firstName: String
    package var lastName: String

    package init(id: UUID, firstName: String, lastName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }
}
