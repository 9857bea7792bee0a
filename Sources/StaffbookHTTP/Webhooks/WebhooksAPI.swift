import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/webhooks`: admins register the endpoints integrations listen on and read what was
/// delivered to them.
struct WebhooksAPI: AreaHandler {
    let webhooks: any WebhookRepository
    let registrar: WebhookRegistrar
    let policy: WebhookPolicy
    let clock: any AppClock

    func listWebhookEndpoints(_ input: Operations.ListWebhookEndpoints.Input) async throws -> Operations.ListWebhookEndpoints.Output {
        .ok(.init(body: .json(.init(items: try await webhooks.endpoints().map(Self.endpoint)))))
    }

    func createWebhookEndpoint(_ input: Operations.CreateWebhookEndpoint.Input) async throws -> Operations.CreateWebhookEndpoint.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let draft = try WebhookInput.draft(body, policy: policy)
        let (endpoint, secret) = try await registrar.register(draft, by: caller.accountId)
        return .created(.init(body: .json(.init(value1: Self.endpoint(endpoint), value2: .init(secret: secret)))))
    }

    func getWebhookEndpoint(_ input: Operations.GetWebhookEndpoint.Input) async throws -> Operations.GetWebhookEndpoint.Output {
        let id = try InputValidation.pathID(input.path.endpointId)
        guard let endpoint = try await webhooks.endpoint(id: id) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.endpoint(endpoint))))
    }

    func updateWebhookEndpoint(_ input: Operations.UpdateWebhookEndpoint.Input) async throws -> Operations.UpdateWebhookEndpoint.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.endpointId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let draft = try WebhookInput.draft(body, policy: policy)
        guard let endpoint = try await webhooks.update(id: id, draft, by: caller.accountId, now: clock.now()) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.endpoint(endpoint))))
    }

    func deleteWebhookEndpoint(_ input: Operations.DeleteWebhookEndpoint.Input) async throws -> Operations.DeleteWebhookEndpoint.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.endpointId)
        guard try await webhooks.delete(id: id, by: caller.accountId, now: clock.now()) else { throw Problem(.notFound) }
        return .noContent(.init())
    }

    func listWebhookDeliveries(_ input: Operations.ListWebhookDeliveries.Input) async throws -> Operations.ListWebhookDeliveries.Output {
        let id = try InputValidation.pathID(input.path.endpointId)
        let page = try PageRequest<DeliveryPosition>(limit: input.query.limit, cursor: input.query.cursor, offset: nil)
        guard try await webhooks.endpoint(id: id) != nil else { throw Problem(.notFound) }
        let state = input.query.state.flatMap { WebhookDeliveryState(rawValue: $0.rawValue) }
        let rows = try await webhooks.deliveries(endpointId: id, state: state, page: page)
        let result = Page(rows: rows, limit: page.limit) { DeliveryPosition(seq: $0.seq) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: try result.items.map(Self.delivery), nextCursor: result.nextCursor))))
    }

    func replayWebhookDelivery(_ input: Operations.ReplayWebhookDelivery.Input) async throws -> Operations.ReplayWebhookDelivery.Output {
        let endpointId = try InputValidation.pathID(input.path.endpointId)
        let deliveryId = try InputValidation.pathID(input.path.deliveryId)
        guard let delivery = try await webhooks.replay(deliveryId: deliveryId, endpointId: endpointId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .accepted(.init(body: .json(try Self.delivery(delivery))))
    }

    static func endpoint(_ endpoint: WebhookEndpoint) -> Components.Schemas.WebhookEndpoint {
        .init(
            id: endpoint.id.lowercasedString, url: endpoint.url, description: endpoint.description,
            eventTypes: endpoint.eventTypes.compactMap { Components.Schemas.EventType(rawValue: $0.rawValue) }, active: endpoint.active,
            createdAt: endpoint.createdAt, updatedAt: endpoint.updatedAt, failingSince: endpoint.failingSince,
            disabledAt: endpoint.disabledAt, disabledReason: endpoint.disabledReason)
    }

    /// The contract's name of an event type; every type of the catalogue is in the contract.
    static func eventType(_ type: EventType) throws -> Components.Schemas.EventType {
        guard let value = Components.Schemas.EventType(rawValue: type.rawValue) else { throw StoreError.malformedRow(column: "events.type") }
        return value
    }

    static func delivery(_ delivery: WebhookDelivery) throws -> Components.Schemas.WebhookDelivery {
        .init(
            id: delivery.id.lowercasedString, eventId: delivery.eventId.lowercasedString, eventType: try eventType(delivery.eventType),
            state: Components.Schemas.WebhookDeliveryState(rawValue: delivery.state.rawValue) ?? .pending, attempts: delivery.attempts,
            nextAttemptAt: delivery.nextAttemptAt, lastStatus: delivery.lastStatus, lastLatencyMs: delivery.lastLatencyMilliseconds,
            lastError: delivery.lastError, createdAt: delivery.createdAt, finishedAt: delivery.finishedAt,
            replayOf: delivery.replayOf?.lowercasedString)
    }
}
