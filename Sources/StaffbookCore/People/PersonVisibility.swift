import Foundation

/// Who may see a person: admins anyone, team leaders the members of their teams, everyone
/// themselves. Anyone else is told the person does not exist.
package struct PersonVisibility: Sendable {
    package let people: any PeopleRepository

    package init(people: any PeopleRepository) {
        self.people = people
    }

    package func requireVisible(_ personId: UUID, to caller: Caller) async throws {
        if caller.accountId == personId { return }
        if caller.has(.admin), try await people.exists(id: personId) { return }
        if caller.has(.teamLeader), try await people.leads(leaderId: caller.accountId, personId: personId) { return }
        throw PeopleError.personNotFound
    }
}
