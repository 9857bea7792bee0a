/// An invoice's state in its workflow.
package enum InvoiceState: String, Sendable, CaseIterable, Codable {
    case submitted, approved, returned, paid
}

/// An invoice a person uploaded (a contractor's PDF) or a statement the company generated.
package enum InvoiceKind: String, Sendable, CaseIterable, Codable {
    case uploaded, statement
}

package enum InvoiceAction: String, Sendable, CaseIterable, Codable {
    case upload
    case replace
    case approve
    case `return`
    case markPaid = "mark-paid"
    case undoApproval = "undo-approval"
    case undoPayment = "undo-payment"
    /// Takes back a return made by mistake, while the owner has not replaced the file.
    case undoReturn = "undo-return"
    /// The company writes a statement for a month.
    case generate
    /// The company writes a month's statement again (new hours, a corrected rate).
    case regenerate
}

/// Who acts on an invoice: its owner, an admin, or the company's own statement run.
package enum InvoiceActor: Sendable {
    case owner
    case admin
    /// Statement generation: never offered to anyone as an action.
    case system
}

/// The invoice state machine: one table, and pure functions over it.
package enum InvoiceWorkflow {
    package struct Transition: Sendable {
        /// `nil`: there is no invoice yet.
        package var from: Set<InvoiceState?>
        package var action: InvoiceAction
        package var actor: InvoiceActor
        package var to: InvoiceState
        /// Only for this kind of invoice (a worker replaces their own PDF, not a statement).
        package var kind: InvoiceKind?
        /// The action takes a reason, for the owner and the history to read.
        package var needsReason: Bool

        package init(
            from: Set<InvoiceState?>, action: InvoiceAction, actor: InvoiceActor, to: InvoiceState, kind: InvoiceKind? = nil,
            needsReason: Bool = false
        ) {
            self.from = from
            self.action = action
            self.actor = actor
            self.to = to
            self.kind = kind
            self.needsReason = needsReason
        }
    }

    package static let transitions: [Transition] = [
        Transition(from: [nil], action: .upload, actor: .owner, to: .submitted, kind: .uploaded),
        Transition(from: [.submitted, .returned], action: .replace, actor: .owner, to: .submitted, kind: .uploaded),
        Transition(from: [.submitted], action: .approve, actor: .admin, to: .approved),
        Transition(from: [.submitted, .approved], action: .return, actor: .admin, to: .returned, needsReason: true),
        Transition(from: [.approved], action: .markPaid, actor: .admin, to: .paid),
        Transition(from: [.approved], action: .undoApproval, actor: .admin, to: .submitted),
        // Undoing a payment frees the invoice for another run: it says why (a bank's return, a
        // mistake), for the history.
        Transition(from: [.paid], action: .undoPayment, actor: .admin, to: .approved, needsReason: true),
        // A replaced file leaves `returned`, so this is only offered while the owner has not.
        Transition(from: [.returned], action: .undoReturn, actor: .admin, to: .submitted),
        // An approved or paid statement has been checked and may have been paid: it stays.
        Transition(from: [nil], action: .generate, actor: .system, to: .submitted, kind: .statement),
        Transition(from: [.submitted, .returned], action: .regenerate, actor: .system, to: .submitted, kind: .statement),
        // A bank statement shows a payment run paid the invoice.
        Transition(from: [.approved], action: .markPaid, actor: .system, to: .paid, kind: .uploaded),
        // What was approved is what is paid: when the account an approved invoice is paid to
        // changes (its owner's billing details), it goes back to the desk, saying why.
        Transition(from: [.approved], action: .undoApproval, actor: .system, to: .submitted, kind: .uploaded, needsReason: true),
    ]

    /// A month whose invoice or statement is in one of these states is settled: the person's
    /// time entries of that month are read-only (an admin may still correct them, saying why).
    package static let settledStates: Set<InvoiceState> = [.approved, .paid]

    package enum Refusal: Error, Equatable {
        /// The action exists for this actor, but not from this state.
        case notFromState(InvoiceState?, allowed: [InvoiceAction])
    }

    /// The transition `action` takes from `state`, if it may.
    package static func transition(_ action: InvoiceAction, from state: InvoiceState?, kind: InvoiceKind?, by actor: InvoiceActor) -> Transition? {
        transitions.first { $0.action == action && $0.actor == actor && $0.from.contains(state) && ($0.kind == nil || $0.kind == kind) }
    }

    /// The state after `action`, or why it is refused.
    package static func apply(_ action: InvoiceAction, to state: InvoiceState?, kind: InvoiceKind?, by actor: InvoiceActor) -> Result<
        InvoiceState, Refusal
    > {
        let match = transitions.first {
            $0.action == action && $0.actor == actor && $0.from.contains(state) && ($0.kind == nil || $0.kind == kind)
        }
        guard let match else {
            return .failure(.notFromState(state, allowed: allowedActions(state: state, kind: kind, actors: [actor])))
        }
        return .success(match.to)
    }

    /// Whether `action` may be taken now.
    package static func allows(_ action: InvoiceAction, state: InvoiceState?, kind: InvoiceKind?, by actor: InvoiceActor) -> Bool {
        if case .success = apply(action, to: state, kind: kind, by: actor) { return true }
        return false
    }

    /// What these actors may do now, in table order.
    package static func allowedActions(state: InvoiceState?, kind: InvoiceKind?, actors: Set<InvoiceActor>) -> [InvoiceAction] {
        transitions.filter {
            actors.contains($0.actor) && $0.from.contains(state) && ($0.kind == nil || kind == nil || $0.kind == kind)
        }.map(\.action)
    }
}
