import Foundation

/// Teams and their members.
package protocol TeamsRepository: Sendable {
    /// Teams by name: all of them, or those `leaderId` leads.
    func list(ledBy leaderId: UUID?, page: PageRequest<SingleNamePosition>) async throws -> [Team]
    /// Teams' ids and names by name, without their members (a page's choice of team): all of
    /// them, or those `leaderId` leads (then each says `leader`).
    func names(ledBy leaderId: UUID?, limit: Int) async throws -> [TeamRef]
    func find(id: UUID) async throws -> Team?
    /// Creates a team; a taken name throws `team-name-taken`.
    func create(name: String, now: Date) async throws -> Team
    /// Renames; nil for an unknown team, `team-name-taken` for a taken name.
    func rename(id: UUID, name: String) async throws -> Team?
    /// Adds the person or changes whether they lead; nil when the team or the person is unknown.
    func putMember(teamId: UUID, personId: UUID, leader: Bool, by: UUID, now: Date) async throws -> Team?
    /// Removes the person; nil when the team is unknown or they were not a member.
    func removeMember(teamId: UUID, personId: UUID, by: UUID, now: Date) async throws -> Team?
}
