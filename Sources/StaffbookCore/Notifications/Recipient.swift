import Foundation

/// Who a notification goes to, as they are when it is delivered.
package struct Recipient: Sendable, Equatable {
    package var email: String
    package var firstName: String
    package var lastName: String
    package var language: Language
    package var chatWebhookURL: String?
    package var preference: NotificationPreference
    package var isActive: Bool

    package init(
        email: String, firstName: String, lastName: String, language: Language, chatWebhookURL: String?,
        preference: NotificationPreference, isActive: Bool
    ) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.language = language
        self.chatWebhookURL = chatWebhookURL
        self.preference = preference
        self.isActive = isActive
    }
}
