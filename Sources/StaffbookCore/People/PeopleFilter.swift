import Foundation

package struct PeopleFilter: Sendable {
    package var query: String?
    package var active: Bool?
    package var teamId: UUID?

    package init(query: String? = nil, active: Bool? = nil, teamId: UUID? = nil) {
        self.query = query
        self.active = active
        self.teamId = teamId
    }
}
