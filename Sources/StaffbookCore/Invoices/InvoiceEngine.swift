import Foundation

/// An invoice as a decision about it sees it: read with its row locked, so that nothing changes
/// it between the decision and its write.
package struct InvoiceSnapshot: Sendable, Equatable {
    package var id: UUID
    package var personId: UUID
    package var period: CalendarMonth
    package var state: InvoiceState
    package var kind: InvoiceKind
    package var version: Int
    package var amount: Decimal
    package var checks: [InvoiceCheck]
    /// The payment run it waits in (a pending item of it), by number.
    package var openRun: Int?
    /// An approval over failing checks one admin asked for, waiting for a second.
    package var overrideRequestedBy: UUID?
    /// The account the invoice names (an IBAN), if it names one.
    package var bankAccount: String?
    /// Its owner's account as their profile has it now.
    package var ownerAccount: String?
    /// The account its approval kept (what is approved is what is paid).
    package var approvedAccount: String?
    /// The admin who asked for its changed account's confirmation, waiting for a second.
    package var accountConfirmRequestedBy: UUID?

    package init(
        id: UUID, personId: UUID, period: CalendarMonth, state: InvoiceState, kind: InvoiceKind, version: Int, amount: Decimal,
        checks: [InvoiceCheck] = [], openRun: Int? = nil, overrideRequestedBy: UUID? = nil, bankAccount: String? = nil,
        ownerAccount: String? = nil, approvedAccount: String? = nil, accountConfirmRequestedBy: UUID? = nil
    ) {
        self.overrideRequestedBy = overrideRequestedBy
        self.bankAccount = bankAccount
        self.ownerAccount = ownerAccount
        self.approvedAccount = approvedAccount
        self.accountConfirmRequestedBy = accountConfirmRequestedBy
        self.id = id
        self.personId = personId
        self.period = period
        self.state = state
        self.kind = kind
        self.version = version
        self.amount = amount
        self.checks = checks
        self.openRun = openRun
    }
}

/// What someone asks of an invoice.
package struct InvoiceCommand: Sendable, Equatable {
    package var action: InvoiceAction
    package var actor: InvoiceActor
    package var actorId: UUID?
    package var reason: String?
    /// An approval over checks that need attention (it takes a reason).
    package var override: Bool
    package var condition: VersionCondition
    package var now: Date
    /// A payment seen on a bank statement: when the money left.
    package var paidAt: Date?
    /// The four-eyes rule as it stands (nil: off): an approval over failing checks waits for a
    /// second admin who may be one.
    package var fourEyes: FourEyesStanding?

    package init(
        _ action: InvoiceAction, by actor: InvoiceActor, actorId: UUID?, reason: String? = nil, override: Bool = false,
        condition: VersionCondition = .any, now: Date, paidAt: Date? = nil
    ) {
        self.action = action
        self.actor = actor
        self.actorId = actorId
        self.reason = reason
        self.override = override
        self.condition = condition
        self.now = now
        self.paidAt = paidAt
    }
}

/// A moment an invoice keeps: left as it is, set, or cleared.
package enum InvoiceStamp: Sendable, Equatable {
    case keep
    case set(Date)
    case clear
}

