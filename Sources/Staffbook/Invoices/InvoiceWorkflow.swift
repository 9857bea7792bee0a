/// The invoice state machine of `PRODUCT.md` "Invoices": one table, one pure function.
enum InvoiceState: String, Sendable, CaseIterable {
    case submitted, approved, returned, paid
}

enum InvoiceKind: String, Sendable {
    case uploaded, statement
}

enum InvoiceAction: String, Sendable, CaseIterable {
    case upload
    case replace
    case approve
    case `return`
    case markPaid = "mark-paid"
    case undoApproval = "undo-approval"
    case undoPayment = "undo-payment"
}

/// Who acts on an invoice: its owner, or an admin.
enum InvoiceActor: Sendable {
    case owner
    case admin
}

enum InvoiceWorkflow {
    struct Transition: Sendable {
        /// `nil`: there is no invoice yet.
        var from: Set<InvoiceState?>
        var action: InvoiceAction
        var actor: InvoiceActor
        var to: InvoiceState
        /// Only for this kind of invoice (a worker replaces their own PDF, not a statement).
        var kind: InvoiceKind?
    }

    static let transitions: [Transition] = [
        Transition(from: [nil], action: .upload, actor: .owner, to: .submitted, kind: .uploaded),
        Transition(from: [.submitted, .returned], action: .replace, actor: .owner, to: .submitted, kind: .uploaded),
        Transition(from: [.submitted], action: .approve, actor: .admin, to: .approved),
        Transition(from: [.submitted, .approved], action: .return, actor: .admin, to: .returned),
        Transition(from: [.approved], action: .markPaid, actor: .admin, to: .paid),
        Transition(from: [.approved], action: .undoApproval, actor: .admin, to: .submitted),
        Transition(from: [.paid], action: .undoPayment, actor: .admin, to: .approved),
    ]

    enum Refusal: Error, Equatable {
        /// The action exists for this actor, but not from this state.
        case notFromState(InvoiceState?, allowed: [InvoiceAction])
    }

    /// The state after `action`, or why it is refused.
    static func apply(_ action: InvoiceAction, to state: InvoiceState?, kind: InvoiceKind?, by actor: InvoiceActor) -> Result<InvoiceState, Refusal> {
        let match = transitions.first {
            $0.action == action && $0.actor == actor && $0.from.contains(state) && ($0.kind == nil || $0.kind == kind)
        }
        guard let match else {
            return .failure(.notFromState(state, allowed: allowedActions(state: state, kind: kind, actors: [actor])))
        }
        return .success(match.to)
    }

    /// What these actors may do now, in table order.
    static func allowedActions(state: InvoiceState?, kind: InvoiceKind?, actors: Set<InvoiceActor>) -> [InvoiceAction] {
        transitions.filter {
            actors.contains($0.actor) && $0.from.contains(state) && ($0.kind == nil || kind == nil || $0.kind == kind)
        }.map(\.action)
    }
}
