import Foundation

/// Why an approval of a run was refused.
package enum RunApprovalRefusal: Sendable, Equatable {
    /// The admin made the run: they can never be its second.
    case ownRun
    /// The run waits for no approval (made without the rule, approved already, sent or cancelled).
    case notAwaiting
    /// The admin may not be a second pair of eyes (yet).
    case notASecond(SecondAdminRefusal)
}

/// The four-eyes rule as callers ask it: its settings over the roster as it is now.
package struct FourEyesRule: Sendable {
    package let settings: FourEyesSettings
    package let repository: (any FourEyesRepository)?
    package let clock: any AppClock

    package init(settings: FourEyesSettings, repository: (any FourEyesRepository)?, clock: any AppClock) {
        self.settings = settings
        self.repository = repository
        self.clock = clock
    }

    /// The rule off, for services built without a database.
    package static func off(clock: any AppClock = SystemClock()) -> FourEyesRule {
        FourEyesRule(settings: FourEyesSettings(policy: .off), repository: nil, clock: clock)
    }

    /// The rule as it stands now (the latch kept when it engages).
    package func standing() async throws -> FourEyesStanding {
        guard let repository, settings.policy != .off else { return .off(now: clock.now()) }
        return try await repository.standing(settings, now: clock.now())
    }

    /// What waits for a second admin about one person, or about anyone (nil).
    package func pendingChanges(personId: UUID?) async throws -> [AdminChangeRequest] {
        try await repository?.pendingChanges(personId: personId, now: clock.now()) ?? []
    }

    /// Withdraws or turns down a waiting change; false when there is none with this id.
    package func withdraw(changeId: UUID, by actor: UUID) async throws -> Bool {
        try await repository?.withdraw(changeId: changeId, by: actor, now: clock.now()) ?? false
    }
}

/// Reads what the four-eyes rule is decided over.
package protocol FourEyesRepository: Sendable {
    /// The rule over the roster as it is now; the latch is kept when it engages.
    func standing(_ settings: FourEyesSettings, now: Date) async throws -> FourEyesStanding
    /// What waits for a second admin about one person, or about anyone (nil), and is not a week old.
    func pendingChanges(personId: UUID?, now: Date) async throws -> [AdminChangeRequest]
    /// Withdraws (its asker) or turns down (another admin) a waiting change, audited; false when
    /// there is none with this id.
    func withdraw(changeId: UUID, by actor: UUID, now: Date) async throws -> Bool
}

/// What an admin's confirmation of an invoice's changed bank account does under the rule.
package enum AccountConfirmation: Sendable, Equatable {
    /// Confirmed: money may go there.
    case confirm
    /// Recorded as asked; a second admin's confirmation completes it.
    case request
    /// The admin asked already: another admin confirms.
    case ownRequest
    /// The admin may not be a second pair of eyes (yet).
    case notASecond(SecondAdminRefusal)

    package static func decide(requestedBy: UUID?, actorId: UUID, standing: FourEyesStanding) -> AccountConfirmation {
        guard standing.applies else { return .confirm }
        guard let requestedBy else { return .request }
        if requestedBy == actorId { return .ownRequest }
        return standing.refusal(asSecond: actorId).map(AccountConfirmation.notASecond) ?? .confirm
    }
}

/// Something of an invoice one admin asked for that waits for a second admin to agree.
package struct SecondAdminWait: Sendable, Equatable {
    package enum Kind: String, Sendable {
        /// An approval over failing checks.
        case override
        /// A changed bank account's confirmation.
        case bankAccount = "bank_account"
    }

    package var invoiceId: UUID
    package var personName: String
    package var period: CalendarMonth
    package var kind: Kind
    package var askedBy: AuditPerson
    package var reason: String?
    package var at: Date

    package init(
        invoiceId: UUID, personName: String, period: CalendarMonth, kind: Kind, askedBy: AuditPerson, reason: String?, at: Date
    ) {
        self.invoiceId = invoiceId
        self.personName = personName
        self.period = period
        self.kind = kind
        self.askedBy = askedBy
        self.reason = reason
        self.at = at
    }
}
