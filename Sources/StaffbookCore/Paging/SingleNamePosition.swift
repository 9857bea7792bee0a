import Foundation

/// Keyset position in a list ordered by one name, then id (teams, clients, projects); people,
/// ordered by last and first name, have `NamePosition`.
package struct SingleNamePosition: PagePosition {
    package var name: String
    package var id: UUID

    package enum CodingKeys: String, CodingKey {
        case name = "n", id = "i"
    }

    package init(name: String, id: UUID) {
        self.name = name
        self.id = id
    }

    package var isValid: Bool { PagePositionText.isValid(name) }
}
