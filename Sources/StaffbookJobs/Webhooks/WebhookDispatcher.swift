import Foundation
import Logging
import Metrics
import StaffbookCore

/// Delivers due webhook deliveries: a batch at a time, concurrently, each signed and posted by
/// the outbound rules, the outcome and what follows it recorded. The job worker runs it after
/// its jobs, so every instance delivers and each delivery goes to one of them.
package struct WebhookDispatcher: Sendable {
    let webhooks: any WebhookRepository
    let seal: SecretSeal
    let outbound: OutboundPost
    let retryScale: Double
    let clock: any AppClock
    let logger: Logger
    let workerId: String

    /// Deliveries claimed at once (and in flight at once).
    static let batchSize = 16
    /// Longer than the slowest attempt (connect plus the read timeout), so a lease runs out only
    /// when its worker is gone.
    static let lease: TimeInterval = 60

    package init(
        webhooks: any WebhookRepository, seal: SecretSeal, outbound: OutboundPost, retryScale: Double = 1, clock: any AppClock, logger: Logger
    ) {
        self.webhooks = webhooks
        self.seal = seal
        self.outbound = outbound
        self.retryScale = retryScale
        self.clock = clock
        self.logger = logger
        workerId = "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/webhooks/\(UUID().lowercasedString.prefix(8))"
    }

    /// Delivers until nothing is due; returns how many attempts were made.
    @discardableResult
    package func deliverDue() async throws -> Int {
        var made = 0
        while !Task.isCancelled {
            let now = clock.now()
            let due = try await webhooks.claimDue(
                now: now, worker: workerId, leaseUntil: now.addingTimeInterval(Self.lease), limit: Self.batchSize)
            if due.isEmpty { break }
            await withDiscardingTaskGroup { group in
                for delivery in due { group.addTask { await self.attempt(delivery) } }
            }
            made += due.count
        }
        return made
    }

    /// The body receivers get: the specification's envelope around the event's data.
    static func body(_ delivery: DueWebhookDelivery) -> [UInt8] {
        Array("{\"type\":\"\(delivery.eventType.rawValue)\",\"timestamp\":\"\(Self.instant(delivery.occurredAt))\",\"data\":".utf8)
            + Array(delivery.data.utf8) + Array("}".utf8)
    }

    static func instant(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
    }

    private func attempt(_ delivery: DueWebhookDelivery) async {
        let result: WebhookAttempt.Result
        let started = ContinuousClock.now
        if let secret = seal.open(delivery.sealedSecret)?.secret {
            let body = Self.body(delivery)
            let id = delivery.eventId.lowercasedString
            let timestamp = Int(clock.now().timeIntervalSince1970)
            let headers = [
                ("Content-Type", "application/json"), ("webhook-id", id), ("webhook-timestamp", String(timestamp)),
                ("webhook-signature", WebhookSignature.sign(secret: secret, id: id, timestamp: timestamp, body: body)),
                ("User-Agent", "Staffbook-Webhooks/1"),
            ]
            switch await outbound.post(body, headers: headers, to: delivery.url) {
            case .answered(let status) where (200..<300).contains(status): result = .accepted(status: status)
            case .answered(let status): result = .failed(status: status, error: "answered \(status)")
            case .unreachable: result = .failed(status: nil, error: "no answer")
            case .refused(let why): result = .refused(why)
            }
        } else {
            // Sealed under a signing key no longer configured: nothing can sign it again.
            result = .refused("the signing secret cannot be opened; rotate it")
        }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Int(min(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000, 3_600_000))
        let attempt = WebhookAttempt(result: result, latencyMilliseconds: milliseconds)
        let now = clock.now()
        let decision = WebhookRetry.decide(delivery, attempt: attempt, now: now, scale: retryScale)
        do {
            try await webhooks.record(delivery, attempt: attempt, decision: decision, worker: workerId, now: now)
        } catch {
            // The lease runs out and the attempt is made again.
            logger.error("recording a webhook attempt failed", metadata: LoggedFailure.metadata(error))
        }
        Counter(label: "staffbook_webhook_attempts_total", dimensions: [("outcome", decision.state.rawValue)]).increment()
        Metrics.Timer(label: "staffbook_webhook_attempt_duration_seconds").recordNanoseconds(elapsed.nanoseconds)
        if let why = decision.disableEndpoint {
            logger.warning(
                "webhook endpoint disabled", metadata: ["endpoint": .string(delivery.endpointId.lowercasedString), "reason": .string(why)])
        }
    }
}
