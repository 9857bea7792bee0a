import Foundation

package struct Team: Sendable, Equatable {
    package struct Member: Sendable, Equatable, Decodable {
        package var id: UUID
        package var firstName: String
        package var lastName: String
        package var leader: Bool

        package init(id: UUID, firstName: String, lastName: String, leader: Bool) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.leader = leader
        }
    }

    package var id: UUID
    package var name: String
    /// In Czech name order.
    package var members: [Member]

    package init(id: UUID, name: String, members: [Member]) {
        self.id = id
        self.name = name
        self.members = members
    }
}