/// What a decided change writes: the state, the moments, the event, the audit entry and who
/// is told. Written by one writer, inside the caller's transaction.
package struct InvoiceChange: Sendable, Equatable {
    package var from: InvoiceState?
    package var to: InvoiceState
    /// The event's action: the command's, or `approve_override`, or `paid-by-statement`.
    package var event: String
    package var reason: String?
    package var submittedAt: InvoiceStamp = .keep
    package var approvedAt: InvoiceStamp = .keep
    package var paidAt: InvoiceStamp = .keep
    package var returnedAt: InvoiceStamp = .keep
    /// Kept on the invoice while it is returned, for its owner to read; nil otherwise.
    package var returnReason: String?
    /// An entry in the audit log (an approval over failing checks names them and the reason).
    package var audit: Audit?
    /// What the invoice's owner is told.
    package var notify: NotificationKind?
    /// An approval over failing checks asked for (by whom, why), or cleared as the state moves.
    package var overrideRequest: OverrideRequest = .keep
    /// What the approval keeps to be paid (the account and the amount), or lets go.
    package var approvedPayment: ApprovedPayment = .keep

    package enum ApprovedPayment: Sendable, Equatable {
        case keep
        case set(account: String?, amount: Decimal)
        case clear
    }

    /// Only recorded as asked: a second admin's same request makes it.
    package var isRequest: Bool {
        if case .set = overrideRequest { return true }
        return false
    }

    package enum OverrideRequest: Sendable, Equatable {
        case keep
        case set(by: UUID, reason: String)
        case clear
    }

    package struct Audit: Sendable, Equatable {
        package var action: String
        /// Field and new value, in order.
        package var changes: [(field: String, to: String?)]

        package static func == (a: Audit, b: Audit) -> Bool {
            a.action == b.action && a.changes.map(\.field) == b.changes.map(\.field) && a.changes.map(\.to) == b.changes.map(\.to)
        }
    }
}

/// Why an invoice cannot change as asked: the same words wherever it is asked (one invoice or
/// many at once).
package enum InvoiceRefusal: Error, Sendable, Equatable, Codable {
    /// Someone changed it since the caller read it.
    case stale
    /// It waits in this open payment run: the run pays it or frees it.
    case inPaymentRun(run: Int)
    /// Approval without an override: these checks fail or wait for a confirmation.
    case checksNeedAttention([InvoiceCheck])
    /// The action takes a reason (a return; an approval over failing checks).
    case reasonRequired(action: InvoiceAction, override: Bool)
    /// Not from this state (nil: there is no invoice yet); `allowed` are what may be done now.
    case notAllowed(action: InvoiceAction, state: InvoiceState?, allowed: [InvoiceAction])
    /// A bank account is confirmed on a submitted invoice that names one.
    case noAccountToConfirm(state: InvoiceState)
    /// The admin asked for this approval over failing checks (or this account's confirmation):
    /// another admin agrees, never the same one.
    case ownRequest
    /// The admin may not be the second pair of eyes (yet): an admin made recently.
    case notASecond(SecondAdminRefusal)
}

extension InvoiceRefusal {
    /// The invoice's state, where the refusal knows it.
    package var state: InvoiceState? {
        switch self {
        case .stale, .reasonRequired: nil
        case .ownRequest, .notASecond: .submitted
        case .inPaymentRun: .approved
        case .checksNeedAttention: .submitted
        case .notAllowed(_, let state, _): state
        case .noAccountToConfirm(let state): state
        }
    }
}

