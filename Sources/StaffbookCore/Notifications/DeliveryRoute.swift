import Foundation

/// How a notification goes out, decided when it is delivered.
package enum DeliveryRoute: Sendable, Equatable {
    case email(to: String)
    case chat(webhook: String)
    case skip(reason: String)

    /// The route for a notification to `recipient` (nil: the company's chat, `companyWebhook`).
    package static func route(
        for kind: NotificationKind, recipient: Recipient?, companyWebhook: String?
    ) -> DeliveryRoute {
        guard let recipient else {
            guard let companyWebhook else { return .skip(reason: "no company chat webhook configured") }
            return .chat(webhook: companyWebhook)
        }
        guard recipient.isActive || kind == .invitation || kind == .personalDataErased else {
            return .skip(reason: "account deactivated")
        }
        switch kind.isAlwaysByEmail ? .email : recipient.preference {
        case .off:
            return .skip(reason: "turned off by the person")
        case .chat:
            guard let webhook = recipient.chatWebhookURL else { return .email(to: recipient.email) }
            return .chat(webhook: webhook)
        case .email:
            return .email(to: recipient.email)
        }
    }
}
