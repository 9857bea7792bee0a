import Foundation

/// A team as seen from one of its members.
package struct TeamRef: Sendable, Equatable {
    package var id: UUID
    package var name: String
    package var leader: Bool

    package init(id: UUID, name: String, leader: Bool) {
        self.id = id
        self.name = name
        self.leader = leader
    }
}
