import Foundation

/// A browser a person subscribed to Web Push: where its push service takes messages for it, and
/// the keys a message is encrypted to.
package struct PushSubscription: Sendable, Equatable {
    package var id: UUID
    package var accountId: UUID
    package var endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes).
    package var p256dh: [UInt8]
    /// The browser's authentication secret (16 bytes).
    package var auth: [UInt8]
    package var createdAt: Date

    package init(id: UUID, accountId: UUID, endpoint: String, p256dh: [UInt8], auth: [UInt8], createdAt: Date) {
        self.id = id
        self.accountId = accountId
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}

/// A subscription as a browser sends it (the Push API's `PushSubscription.toJSON()`), checked.
package struct PushSubscriptionDraft: Sendable, Equatable {
    package var endpoint: String
    package var p256dh: [UInt8]
    package var auth: [UInt8]

    package enum Problem: Sendable, Equatable {
        case endpoint(WebhookURL.Problem)
        case p256dh
        case auth
    }

    package struct Problems: Error, Sendable, Equatable {
        package var all: [Problem]
    }

    /// The keys come base64url-encoded: a point on P-256 in its uncompressed form, 16 bytes of
    /// secret. The endpoint goes where webhooks may go.
    package static func validate(endpoint: String, p256dh: String, auth: String, policy: WebhookPolicy) -> Result<Self, Problems> {
        var problems: [Problem] = []
        do { _ = try WebhookURL(endpoint, policy: policy) } catch { problems.append(.endpoint(error)) }
        let key = p256dh.utf8.count <= 100 ? Base64URL.decode(p256dh.trimmingCharacters(in: ["="])).map(Array.init) : nil
        if key?.count != 65 || key?.first != 0x04 { problems.append(.p256dh) }
        let secret = auth.utf8.count <= 40 ? Base64URL.decode(auth.trimmingCharacters(in: ["="])).map(Array.init) : nil
        if secret?.count != 16 { problems.append(.auth) }
        guard problems.isEmpty, let key, let secret else { return .failure(Problems(all: problems)) }
        return .success(PushSubscriptionDraft(endpoint: endpoint, p256dh: key, auth: secret))
    }

    private init(endpoint: String, p256dh: [UInt8], auth: [UInt8]) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }
}

package protocol PushRepository: Sendable {
    /// Stores the browser's subscription for the person (replacing their own with the same
    /// endpoint); a person keeps their newest `PushLimits.perPerson`. An endpoint another person
    /// subscribed throws `PushError.registeredToAnother`: it never moves silently.
    func subscribe(accountId: UUID, _ draft: PushSubscriptionDraft, now: Date) async throws -> PushSubscription
    func subscriptions(accountId: UUID) async throws -> [PushSubscription]
    /// Removes one of the person's; false when they have no such subscription.
    func unsubscribe(id: UUID, accountId: UUID) async throws -> Bool
    /// Forgets a subscription the push service says is gone.
    func forget(id: UUID) async throws
}

/// How many browsers and phones one person's notifications go to: the newest ones, so that a
/// delivery posts to a bounded number of push services (stale subscriptions drop off).
package enum PushLimits {
    package static let perPerson = 10
}

package enum PushError: Error, Sendable, Equatable {
    /// The browser or phone gets another person's notifications: they turn them off (or sign
    /// out on it) first. Moving it silently would send one person's notifications to another.
    case registeredToAnother
}
