import Foundation

/// A client of the agency.
package struct Client: Sendable, Equatable {
    package var id: UUID
    package var name: String
    package var billingAddress: String?
    package var active: Bool
    package var version: Int

    package init(id: UUID, name: String, billingAddress: String?, active: Bool, version: Int) {
        self.id = id
        self.name = name
        self.billingAddress = billingAddress
        self.active = active
        self.version = version
    }

    package var etag: String { "\"v\(version)\"" }
}

/// A client's project people track time on.
package struct Project: Sendable, Equatable {
    package var id: UUID
    package var clientId: UUID
    package var clientName: String
    package var name: String
    package var billable: Bool
    /// What the client pays an hour; nil: not billed by the hour.
    package var hourlyPrice: Decimal?
    package var active: Bool
    /// The teams whose members may track time on it; empty: everyone.
    package var teamIds: [UUID]
    package var version: Int

    package init(
        id: UUID, clientId: UUID, clientName: String, name: String, billable: Bool, hourlyPrice: Decimal?, active: Bool, teamIds: [UUID],
        version: Int
    ) {
        self.id = id
        self.clientId = clientId
        self.clientName = clientName
        self.name = name
        self.billable = billable
        self.hourlyPrice = hourlyPrice
        self.active = active
        self.teamIds = teamIds
        self.version = version
    }

    package var etag: String { "\"v\(version)\"" }
}

/// A new client, or the fields of one to change (nil: unchanged; an empty address clears it).
package struct ClientFields: Sendable, Equatable {
    package var name: String?
    package var billingAddress: String?
    package var active: Bool?

    package init(name: String? = nil, billingAddress: String? = nil, active: Bool? = nil) {
        self.name = name
        self.billingAddress = billingAddress
        self.active = active
    }
}

/// A new project, or the fields of one to change (nil: unchanged).
package struct ProjectFields: Sendable, Equatable {
    package var clientId: UUID?
    package var name: String?
    package var billable: Bool?
    /// `.some(nil)`: no price any more.
    package var hourlyPrice: Decimal??
    package var active: Bool?
    package var teamIds: [UUID]?

    package init(
        clientId: UUID? = nil, name: String? = nil, billable: Bool? = nil, hourlyPrice: Decimal?? = nil, active: Bool? = nil,
        teamIds: [UUID]? = nil
    ) {
        self.clientId = clientId
        self.name = name
        self.billable = billable
        self.hourlyPrice = hourlyPrice
        self.active = active
        self.teamIds = teamIds
    }
}

/// Who manages what: admins every client and project; a team leader the projects of the teams
/// they lead (adding or removing only their own teams, never leaving a project to everyone).
package enum CatalogRules {
    /// Client and project names, in scalars (as the database counts).
    package static let maximumNameLength = 200

    package static func mayManage(_ project: Project, caller: Caller, ledTeams: Set<UUID>) -> Bool {
        caller.has(.admin) || (caller.has(.teamLeader) && !ledTeams.isDisjoint(with: project.teamIds))
    }

    /// Whether a team leader may give a project these teams (created, or changed from `current`).
    package static func mayAssign(teams new: [UUID], current: [UUID], caller: Caller, ledTeams: Set<UUID>) -> Bool {
        if caller.has(.admin) { return true }
        guard !new.isEmpty else { return false }
        let changed = Set(new).symmetricDifference(current)
        return changed.isSubset(of: ledTeams)
    }

    /// Whether a person in these teams may track time on the project.
    package static func isOpen(_ project: Project, toMemberOf teams: Set<UUID>) -> Bool {
        project.active && (project.teamIds.isEmpty || !teams.isDisjoint(with: project.teamIds))
    }
}
