import Foundation

/// The changes of who is an admin as use cases, for the API and the desk: a second admin agrees
/// to a waiting change by doing what it asks, through the same writers (and so the same
/// decision) as the first admin's request.
package struct AdminChangeService: Sendable {
    package let people: any PeopleRepository
    package let retention: any RetentionRepository
    package let secondFactors: any SecondFactorRepository
    package let fourEyes: FourEyesRule

    package init(
        people: any PeopleRepository, retention: any RetentionRepository, secondFactors: any SecondFactorRepository, fourEyes: FourEyesRule
    ) {
        self.people = people
        self.retention = retention
        self.secondFactors = secondFactors
        self.fourEyes = fourEyes
    }

    /// What an agreement did.
    package enum Agreement: Sendable, Equatable {
        /// The change took effect.
        case done(AdminChangeKind)
        /// Nothing waits with this id (done, withdrawn or lapsed meanwhile).
        case gone
    }

    /// Does what the waiting change asks, as `actor`: refused (`AdminChangeRefusal`) for its
    /// asker and for an admin who may not be a second yet.
    package func agree(changeId: UUID, by actor: UUID) async throws -> Agreement {
        guard let request = try await fourEyes.pendingChanges(personId: nil).first(where: { $0.change.id == changeId }) else { return .gone }
        let change = request.change
        let now = fourEyes.clock.now()
        let settings = fourEyes.settings
        switch change.kind {
        case .grantAdmin, .revokeAdmin:
            guard let profile = try await people.profile(id: change.personId, today: CalendarDay(now)) else { return .gone }
            let roles = change.kind == .grantAdmin ? profile.roles.union([.admin]) : profile.roles.subtracting([.admin])
            let written = try await people.update(
                id: change.personId, condition: .any, changes: ProfileChanges(roles: roles), by: actor, fourEyes: settings, now: now)
            return written == .written ? .done(change.kind) : .gone
        case .deactivateAdmin, .reactivateAdmin:
            let written = try await people.setActive(
                id: change.personId, active: change.kind == .reactivateAdmin, by: actor, fourEyes: settings, now: now)
            return written == .written ? .done(change.kind) : .gone
        case .erasePerson:
            guard let subject = try await retention.subject(id: change.personId), case .success = subject.mayBeErasedOnRequest() else {
                return .gone
            }
            let reason = change.reason.flatMap(ErasureReason.init(rawValue:)) ?? .personRequest
            let outcome = try await retention.erase(change.personId, rule: .onRequest, reason: reason, by: actor, fourEyes: settings, now: now)
            if case .erased = outcome { return .done(change.kind) }
            return .gone
        case .resetAdminSecondFactor:
            let reset = try await secondFactors.reset(accountId: change.personId, by: actor, fourEyes: settings, now: now)
            return reset == .removed ? .done(change.kind) : .gone
        }
    }
}
