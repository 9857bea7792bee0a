import Foundation

/// What a page of the admin list written by the store shows beyond its rows: whose invoices are
/// the caller's own, what the caller may do with an invoice (by its state and kind, own or not,
/// named as the contract names the actions) and the prefix of its download links. The store
/// writes the page's JSON without deciding anything: the actions are `InvoiceWorkflow`'s,
/// looked up by the row.
package struct InvoiceListView: Sendable {
    package struct Key: Hashable, Sendable {
        package var state: InvoiceState
        package var kind: InvoiceKind
        package var own: Bool

        package init(state: InvoiceState, kind: InvoiceKind, own: Bool) {
            self.state = state
            self.kind = kind
            self.own = own
        }
    }

    package var callerId: UUID
    package var linkPrefix: String
    /// Every state × kind × own: the table is complete, so no row goes without its actions.
    package private(set) var actions: [Key: [String]] = [:]

    /// `names` gives the contract's names of the actions the caller may take on an invoice in
    /// that state and of that kind, their own (`true`) or another person's.
    package init(callerId: UUID, linkPrefix: String, names: (InvoiceState, InvoiceKind, Bool) -> [String]) {
        self.callerId = callerId
        self.linkPrefix = linkPrefix
        for state in InvoiceState.allCases {
            for kind in InvoiceKind.allCases {
                for own in [false, true] { actions[Key(state: state, kind: kind, own: own)] = names(state, kind, own) }
            }
        }
    }
}
