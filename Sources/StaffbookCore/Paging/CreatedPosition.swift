import Foundation

/// Keyset position in a list ordered by when rows were made, newest first (jobs,
/// notifications).
package struct CreatedPosition: PagePosition {
    package var createdAt: Date
    package var id: UUID

    package enum CodingKeys: String, CodingKey {
        case createdAt = "c", id = "i"
    }

    package init(createdAt: Date, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }

    package var isValid: Bool { InstantRange.contains(createdAt) }
}
