import Foundation

package struct InvoiceEvent: Sendable, Equatable {
    package var at: Date
    package var actorId: UUID?
    package var action: String
    package var from: InvoiceState?
    package var to: InvoiceState
    package var reason: String?
    /// Who did it, by name as they are now (nil: the server).
    package var actorName: String?

    package init(at: Date, actorId: UUID? = nil, action: String, from: InvoiceState? = nil, to: InvoiceState, reason: String? = nil) {
        self.at = at
        self.actorId = actorId
        self.action = action
        self.from = from
        self.to = to
        self.reason = reason
    }
}
