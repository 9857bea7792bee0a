import Foundation
import StaffbookCore

/// What a device shows of a notification: the e-mail's subject as the title and the start of its
/// text, in the person's language.
struct PushMessage: Sendable {
    var title: String
    var body: String
    var kind: NotificationKind
    var notificationId: UUID
    var accountId: UUID

    /// Nil when the notification is gone, or is not a person's.
    static func of(_ notificationId: UUID, notifications: any NotificationRepository, renderer: NotificationRenderer) async throws -> Self? {
        guard let notification = try await notifications.find(id: notificationId), let accountId = notification.accountId,
            let recipient = try await notifications.recipient(of: notification)
        else { return nil }
        let rendered = renderer.render(notification, recipient: recipient, language: recipient.language)
        return PushMessage(
            title: rendered.subject, body: String(rendered.text.prefix(1000)), kind: notification.kind, notificationId: notificationId,
            accountId: accountId)
    }
}
