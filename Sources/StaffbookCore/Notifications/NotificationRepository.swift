import Foundation

/// Notifications, their delivery and people's preferences.
package protocol NotificationRepository: Sendable {
    /// Newest first; one person's, or everyone's (fetches `page.fetchLimit`).
    func list(accountId: UUID?, state: NotificationState?, page: PageRequest<CreatedPosition>) async throws -> [NotificationRecord]
    func find(id: UUID) async throws -> NotificationRecord?
    /// The person the notification is for, with their preference for its kind (nil for the
    /// company's chat, or when the person is gone).
    func recipient(of notification: NotificationRecord) async throws -> Recipient?
    func preferences(accountId: UUID) async throws -> NotificationPreferences?
    func savePreferences(_ preferences: NotificationPreferences, accountId: UUID, now: Date) async throws -> Bool
    /// Whether the person still has no invoice for the month (a reminder is not sent after it arrived).
    func stillMissing(accountId: UUID, period: CalendarMonth) async throws -> Bool
}
