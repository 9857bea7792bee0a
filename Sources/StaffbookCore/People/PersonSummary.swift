import Foundation

/// A row of a people list.
package struct PersonSummary: Sendable, Equatable {
    package var id: UUID
    package var email: String
    package var firstName: String
    package var lastName: String
    package var academicTitle: String?
    package var position: String?
    package var isActive: Bool
    package var teams: [TeamRef]

    package init(
        id: UUID, email: String, firstName: String, lastName: String, academicTitle: String? = nil, position: String? = nil, isActive: Bool,
        teams: [TeamRef]
    ) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.academicTitle = academicTitle
        self.position = position
        self.isActive = isActive
        self.teams = teams
    }
}
