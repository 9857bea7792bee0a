import Foundation

/// A notification to write (with its delivery job) in the transaction of what causes it.
package struct NewNotification: Sendable, Equatable {
    /// Chosen before it is written: the e-mail's `Message-ID` and any link token derive from it.
    package var id: UUID
    /// Nil: for the company's chat channel, not a person.
    package var accountId: UUID?
    package var kind: NotificationKind
    package var payload: NotificationPayload

    package init(id: UUID = UUID(), accountId: UUID?, kind: NotificationKind, payload: NotificationPayload) {
        self.id = id
        self.accountId = accountId
        self.kind = kind
        self.payload = payload
    }
}
