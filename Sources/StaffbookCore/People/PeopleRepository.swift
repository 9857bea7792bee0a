import Foundation

/// People: lists, profiles and changes to them. Every change bumps the person's version and
/// is written to the audit log in the same transaction.
package protocol PeopleRepository: Sendable {
    /// A page of people in Czech name order (fetches `page.fetchLimit` rows).
    func list(scope: PeopleScope, filter: PeopleFilter, page: PageRequest<NamePosition>) async throws -> [PersonSummary]
    /// The profile, with the rates in effect on `today` and after it.
    func profile(id: UUID, today: CalendarDay) async throws -> PersonProfile?
    /// Whether an account with this id exists, active or not.
    func exists(id: UUID) async throws -> Bool
    /// Whether `leaderId` leads a team that `personId` is a member of.
    func leads(leaderId: UUID, personId: UUID) async throws -> Bool
    /// Creates the person with contract, rate, roles and teams; returns the new id. With an
    /// invitation, its link and notification are written in the same transaction. The admin role
    /// is a change of who is an admin (`AdminChanges`): while the four-eyes rule applies, the
    /// person is created without it and its grant waits for a second admin.
    func create(_ person: NewPerson, invitation: AccountLinkGrant?, by: UUID, fourEyes: FourEyesSettings, now: Date) async throws
        -> PersonCreation
    /// Applies the changes if the stored version meets `condition`; a grant or removal of the
    /// admin role waits for a second admin while the rule applies (the rest is written).
    func update(id: UUID, condition: VersionCondition, changes: ProfileChanges, by: UUID, fourEyes: FourEyesSettings, now: Date)
        async throws -> PersonWrite
    /// Activates or deactivates; deactivation ends the person's sessions. Turning an admin off or
    /// on waits for a second admin while the rule applies.
    func setActive(id: UUID, active: Bool, by: UUID, fourEyes: FourEyesSettings, now: Date) async throws -> PersonWrite
    /// Adds a contract; an overlapping one throws `contract-overlap` naming the contract it overlaps.
    func addContract(personId: UUID, contract: NewContract, by: UUID, now: Date) async throws -> Contract?
    /// Sets the end of a contract; nil when the person has no such contract.
    func endContract(personId: UUID, contractId: UUID, validTo: CalendarDay, by: UUID, now: Date) async throws -> Contract?
    /// The person's billing details; nil for no such person.
    func billingDetails(personId: UUID) async throws -> BillingDetails?
    /// Replaces the person's billing details; a changed bank account is audited and the person is
    /// told by e-mail, in the same transaction. Nil for no such person.
    func setBillingDetails(personId: UUID, details: BillingDetails, by: UUID, now: Date) async throws -> BillingDetails?
}

/// What a change of a person did.
package enum PersonWrite: Sendable, Equatable {
    case written
    /// Written, but for this change of who is an admin: recorded as asked, it takes effect when
    /// a second admin does the same.
    case requested(AdminChangeKind)
    case stale
    case notFound
}

/// A person created, and the grant of the admin role waiting for a second admin (if any).
package struct PersonCreation: Sendable, Equatable {
    package var id: UUID
    package var requested: AdminChangeKind?

    package init(id: UUID, requested: AdminChangeKind? = nil) {
        self.id = id
        self.requested = requested
    }
}
