import Foundation

package enum WebhookDeliveryState: String, Sendable, CaseIterable, Codable {
    case pending, delivered, failed
}

/// One event for one endpoint, as its delivery log shows it.
package struct WebhookDelivery: Sendable, Equatable {
    package var id: UUID
    package var seq: Int64
    package var endpointId: UUID
    package var eventId: UUID
    package var eventType: EventType
    package var state: WebhookDeliveryState
    package var attempts: Int
    package var nextAttemptAt: Date?
    package var lastStatus: Int?
    package var lastLatencyMilliseconds: Int?
    package var lastError: String?
    package var createdAt: Date
    package var finishedAt: Date?
    package var replayOf: UUID?

    package init(
        id: UUID, seq: Int64, endpointId: UUID, eventId: UUID, eventType: EventType, state: WebhookDeliveryState, attempts: Int,
        nextAttemptAt: Date?, lastStatus: Int?, lastLatencyMilliseconds: Int?, lastError: String?, createdAt: Date, finishedAt: Date?,
        replayOf: UUID?
    ) {
        self.id = id
        self.seq = seq
        self.endpointId = endpointId
        self.eventId = eventId
        self.eventType = eventType
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastStatus = lastStatus
        self.lastLatencyMilliseconds = lastLatencyMilliseconds
        self.lastError = lastError
        self.createdAt = createdAt
        self.finishedAt = finishedAt
        self.replayOf = replayOf
    }
}

/// A delivery claimed for an attempt: what is sent, where, and what decides what follows.
package struct DueWebhookDelivery: Sendable, Equatable {
    package var deliveryId: UUID
    /// Attempts before this one.
    package var attempts: Int
    package var endpointId: UUID
    package var url: String
    package var sealedSecret: [UInt8]
    package var failingSince: Date?
    package var eventId: UUID
    package var eventType: EventType
    package var occurredAt: Date
    /// The event's data, a JSON object as the database wrote it.
    package var data: String

    package init(
        deliveryId: UUID, attempts: Int, endpointId: UUID, url: String, sealedSecret: [UInt8], failingSince: Date?, eventId: UUID,
        eventType: EventType, occurredAt: Date, data: String
    ) {
        self.deliveryId = deliveryId
        self.attempts = attempts
        self.endpointId = endpointId
        self.url = url
        self.sealedSecret = sealedSecret
        self.failingSince = failingSince
        self.eventId = eventId
        self.eventType = eventType
        self.occurredAt = occurredAt
        self.data = data
    }
}

/// How one attempt went.
package struct WebhookAttempt: Sendable, Equatable {
    package enum Result: Sendable, Equatable {
        /// The receiver answered 2xx.
        case accepted(status: Int)
        /// Any other answer, or none; worth trying again.
        case failed(status: Int?, error: String)
        /// Nothing was sent and nothing will be: the URL or its addresses are not allowed.
        case refused(String)
    }

    package var result: Result
    package var latencyMilliseconds: Int

    package init(result: Result, latencyMilliseconds: Int) {
        self.result = result
        self.latencyMilliseconds = latencyMilliseconds
    }
}
