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

        /// Every key, by state, then kind, then another person's before the caller's own: the
        /// order of `Actions.json`.
        package static let all: [Key] = InvoiceState.allCases.flatMap { state in
            InvoiceKind.allCases.flatMap { kind in [false, true].map { Key(state: state, kind: kind, own: $0) } }
        }
    }

    /// The actions of every state × kind × own for one kind of caller: the table is complete,
    /// so no row goes without its actions. It depends on the caller's roles only, so it is
    /// decided once for each and not for every page (building it per page was a tenth of the
    /// server's instructions for the list).
    package struct Actions: Sendable {
        package private(set) var byKey: [Key: [String]] = [:]
        /// Each key's names as a JSON array of strings, in `Key.all`'s order.
        package private(set) var json: [String] = []

        /// `names` gives the contract's names of the actions the caller may take on an invoice in
        /// that state and of that kind, their own (`true`) or another person's.
        package init(names: (InvoiceState, InvoiceKind, Bool) -> [String]) {
            for key in Key.all {
                let names = names(key.state, key.kind, key.own)
                byKey[key] = names
                json.append("[" + names.map(JSONString.quoted).joined(separator: ",") + "]")
            }
        }
    }

    package var callerId: UUID
    package var linkPrefix: String
    package var actions: Actions

    package init(callerId: UUID, linkPrefix: String, actions: Actions) {
        self.callerId = callerId
        self.linkPrefix = linkPrefix
        self.actions = actions
    }
}
