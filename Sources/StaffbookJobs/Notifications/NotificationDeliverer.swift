import Foundation
import Logging
import StaffbookCore
import StaffbookMail

/// Delivers one notification: decides the route at the time of sending (the person's
/// preference, a reminder that is no longer true), renders it in their language, and sends it
/// by e-mail (`Message-ID` from the notification's id, so a retry is recognisable) or chat.
package struct NotificationDeliverer: Sendable {
    let notifications: any NotificationRepository
    let renderer: NotificationRenderer
    let config: MonthEndConfig
    let chat: ChatWebhook
    let clock: any AppClock

    package init(
        notifications: any NotificationRepository, renderer: NotificationRenderer, config: MonthEndConfig, chat: ChatWebhook, clock: any AppClock
    ) {
        self.notifications = notifications
        self.renderer = renderer
        self.config = config
        self.chat = chat
        self.clock = clock
    }

    /// How a delivery ended, as the job sees it.
    package enum Outcome: Sendable {
        case done([JobEffect])
        /// Worth another attempt later (the server is away); the effects record this attempt.
        case retry(error: String, effects: [JobEffect])
        /// Will fail the same way again (no such address, a permanent refusal).
        case giveUp(error: String, effects: [JobEffect])
    }

    package func deliver(notificationId: UUID) async throws -> Outcome {
        guard let notification = try await notifications.find(id: notificationId), notification.state == .pending else {
            return .done([])
        }
        if notification.kind == .invoiceReminder, let accountId = notification.accountId,
            let period = notification.payload.period.flatMap({ CalendarMonth($0) }),
            try await !notifications.stillMissing(accountId: accountId, period: period)
        {
            return .done([.skipped(notificationId: notificationId, reason: "the invoice arrived")])
        }
        let recipient = try await notifications.recipient(of: notification)
        if notification.accountId != nil, recipient == nil {
            return .done([.skipped(notificationId: notificationId, reason: "no such person")])
        }
        let route = DeliveryRoute.route(for: notification.kind, recipient: recipient, companyWebhook: config.companyChatWebhook)
        let language = recipient?.language ?? .cs
        let rendered = renderer.render(notification, recipient: recipient, language: language)
        let now = clock.now()
        switch route {
        case .skip(let reason):
            return .done([.skipped(notificationId: notificationId, reason: reason)])
        case .chat(let webhook):
            do {
                try await chat.post("*\(rendered.subject)*\n\(rendered.text)", to: webhook)
                return .done([.delivered(notificationId: notificationId, channel: .chat, at: now)])
            } catch {
                let failure = error as? ChatWebhook.Failure
                let message = failure?.description ?? "chat webhook failed"
                let effects: [JobEffect] = [.deliveryFailed(notificationId: notificationId, channel: .chat, at: now, error: message)]
                return failure?.isTransient == false ? .giveUp(error: message, effects: effects) : .retry(error: message, effects: effects)
            }
        case .email(let address):
            guard let smtp = config.smtp else {
                let message = "no SMTP server configured"
                return .retry(error: message, effects: [.deliveryFailed(notificationId: notificationId, channel: .email, at: now, error: message)])
            }
            let message = MailMessage(
                from: config.from,
                to: [MailAddress(address, name: recipient.map { "\($0.firstName) \($0.lastName)" })],
                subject: rendered.subject,
                messageID: "\(notificationId.lowercasedString)@staffbook",
                date: now,
                text: rendered.text,
                html: rendered.html
            )
            do {
                try await SMTPClient(configuration: smtp).send(message)
                return .done([.delivered(notificationId: notificationId, channel: .email, at: now)])
            } catch let error as SMTPError {
                let effects: [JobEffect] = [.deliveryFailed(notificationId: notificationId, channel: .email, at: now, error: error.description)]
                return error.isTransient ? .retry(error: error.description, effects: effects) : .giveUp(error: error.description, effects: effects)
            } catch {
                let description = "SMTP: \(String(describing: type(of: error)))"
                return .retry(
                    error: description, effects: [.deliveryFailed(notificationId: notificationId, channel: .email, at: now, error: description)]
                )
            }
        }
    }
}
