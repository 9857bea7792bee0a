import Foundation

/// A person's choices: language, their own chat webhook, and a channel per kind.
package struct NotificationPreferences: Sendable, Equatable {
    package var language: Language
    package var chatWebhookURL: String?
    package var channels: [NotificationKind: NotificationPreference]

    package init(language: Language, chatWebhookURL: String?, channels: [NotificationKind: NotificationPreference]) {
        self.language = language
        self.chatWebhookURL = chatWebhookURL
        self.channels = channels
    }

    /// The channel for a kind: e-mail unless chosen otherwise; account links always e-mail.
    package func preference(for kind: NotificationKind) -> NotificationPreference {
        kind.isAlwaysByEmail ? .email : channels[kind] ?? .email
    }
}
