import Foundation

/// Where an integration wants to hear about events, as an admin registered it.
package struct WebhookEndpoint: Sendable, Equatable {
    package var id: UUID
    package var url: String
    package var description: String
    package var eventTypes: [EventType]
    package var active: Bool
    package var version: Int
    package var createdAt: Date
    package var updatedAt: Date
    /// Since when every attempt has failed; nil while the last one succeeded.
    package var failingSince: Date?
    package var disabledAt: Date?
    package var disabledReason: String?

    package init(
        id: UUID, url: String, description: String, eventTypes: [EventType], active: Bool, version: Int, createdAt: Date, updatedAt: Date,
        failingSince: Date? = nil, disabledAt: Date? = nil, disabledReason: String? = nil
    ) {
        self.id = id
        self.url = url
        self.description = description
        self.eventTypes = eventTypes
        self.active = active
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.failingSince = failingSince
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
    }
}

/// An endpoint as an admin asks for it: checked before anything is stored.
package struct WebhookEndpointDraft: Sendable, Equatable {
    package var url: String
    package var description: String
    package var eventTypes: [EventType]
    package var active: Bool

    package static let maximumDescription = 500

    /// Everything wrong with a draft, each field once.
    package struct Problems: Error, Sendable, Equatable {
        package var all: [Problem]
    }

    package enum Problem: Sendable, Equatable {
        case url(WebhookURL.Problem)
        case description
        /// None, or more than the catalogue holds.
        case eventTypes
    }

    /// The draft, or every problem found (each field once).
    package static func validate(
        url: String, description: String, eventTypes: [EventType], active: Bool, policy: WebhookPolicy
    ) -> Result<WebhookEndpointDraft, Problems> {
        var problems: [Problem] = []
        do { _ = try WebhookURL(url, policy: policy) } catch { problems.append(.url(error)) }
        if TextInput.length(description) > maximumDescription || TextInput.hasControlCharacters(description) {
            problems.append(.description)
        }
        let unique = eventTypes.reduce(into: [EventType]()) { if !$0.contains($1) { $0.append($1) } }
        if unique.isEmpty || unique.count > EventType.allCases.count { problems.append(.eventTypes) }
        guard problems.isEmpty else { return .failure(Problems(all: problems)) }
        return .success(WebhookEndpointDraft(url: url, description: description, eventTypes: unique, active: active))
    }

    private init(url: String, description: String, eventTypes: [EventType], active: Bool) {
        self.url = url
        self.description = description
        self.eventTypes = eventTypes
        self.active = active
    }
}
