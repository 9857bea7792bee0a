import Foundation

/// Whether money waits for a second admin: `auto` (the default) while the company has two or
/// more active admins (one admin cannot have a second), `on` always, `off` never. A deployment
/// setting, not one an admin changes, so a stolen admin session cannot switch it off.
package enum FourEyesPolicy: String, Sendable, CaseIterable {
    case auto, on, off

    package func applies(activeAdmins: Int) -> Bool {
        switch self {
        case .auto: activeAdmins >= 2
        case .on: true
        case .off: false
        }
    }
}

/// Why an approval of a run was refused.
package enum RunApprovalRefusal: String, Sendable, Equatable {
    /// The admin made the run: they can never be its second.
    case ownRun = "own_run"
    /// The run waits for no approval (made without the rule, approved already, sent or cancelled).
    case notAwaiting = "not_awaiting"
}

extension PaymentRunWorkflow {
    /// Whether `actorId` may approve `run` now; nil when they may.
    package static func approvalRefusal(_ run: PaymentRun, by actorId: UUID) -> RunApprovalRefusal? {
        guard run.awaitsApproval else { return .notAwaiting }
        return run.createdBy == actorId ? .ownRun : nil
    }
}

/// The four-eyes rule as callers ask it: the policy, and the company's active admins counted
/// only when the policy depends on them.
package struct FourEyesRule: Sendable {
    package let policy: FourEyesPolicy
    package let activeAdmins: @Sendable () async throws -> Int

    package init(policy: FourEyesPolicy, activeAdmins: @escaping @Sendable () async throws -> Int) {
        self.policy = policy
        self.activeAdmins = activeAdmins
    }

    package func applies() async throws -> Bool {
        policy == .auto ? policy.applies(activeAdmins: try await activeAdmins()) : policy.applies(activeAdmins: 0)
    }
}

/// What an admin's confirmation of an invoice's changed bank account does under the rule.
package enum AccountConfirmation: Sendable, Equatable {
    /// Confirmed: money may go there.
    case confirm
    /// Recorded as asked; a second admin's confirmation completes it.
    case request
    /// The admin asked already: another admin confirms.
    case ownRequest

    package static func decide(requestedBy: UUID?, actorId: UUID, fourEyes: Bool) -> AccountConfirmation {
        guard fourEyes else { return .confirm }
        guard let requestedBy else { return .request }
        return requestedBy == actorId ? .ownRequest : .confirm
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