/// The decision of every change of an invoice's state, as a pure function of the invoice (as
/// locked) and the command. The writer (`InvoiceWriter` in the store) applies what it returns,
/// and nothing else writes an invoice's state.
package enum InvoiceEngine {
    package static func decide(_ command: InvoiceCommand, on invoice: InvoiceSnapshot?) -> Result<InvoiceChange, InvoiceRefusal> {
        if let invoice {
            guard command.condition.matches(invoice.version) else { return .failure(.stale) }
            // A run at the bank pays it, or frees it when cancelled: nobody else moves it meanwhile.
            // Its owner, who cannot cancel a run, is told it is locked, as for any approved invoice.
            if let run = invoice.openRun {
                switch command.actor {
                case .admin: return .failure(.inPaymentRun(run: run))
                case .owner: return .failure(.notAllowed(action: command.action, state: invoice.state, allowed: []))
                case .system: break
                }
            }
        }
        let state = invoice?.state
        let kind = invoice?.kind ?? kindCreated(by: command.action)
        guard let transition = InvoiceWorkflow.transition(command.action, from: state, kind: kind, by: command.actor) else {
            let allowed = InvoiceWorkflow.allowedActions(state: state, kind: kind, actors: [command.actor])
            return .failure(.notAllowed(action: command.action, state: state, allowed: allowed))
        }
        let reason = command.reason.flatMap { $0.isEmpty ? nil : $0 }
        let failing = invoice?.checks.filter(\.needsAttention) ?? []
        let overriding = command.action == .approve && !failing.isEmpty
        if overriding, !command.override { return .failure(.checksNeedAttention(failing)) }
        if transition.needsReason || (command.action == .approve && command.override), reason == nil {
            return .failure(.reasonRequired(action: command.action, override: command.override))
        }
        let checks = failing.map(\.kind.rawValue).joined(separator: ",")
        if overriding, let rule = command.fourEyes, rule.applies, let actorId = command.actorId, let reason {
            // Four eyes: the first admin's approval over failing checks is a request; a second
            // admin's agrees to it and approves.
            guard let asker = invoice?.overrideRequestedBy else {
                var request = InvoiceChange(from: state, to: state ?? transition.to, event: "approve_override_requested", reason: reason)
                request.overrideRequest = .set(by: actorId, reason: reason)
                request.audit = InvoiceChange.Audit(action: "approve_override_requested", changes: [("checks", checks), ("reason", reason)])
                return .success(request)
            }
            if asker == actorId { return .failure(.ownRequest) }
            if let refusal = rule.refusal(asSecond: actorId) { return .failure(.notASecond(refusal)) }
        }
        var change = InvoiceChange(from: state, to: transition.to, event: event(command, overriding: overriding), reason: reason)
        stamp(&change, command: command)
        switch change.approvedAt {
        case .set: change.approvedPayment = .set(account: InvoicePayee.accountToApprove(invoice), amount: invoice?.amount ?? 0)
        case .clear: change.approvedPayment = .clear
        case .keep: break
        }
        if overriding {
            var changes: [(field: String, to: String?)] = [("state", transition.to.rawValue), ("checks", checks), ("reason", reason)]
            if let asker = invoice?.overrideRequestedBy { changes.append(("askedBy", asker.lowercasedString)) }
            change.audit = InvoiceChange.Audit(action: "approve_override", changes: changes)
        }
        // Every change of an invoice is in the audit log too, with its state before and after:
        // an admin's, its owner's uploads, and the server's (a statement written, a payment seen).
        if change.audit == nil {
            change.audit = InvoiceChange.Audit(action: change.event, changes: [("state", change.to.rawValue)])
        }
        change.notify = command.action == .generate ? .statementReady : command.action.ownerNotification
        // What was asked of the invoice as it was is gone once its state moves.
        if change.to != change.from, invoice?.overrideRequestedBy != nil { change.overrideRequest = .clear }
        return .success(change)
    }

    /// The kind of invoice an action creates (an upload, a statement); nil for one that creates none.
    package static func kindCreated(by action: InvoiceAction) -> InvoiceKind? {
        InvoiceWorkflow.transitions.first { $0.action == action && $0.from.contains(nil) }?.kind
    }

    private static func event(_ command: InvoiceCommand, overriding: Bool) -> String {
        if overriding { return "approve_override" }
        if command.action == .markPaid, command.actor == .system { return "paid-by-statement" }
        return command.action.rawValue
    }

    /// The moments a change sets or clears: submitted when a file comes, approved when approved
    /// from submitted (cleared when it goes back), paid when paid (cleared when undone),
    /// returned when returned; the return's reason while returned.
    private static func stamp(_ change: inout InvoiceChange, command: InvoiceCommand) {
        let to = change.to
        if [.upload, .replace, .generate, .regenerate].contains(command.action) { change.submittedAt = .set(command.now) }
        if to == .approved, change.from == .submitted {
            change.approvedAt = .set(command.now)
        } else if to == .submitted || to == .returned {
            change.approvedAt = .clear
        }
        if to == .paid {
            change.paidAt = .set(command.paidAt ?? command.now)
        } else if to == .approved {
            change.paidAt = .clear
        }
        if to == .returned {
            change.returnedAt = .set(command.now)
            change.returnReason = change.reason
        }
    }
}
