import Foundation
import StaffbookCore

/// The API's checks of a person's notification preferences, for pages that send the same.
package enum NotificationPageInput {
    /// Preferences as `PUT /v1/me/notification-preferences` reads its body: each kind's channel
    /// one of `email`, `chat`, `off` (its raw text as sent); a chat webhook a public https URL,
    /// required when any kind goes to chat.
    package static func preferences(
        language: Language, chatWebhookURL: String?, channels: [(NotificationKind, String)], policy: WebhookPolicy
    ) throws -> NotificationPreferences {
        var validation = InputValidation()
        var chosen: [NotificationKind: NotificationPreference] = [:]
        for (kind, text) in channels {
            if let preference = NotificationPreference(rawValue: text) {
                chosen[kind] = preference
            } else {
                validation.fail("body.channels.\(kind.rawValue)", "enum", NotificationTexts.channel)
            }
        }
        let webhook = validation.optionalText(chatWebhookURL, field: "body.chatWebhookUrl", maxLength: 500).flatMap { $0.isEmpty ? nil : $0 }
        if let webhook {
            do {
                _ = try WebhookURL(webhook, policy: policy)
            } catch {
                validation.fail("body.chatWebhookUrl", url: error)
            }
        }
        let preferences = NotificationPreferences(language: language, chatWebhookURL: webhook, channels: chosen)
        if webhook == nil, preferences.channels.values.contains(.chat) {
            validation.fail("body.chatWebhookUrl", "required", NotificationTexts.webhookRequired)
        }
        try validation.check()
        return preferences
    }
}
