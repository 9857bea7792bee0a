import StaffbookCore

/// A person's notifications and how they want them.
struct NotificationsAPI: AreaHandler {
    let notifications: any NotificationRepository
    let webhookPolicy: WebhookPolicy
    let clock: any AppClock
}
