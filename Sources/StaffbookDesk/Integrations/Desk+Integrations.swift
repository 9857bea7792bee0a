import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// Webhook endpoints for admins (`/v1/webhooks` as pages): the list and a new one, shown its
/// secret once; an endpoint's settings, its delivery log and a replay of a delivery.
extension Desk {
    func integrations(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listWebhookEndpoints")
        return try await integrationsPage(view, typed: nil, problem: nil, created: nil)
    }

    func createIntegration(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "createWebhookEndpoint")
        let typed = Self.endpointTyped(try await form(request, view: view))
        do {
            let draft = try Self.endpointDraft(typed, policy: services.config.monthEnd.webhookPolicy)
            let (endpoint, secret) = try await services.webhookRegistrar.register(draft, by: session.account.id)
            return try await integrationsPage(view, typed: nil, problem: nil, created: (endpoint.url, secret), status: .created)
        } catch {
            let problem = try shownRefusal(error, view)
            return try await integrationsPage(view, typed: typed, problem: problem, created: nil, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func integration(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        _ = try require(view, "getWebhookEndpoint")
        guard let endpointId = id.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        return try await integrationPage(view, id: endpointId, typed: nil, problem: nil, done: query(request, "done"))
    }

    func updateIntegration(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "updateWebhookEndpoint")
        let fields = try await form(request, view: view)
        guard let endpointId = id.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        var typed = Self.endpointTyped(fields)
        typed["active"] = fields["active"] == "on" ? "on" : ""
        do {
            let draft = try Self.endpointDraft(typed, policy: services.config.monthEnd.webhookPolicy)
            guard try await services.webhooks.update(id: endpointId, draft, by: session.account.id, now: services.clock.now()) != nil else {
                throw DeskRefusal.notFound
            }
            return DeskPage.redirect("/desk/integrations/\(endpointId.lowercasedString)?done=saved")
        } catch let refusal as DeskRefusal {
            throw refusal
        } catch {
            let problem = try shownRefusal(error, view)
            return try await integrationPage(
                view, id: endpointId, typed: typed, problem: problem, done: nil, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func deleteIntegration(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "deleteWebhookEndpoint")
        _ = try await form(request, view: view)
        guard let endpointId = id.flatMap(UUID.init(uuidString:)),
            try await services.webhooks.delete(id: endpointId, by: session.account.id, now: services.clock.now())
        else { throw DeskRefusal.notFound }
        return DeskPage.redirect("/desk/integrations")
    }

    func replayDelivery(_ view: DeskView, id: String?, delivery: String?, request: Request) async throws -> Response {
        _ = try require(view, "replayWebhookDelivery")
        _ = try await form(request, view: view)
        guard let endpointId = id.flatMap(UUID.init(uuidString:)), let deliveryId = delivery.flatMap(UUID.init(uuidString:)),
            try await services.webhooks.replay(deliveryId: deliveryId, endpointId: endpointId, now: services.clock.now()) != nil
        else { throw DeskRefusal.notFound }
        return DeskPage.redirect("/desk/integrations/\(endpointId.lowercasedString)?done=replayed")
    }

    private static func endpointTyped(_ fields: [String: String]) -> [String: String] {
        var typed = ["url": String((fields["url"] ?? "").prefix(600)), "description": String((fields["description"] ?? "").prefix(600))]
        for type in EventType.allCases where fields["type." + type.rawValue] == "on" { typed["type." + type.rawValue] = "on" }
        return typed
    }

    private static func endpointDraft(_ typed: [String: String], policy: WebhookPolicy) throws -> WebhookEndpointDraft {
        try WebhookInput.draft(
            url: typed["url"] ?? "", description: typed["description"] ?? "",
            eventTypes: EventType.allCases.filter { typed["type." + $0.rawValue] == "on" }, active: typed["active"] ?? "on" == "on",
            policy: policy)
    }

    /// The event types as checkboxes, checked as typed (or as the endpoint has them).
    private static func typeBoxes(_ checked: (EventType) -> Bool) -> [[String: Any]] {
        EventType.allCases.map {
            ["value": $0.rawValue, "id": "type-" + $0.rawValue.replacingOccurrences(of: ".", with: "-"), "checked": checked($0)]
        }
    }

    private func integrationsPage(
        _ view: DeskView, typed: [String: String]?, problem: PageProblem?, created: (url: String, secret: String)?,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let endpoints = try await services.webhooks.endpoints()
        let model: [String: Any] = [
            "endpoints": endpoints.map { endpoint -> [String: Any] in
                [
                    "id": endpoint.id.lowercasedString, "url": endpoint.url, "description": endpoint.description,
                    "types": endpoint.eventTypes.map(\.rawValue).joined(separator: ", "),
                    "state": view.text(endpoint.active ? (endpoint.failingSince == nil ? "endpointOn" : "endpointFailing") : "endpointOff"),
                ]
            },
            "hasEndpoints": !endpoints.isEmpty, "csrf": view.formToken,
            "created": created.map { ["url": $0.url, "secret": $0.secret] } as Any,
            "form": [
                "url": typed?["url"] ?? "", "description": typed?["description"] ?? "",
                "types": Self.typeBoxes { typed?["type." + $0.rawValue] == "on" },
            ],
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
        ]
        return DeskPage(title: view.text("integrations"), template: "integrations", model: model, status: status).response(view, library: library)
    }

    private func integrationPage(
        _ view: DeskView, id: UUID, typed: [String: String]?, problem: PageProblem?, done: String?, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let endpoint = try await services.webhooks.endpoint(id: id) else { throw DeskRefusal.notFound }
        let deliveries = try await services.webhooks.deliveries(endpointId: id, state: nil, page: PageRequest(limit: 50))
        let format = view.format
        let at = { (date: Date) in format.instant(date) + " " + format.clock(date) }
        let model: [String: Any] = [
            "id": id.lowercasedString, "url": endpoint.url, "csrf": view.formToken,
            "state": view.text(endpoint.active ? (endpoint.failingSince == nil ? "endpointOn" : "endpointFailing") : "endpointOff"),
            "disabledReason": endpoint.disabledReason as Any, "failingSince": endpoint.failingSince.map(at) as Any,
            "done": done.flatMap { ["saved", "replayed"].contains($0) ? view.text("done." + $0) : nil } as Any,
            "form": [
                "url": typed?["url"] ?? endpoint.url, "description": typed?["description"] ?? endpoint.description,
                "active": typed.map { $0["active"] == "on" } ?? endpoint.active,
                "types": Self.typeBoxes { type in typed.map { $0["type." + type.rawValue] == "on" } ?? endpoint.eventTypes.contains(type) },
            ],
            "deliveries": deliveries.prefix(50).map { delivery -> [String: Any] in
                [
                    "id": delivery.id.lowercasedString, "endpointId": id.lowercasedString, "type": delivery.eventType.rawValue,
                    "state": view.text("delivery." + delivery.state.rawValue),
                    "attempts": String(delivery.attempts), "status": delivery.lastStatus.map(String.init) ?? "—",
                    "latency": delivery.lastLatencyMilliseconds.map { "\($0) ms" } ?? "—", "error": delivery.lastError ?? "",
                    "at": at(delivery.createdAt), "next": delivery.nextAttemptAt.map(at) as Any,
                ]
            },
            "hasDeliveries": !deliveries.isEmpty,
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
        ]
        return DeskPage(title: endpoint.url, template: "integration", model: model, status: status).response(view, library: library)
    }
}
