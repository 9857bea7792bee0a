import Foundation

/// A payment run as a decision sees it: read with its row locked, so that nothing changes it
/// between the decision and its write.
package struct PaymentRunSnapshot: Sendable, Equatable {
    package var id: UUID
    package var number: Int
    package var state: PaymentRunState
    package var version: Int
    package var createdBy: UUID
    /// Made under the four-eyes rule: its file waits for a second admin.
    package var approvalRequired: Bool
    package var approvedBy: UUID?
    /// Its items' states, in any order.
    package var items: [PaymentItemState]

    package init(
        id: UUID, number: Int, state: PaymentRunState, version: Int = 1, createdBy: UUID, approvalRequired: Bool = false,
        approvedBy: UUID? = nil, items: [PaymentItemState] = []
    ) {
        self.id = id
        self.number = number
        self.state = state
        self.version = version
        self.createdBy = createdBy
        self.approvalRequired = approvalRequired
        self.approvedBy = approvedBy
        self.items = items
    }

    /// A draft made under the four-eyes rule that no second admin has approved yet: its file is
    /// not released and it cannot be sent. Said here once; the store and the pages ask it.
    package var awaitsApproval: Bool { approvalRequired && approvedBy == nil && state == .draft }
}

/// What someone asks of a run.
package enum PaymentRunCommand: Sendable, Equatable {
    /// A second admin's approval, under the rule as it stands.
    case approve(by: UUID, standing: FourEyesStanding)
    /// The file went to the bank (downloaded, or said so).
    case send(by: UUID)
    /// Called off; a run at the bank takes the admin's word that the bank did not pay.
    case cancel(by: UUID, affirmation: String?)
    /// A statement paid some of its items: the run moves on from its items' states.
    case settle(by: UUID)

    package var actorId: UUID {
        switch self {
        case .approve(let by, _), .send(let by), .cancel(let by, _), .settle(let by): by
        }
    }
}

/// A moment a run keeps: left as it is, or set (runs never take a moment back).
package enum RunStamp: Sendable, Equatable {
    case keep
    case set(Date)
}

/// What a decided change of a run writes: its state and moments, who approved it, its event
/// and audit entry, what becomes of its pending items and what its invoices are told. Written by
/// one writer (`PaymentRunWriter`), inside the caller's transaction.
package struct PaymentRunDecision: Sendable, Equatable {
    package var from: PaymentRunState
    package var to: PaymentRunState
    /// The run's event (`approve`, `send`, `cancel`, `statement`); nil: nothing changes.
    package var event: String?
    package var detail: String?
    package var approvedBy: UUID?
    package var approvedAt: RunStamp = .keep
    package var sentAt: RunStamp = .keep
    package var paidAt: RunStamp = .keep
    package var cancelledAt: RunStamp = .keep
    /// The pending items are called off: another run may take their invoices.
    package var cancelsPendingItems = false
    /// What the pending items' invoices are told (`payment-run-sent`, `payment-run-cancelled`).
    package var invoiceNote: String?
    /// The audit entry's fields and their values before and after.
    package var audit: [AuditField] = []

    package struct AuditField: Sendable, Equatable {
        package var field: String
        package var from: String?
        package var to: String?
    }

    /// Whether anything is written.
    package var changes: Bool { event != nil }
}

/// Every change of a run's state, as a pure function of the run (as locked), the command and
/// the moment. The table of transitions is `PaymentRunWorkflow`'s; this adds its guards (four
/// eyes, the affirmation), its moments and what follows.
package enum PaymentRunEngine {
    package static func decide(_ command: PaymentRunCommand, on run: PaymentRunSnapshot, now: Date)
        -> Result<PaymentRunDecision, PaymentRunError>
    {
        var decision = PaymentRunDecision(from: run.state, to: run.state)
        switch command {
        case .approve(let actor, let standing):
            guard run.awaitsApproval else { return .failure(.approvalRefused(.notAwaiting)) }
            if run.createdBy == actor { return .failure(.approvalRefused(.ownRun)) }
            if let refusal = standing.refusal(asSecond: actor) { return .failure(.approvalRefused(.notASecond(refusal))) }
            decision.event = "approve"
            decision.approvedBy = actor
            decision.approvedAt = .set(now)
            decision.audit = [
                .init(field: "approvedBy", from: nil, to: actor.lowercasedString), .init(field: "awaiting", from: "second_admin", to: nil),
            ]
        case .send:
            // Sent only once a second admin approved it, where the rule applies.
            if run.awaitsApproval { return .failure(.awaitingApproval) }
            guard let target = PaymentRunWorkflow.apply(.send, to: run.state) else { return .failure(.refused(run.state)) }
            // Fetching a sent run's file again changes nothing.
            guard target != run.state else { return .success(decision) }
            decision.to = target
            decision.event = "send"
            decision.sentAt = .set(now)
            decision.invoiceNote = "payment-run-sent"
            decision.audit = [.init(field: "state", from: run.state.rawValue, to: target.rawValue)]
        case .cancel(_, let affirmation):
            guard let target = PaymentRunWorkflow.apply(.cancel, to: run.state) else { return .failure(.refused(run.state)) }
            let affirmed = affirmation.flatMap { $0.isEmpty ? nil : $0 }
            if PaymentRunWorkflow.needsAffirmation(.cancel, from: run.state), affirmed == nil { return .failure(.affirmationRequired) }
            decision.to = target
            decision.event = "cancel"
            decision.detail = affirmed.map { "the bank did not pay what waited: \($0)" }
            decision.cancelledAt = .set(now)
            decision.cancelsPendingItems = true
            decision.invoiceNote = "payment-run-cancelled"
            decision.audit = [.init(field: "state", from: run.state.rawValue, to: target.rawValue)]
        case .settle:
            let target = PaymentRunWorkflow.state(afterPayments: run.items, current: run.state)
            guard target != run.state else { return .success(decision) }
            decision.to = target
            decision.event = "statement"
            if target == .paid { decision.paidAt = .set(now) }
            decision.audit = [.init(field: "state", from: run.state.rawValue, to: target.rawValue)]
        }
        return .success(decision)
    }

    /// What can be done with the run now, for a viewer under the rule as it stands: the
    /// workflow's actions, sending held until approval, and approving offered while it waits to
    /// an admin who may be its second. Pages and the API show these; neither decides on its own.
    package static func allowedActions(_ run: PaymentRunSnapshot, viewer: UUID?, standing: FourEyesStanding?) -> [String] {
        var actions: [String] = []
        if run.awaitsApproval {
            let mayApprove =
                viewer.map { viewer in
                    viewer != run.createdBy && (standing.map { $0.refusal(asSecond: viewer) == nil } ?? true)
                } ?? true
            if mayApprove { actions.append("approve") }
        }
        for action in PaymentRunWorkflow.allowedActions(run.state) where !(action == .send && run.awaitsApproval) {
            actions.append(action.rawValue)
        }
        return actions
    }
}
