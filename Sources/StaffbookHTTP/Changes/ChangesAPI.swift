import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/me/changes` and `/v1/teams/{id}/changes`: what changed since a device's last sync.
struct ChangesAPI: AreaHandler {
    let changes: any ChangeFeedRepository
    let teams: any TeamsRepository
    let clock: any AppClock

    static let defaultLimit = 100
    static let maximumLimit = 500

    func listMyChanges(_ input: Operations.ListMyChanges.Input) async throws -> Operations.ListMyChanges.Output {
        let caller = try RequestScope.requireCaller()
        let (cursor, limit) = try Self.query(since: input.query.since, limit: input.query.limit)
        let request = ChangeRequest(.person(caller.accountId), resources: FeedAccess.resources(for: caller, own: true))
        return .ok(.init(body: .json(try Self.list(try await changes.changes(request, after: cursor, limit: limit)))))
    }

    func listTeamChanges(_ input: Operations.ListTeamChanges.Input) async throws -> Operations.ListTeamChanges.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.teamId)
        let team = try await teams.find(id: id)
        let leads = team?.members.contains { $0.id == caller.accountId && $0.leader } ?? false
        guard team != nil, leads || caller.has(.admin) else { throw Problem(.notFound) }
        let (cursor, limit) = try Self.query(since: input.query.since, limit: input.query.limit)
        // A leader who is also a member reads the team's records as a leader does: others'.
        let request = ChangeRequest(.team(id), resources: FeedAccess.resources(for: caller, own: false))
        return .ok(.init(body: .json(try Self.list(try await changes.changes(request, after: cursor, limit: limit)))))
    }

    static func query(since: String?, limit: Int?) throws -> (ChangeCursor?, Int) {
        var validation = InputValidation()
        let cursor = since.flatMap(ChangeCursor.init)
        if since != nil, cursor == nil { validation.fail("query.since", "syntax", ChangeTexts.cursor) }
        if let limit, !(1...maximumLimit).contains(limit) { validation.fail("query.limit", "range", FieldTexts.atMost(maximumLimit)) }
        try validation.check()
        return (cursor, limit ?? defaultLimit)
    }

    static func list(_ read: ChangeRead) throws -> Components.Schemas.ChangeList {
        switch read {
        case .expired:
            throw Problem(.cursorExpired)
        case .page(let changes, let next, let more):
            return .init(items: try changes.map(change), next: next.text, more: more)
        }
    }

    static func change(_ change: Change) throws -> Components.Schemas.Change {
        let data = try JSONDecoder().decode(OpenAPIObjectContainer.self, from: Data(change.data.utf8))
        return .init(
            _type: try WebhooksAPI.eventType(change.type),
            resource: try Self.resource(change.resource), id: change.subject, deleted: change.deleted,
            data: .init(additionalProperties: data), occurredAt: change.occurredAt)
    }
}

extension ChangesAPI {
    static func resource(_ resource: EventResource) throws -> Components.Schemas.Change.ResourcePayload {
        guard let value = Components.Schemas.Change.ResourcePayload(rawValue: resource.rawValue) else {
            throw StoreError.malformedRow(column: "events.resource")
        }
        return value
    }
}

enum ChangeTexts {
    static let cursor = LocalizedText(
        en: "A cursor this feed answered (`next`), digits only.", cs: "Kurzor, který tento přehled změn vrátil (`next`), jen číslice.")
}
