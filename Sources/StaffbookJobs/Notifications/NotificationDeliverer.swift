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
    /// Whether Web Push is configured: then a notification that goes out goes to browsers too.
    let pushes: Bool

    package init(
        notifications: any NotificationRepository, renderer: NotificationRenderer, config: MonthEndConfig, chat: ChatWebhook, clock: any AppClock,
        pushes: Bool = false
    ) {
        self.notifications = notifications
        self.renderer = renderer
        self.config = config
        self.chat = chat
        self.clock = clock
        self.pushes = pushes
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
        let outcome = try await deliverByRoute(notificationId: notificationId)
        guard pushes, let (accountId, sent) = try await pushable(notificationId), sent else { return outcome }
        // Browsers hear of it once, on the first attempt, whatever becomes of the e-mail.
        let push = JobEffect.push(notificationId: notificationId, accountId: accountId)
        switch outcome {
        case .done(let effects): return .done(effects + [push])
        case .retry(let error, let effects): return .retry(error: error, effects: effects + [push])
        case .giveUp(let error, let effects): return .giveUp(error: error, effects: effects + [push])
        }
    }

    /// The person a notification is for, and whether its route sends it (not skipped now).
    private func pushable(_ notificationId: UUID) async throws -> (UUID, Bool)? {
        guard let notification = try await notifications.find(id: notificationId), let accountId = notification.accountId,
            notification.state == .pending, !notification.kind.isAccountLink
        else { return nil }
        let recipient = try await notifications.recipient(of: notification)
        if case .skip = DeliveryRoute.route(for: notification.kind, recipient: recipient, companyWebhook: config.companyChatWebhook) {
            return nil
        }
        return (accountId, true)
    }

    private func deliverByRoute(notificationId: UUID) async throws -> Outcome {
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
