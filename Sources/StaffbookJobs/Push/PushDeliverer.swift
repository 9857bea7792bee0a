import Foundation
import Logging
import Metrics
import StaffbookCore

/// Sends a notification to every browser its person subscribed, as a Web Push message: the
/// subject and the text rendered as for e-mail, encrypted for each browser and signed with our
/// VAPID key. It goes once, whatever became of the e-mail; a push service that says the browser
/// is gone (404, 410) loses its subscription, and other failures are not retried (the e-mail
/// carries the same).
package struct PushDeliverer: Sendable {
    let notifications: any NotificationRepository
    let subscriptions: any PushRepository
    let renderer: NotificationRenderer
    let vapid: VAPID
    let outbound: OutboundPost
    let clock: any AppClock
    let logger: Logger

    package init(
        notifications: any NotificationRepository, subscriptions: any PushRepository, renderer: NotificationRenderer, vapid: VAPID,
        outbound: OutboundPost, clock: any AppClock, logger: Logger
    ) {
        self.notifications = notifications
        self.subscriptions = subscriptions
        self.renderer = renderer
        self.vapid = vapid
        self.outbound = outbound
        self.clock = clock
        self.logger = logger
    }

    /// How long a push service keeps a message for a browser that is offline.
    static let timeToLive = 24 * 3600

    /// How long one notification's posts may take together: they go at once, each browser's push
    /// service is waited for at most this long, and one that never answers fails alone.
    static let deadline: Duration = .seconds(15)

    package func deliver(notificationId: UUID) async throws {
        guard let message = try await PushMessage.of(notificationId, notifications: notifications, renderer: renderer) else { return }
        let shown: [String: String] = ["title": message.title, "body": message.body, "kind": message.kind.rawValue, "url": "/desk"]
        let payload = Array(try JSONSerialization.data(withJSONObject: shown, options: [.sortedKeys]))
        let found = try await subscriptions.subscriptions(accountId: message.accountId)
        let outcomes = await withTaskGroup(of: (UUID, String).self) { group in
            for subscription in found {
                group.addTask {
                    let outcome = try? await Deadline.run(within: Self.deadline) { await self.send(payload, to: subscription) }
                    return (subscription.id, outcome ?? "failed")
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (id, outcome) in outcomes {
            Counter(label: "staffbook_push_messages_total", dimensions: [("outcome", outcome)]).increment()
            if outcome == "gone" { try await subscriptions.forget(id: id) }
        }
    }

    /// "sent", "gone" or "failed".
    func send(_ payload: [UInt8], to subscription: PushSubscription) async -> String {
        guard let url = URL(string: subscription.endpoint),
            let body = try? WebPushEncryption.encrypt(payload, to: subscription.p256dh, authSecret: subscription.auth),
            let authorization = try? vapid.authorization(endpoint: url, now: clock.now())
        else { return "failed" }
        let headers = [
            ("Authorization", authorization), ("TTL", String(Self.timeToLive)), ("Content-Encoding", "aes128gcm"),
            ("Content-Type", "application/octet-stream"), ("Urgency", "normal"),
        ]
        switch await outbound.post(body, headers: headers, to: subscription.endpoint) {
        case .answered(let status) where (200..<300).contains(status): return "sent"
        case .answered(404), .answered(410): return "gone"
        case .answered(let status):
            logger.info("push message refused", metadata: ["status": "\(status)"])
            return "failed"
        case .unreachable, .refused: return "failed"
        }
    }
}
