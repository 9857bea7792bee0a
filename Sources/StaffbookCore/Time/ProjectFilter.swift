import Foundation

/// Which projects a list shows.
package struct ProjectFilter: Sendable, Equatable {
    /// Only those a member of these teams may track time on (nil: any).
    package var openToTeams: Set<UUID>?
    package var clientId: UUID?
    package var includeInactive: Bool

    package init(openToTeams: Set<UUID>? = nil, clientId: UUID? = nil, includeInactive: Bool = false) {
        self.openToTeams = openToTeams
        self.clientId = clientId
        self.includeInactive = includeInactive
    }
}
