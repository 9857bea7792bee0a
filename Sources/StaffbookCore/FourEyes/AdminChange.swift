import Foundation

/// A change to who holds an admin's powers, or an irreversible one about a person: while the
/// four-eyes rule applies each is itself a four-eyes action, so that one admin cannot remove the
/// others, make a second account of their own, or erase the history of what they did.
package enum AdminChangeKind: String, Sendable, CaseIterable, Codable {
    /// The admin role given to someone (a new person created as an admin included).
    case grantAdmin = "grant_admin"
    /// The admin role taken from an admin (their own included).
    case revokeAdmin = "revoke_admin"
    /// An active admin deactivated.
    case deactivateAdmin = "deactivate_admin"
    /// A deactivated person who holds the admin role let in again.
    case reactivateAdmin = "reactivate_admin"
    /// A person's data erased on request (anyone's: it cannot be undone).
    case erasePerson = "erase_person"
    /// Another admin's second factor removed (their next sign-in enrols a new one).
    case resetAdminSecondFactor = "reset_admin_second_factor"
}

/// A change one admin asked for that waits for a second admin to do the same.
package struct PendingAdminChange: Sendable, Equatable {
    package var id: UUID
    package var kind: AdminChangeKind
    package var personId: UUID
    package var requestedBy: UUID
    package var requestedAt: Date
    /// The erasure's listed reason, where the change has one.
    package var reason: String?

    /// A request nobody agreed to in a week is gone: a second admin agrees to something recent.
    package static let lifetime: TimeInterval = 7 * 86_400

    package var expiresAt: Date { requestedAt.addingTimeInterval(Self.lifetime) }

    package init(id: UUID, kind: AdminChangeKind, personId: UUID, requestedBy: UUID, requestedAt: Date, reason: String? = nil) {
        self.id = id
        self.kind = kind
        self.personId = personId
        self.requestedBy = requestedBy
        self.requestedAt = requestedAt
        self.reason = reason
    }
}

/// What an admin's change of the kinds above does now.
package enum AdminChangeDecision: Sendable, Equatable {
    /// It takes effect; `agreeing` is the request of another admin it completes.
    case apply(agreeing: PendingAdminChange?)
    /// Recorded as asked: it takes effect when a second admin does the same.
    case request
    case refused(AdminChangeRefusal)
}

/// Why an admin's change of who is an admin is refused.
package enum AdminChangeRefusal: Error, Sendable, Equatable {
    /// The admin asked for it already: another admin agrees, never the same one.
    case ownRequest
    /// The admin may not be the second pair of eyes yet (or at all).
    case notASecond(SecondAdminRefusal)
}

package enum AdminChanges {
    /// The decision over the rule as it stands and what waits for this person and kind: a pure
    /// function, taken inside the transaction that applies it.
    package static func decide(
        _ kind: AdminChangeKind, by actor: UUID, standing: FourEyesStanding, pending: PendingAdminChange?
    ) -> AdminChangeDecision {
        let waiting = pending.flatMap { $0.expiresAt > standing.now ? $0 : nil }
        guard standing.applies else { return .apply(agreeing: waiting.flatMap { $0.requestedBy == actor ? nil : $0 }) }
        guard let waiting else { return .request }
        if waiting.requestedBy == actor { return .refused(.ownRequest) }
        if let refusal = standing.refusal(asSecond: actor) { return .refused(.notASecond(refusal)) }
        return .apply(agreeing: waiting)
    }

    /// The kind of a change of roles: granting or revoking the admin role, or nil for neither.
    package static func roleChange(from old: Set<Role>, to new: Set<Role>) -> AdminChangeKind? {
        switch (old.contains(.admin), new.contains(.admin)) {
        case (false, true): .grantAdmin
        case (true, false): .revokeAdmin
        default: nil
        }
    }

    /// The kind of turning a person on or off, where it changes who is an admin.
    package static func activation(active: Bool, holdsAdminRole: Bool) -> AdminChangeKind? {
        guard holdsAdminRole else { return nil }
        return active ? .reactivateAdmin : .deactivateAdmin
    }
}

/// A waiting change as people read it: with whom it is about and who asked, by name.
package struct AdminChangeRequest: Sendable, Equatable {
    package var change: PendingAdminChange
    package var personName: String
    package var askedBy: AuditPerson

    package init(change: PendingAdminChange, personName: String, askedBy: AuditPerson) {
        self.change = change
        self.personName = personName
        self.askedBy = askedBy
    }
}
