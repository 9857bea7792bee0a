import Foundation

/// What follows an attempt, decided over the delivery as claimed: delivered; tried again after
/// the next delay of the schedule (about a day in all); or given up. The endpoint's failing
/// streak is kept, and an endpoint that has failed without a single success for days is
/// disabled.
package enum WebhookRetry {
    /// The waits after the 1st, 2nd, … failed attempt: seconds, minutes, hours; 27.6 hours in all.
    package static let delays: [TimeInterval] = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000]
    /// How long an endpoint may fail without a success before it is disabled.
    package static let disableAfter: TimeInterval = 5 * 24 * 3600

    package struct Decision: Sendable, Equatable {
        package var state: WebhookDeliveryState
        /// When the next attempt is due, while pending.
        package var nextAttemptAt: Date?
        package var failingSince: Date?
        /// Why the endpoint is disabled now, if it is.
        package var disableEndpoint: String?
    }

    /// `scale` shortens the waits where a whole day cannot be waited for (a verification run);
    /// 1 in production.
    package static func decide(_ delivery: DueWebhookDelivery, attempt: WebhookAttempt, now: Date, scale: Double = 1) -> Decision {
        let made = delivery.attempts + 1
        switch attempt.result {
        case .accepted:
            return Decision(state: .delivered, nextAttemptAt: nil, failingSince: nil, disableEndpoint: nil)
        case .refused:
            // Nothing was sent and another try would be refused the same: given up at once.
            return Decision(state: .failed, nextAttemptAt: nil, failingSince: delivery.failingSince ?? now, disableEndpoint: nil)
        case .failed:
            let since = delivery.failingSince ?? now
            // Turned off, what waits stays pending: it goes when an admin turns the endpoint on.
            let disable = now.timeIntervalSince(since) >= disableAfter ? "failed for \(Int(disableAfter / 86_400)) days" : nil
            guard made <= delays.count else {
                return Decision(state: .failed, nextAttemptAt: nil, failingSince: since, disableEndpoint: disable)
            }
            return Decision(
                state: .pending, nextAttemptAt: now.addingTimeInterval(delays[made - 1] * min(max(scale, 0.001), 1)), failingSince: since,
                disableEndpoint: disable)
        }
    }
}
