import Foundation

/// A notification as stored.
package struct NotificationRecord: Sendable, Equatable {
    package var id: UUID
    package var accountId: UUID?
    package var kind: NotificationKind
    package var payload: NotificationPayload
    package var state: NotificationState
    package var channel: NotificationChannel?
    package var createdAt: Date
    package var sentAt: Date?

    package init(
        id: UUID, accountId: UUID?, kind: NotificationKind, payload: NotificationPayload, state: NotificationState,
        channel: NotificationChannel?, createdAt: Date, sentAt: Date?
    ) {
        self.id = id
        self.accountId = accountId
        self.kind = kind
        self.payload = payload
        self.state = state
        self.channel = channel
        self.createdAt = createdAt
        self.sentAt = sentAt
    }
}
