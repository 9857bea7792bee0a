/// What can happen to a run, as a table, and the pure functions over it.
package enum PaymentRunWorkflow {
    package enum Action: String, Sendable, CaseIterable {
        /// The file went to the bank (downloaded, or said so).
        case send
        case cancel
    }

    package static let transitions: [(from: Set<PaymentRunState>, action: Action, to: PaymentRunState)] = [
        ([.draft], .send, .sent),
        // Downloading a sent run's file again changes nothing.
        ([.sent, .partiallyPaid], .send, .sent),
        // Until every payment is seen on a statement, what is still pending can be called off.
        ([.draft, .sent, .partiallyPaid], .cancel, .cancelled),
    ]

    /// The state after `action`, or nil when the run cannot take it now.
    package static func apply(_ action: Action, to state: PaymentRunState) -> PaymentRunState? {
        guard let match = transitions.first(where: { $0.action == action && $0.from.contains(state) }) else { return nil }
        // A partly paid run stays partly paid when its file is fetched again.
        return action == .send && state == .partiallyPaid ? .partiallyPaid : match.to
    }

    /// Whether `action` from `state` needs the admin to affirm the bank did not pay (a run at
    /// the bank called off frees its invoices for another run).
    package static func needsAffirmation(_ action: Action, from state: PaymentRunState) -> Bool {
        action == .cancel && atTheBank.contains(state)
    }

    /// The actions a run in `state` can take, in table order.
    package static func allowedActions(_ state: PaymentRunState) -> [Action] {
        Action.allCases.filter { apply($0, to: state) != nil }
    }

    /// A sent run's state from its items: paid when nothing waits, partly paid when some are.
    package static func state(afterPayments items: [PaymentItemState], current: PaymentRunState) -> PaymentRunState {
        guard current == .sent || current == .partiallyPaid else { return current }
        let paid = items.filter { $0 == .paid }.count
        let pending = items.filter { $0 == .pending }.count
        if pending == 0, paid > 0 { return .paid }
        return paid > 0 ? .partiallyPaid : current
    }

    /// Items of runs in these states are at the bank: a statement may pay them.
    package static let atTheBank: Set<PaymentRunState> = [.sent, .partiallyPaid]
}
