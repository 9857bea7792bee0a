import Foundation

/// Keyset position in an endpoint's delivery log, newest first.
package struct DeliveryPosition: PagePosition {
    package var seq: Int64

    package enum CodingKeys: String, CodingKey {
        case seq = "s"
    }

    package init(seq: Int64) {
        self.seq = seq
    }

    package var isValid: Bool { seq > 0 }
}

package protocol WebhookRepository: Sendable {
    func create(_ draft: WebhookEndpointDraft, sealedSecret: [UInt8], by: UUID, now: Date) async throws -> WebhookEndpoint
    func endpoints() async throws -> [WebhookEndpoint]
    func endpoint(id: UUID) async throws -> WebhookEndpoint?
    /// Replaces what an admin edits (audited); turning it on again clears the disabled mark and
    /// the failing streak. Nil when there is no such endpoint.
    func update(id: UUID, _ draft: WebhookEndpointDraft, by: UUID, now: Date) async throws -> WebhookEndpoint?
    /// Removes the endpoint with its delivery log (audited); false when there is none.
    func delete(id: UUID, by: UUID, now: Date) async throws -> Bool
    /// The endpoint's deliveries, newest first (fetches `page.fetchLimit`).
    func deliveries(endpointId: UUID, state: WebhookDeliveryState?, page: PageRequest<DeliveryPosition>) async throws -> [WebhookDelivery]
    /// A new delivery of the same event to the same endpoint, due now; nil when there is no such
    /// delivery of that endpoint.
    func replay(deliveryId: UUID, endpointId: UUID, now: Date) async throws -> WebhookDelivery?

    /// Claims up to `limit` due deliveries of active endpoints for `worker` until `leaseUntil`,
    /// each the first of its resource's stream to its endpoint that is not finished.
    func claimDue(now: Date, worker: String, leaseUntil: Date, limit: Int) async throws -> [DueWebhookDelivery]
    /// Records an attempt and the decision over it (and the endpoint's streak), if this worker
    /// still holds the delivery; returns whether it did.
    @discardableResult
    func record(
        _ delivery: DueWebhookDelivery, attempt: WebhookAttempt, decision: WebhookRetry.Decision, worker: String, now: Date
    ) async throws -> Bool
}
