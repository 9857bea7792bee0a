import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// Calendar feeds: made, listed and revoked by their owner, read by a calendar app by URL.
struct CalendarFeedsAPI: AreaHandler {
    let feeds: any CalendarFeedRepository
    let links: CalendarFeedLinks
    let teams: any TeamsRepository
    let clock: any AppClock

    /// How far back a feed reaches: a year of past time off is context enough.
    static let pastDays = 366

    func createCalendarFeed(_ input: Operations.CreateCalendarFeed.Input) async throws -> Operations.CreateCalendarFeed.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var teamId: UUID?
        if let text = body.teamId {
            guard let id = UUID(uuidString: text) else { throw Problem.field("body.teamId", "syntax", AbsenceTexts.teamId) }
            let team = try await teams.find(id: id)
            let leads = team?.members.contains { $0.id == caller.accountId && $0.leader } ?? false
            guard team != nil, leads || caller.has(.admin) else { throw Problem(.notFound) }
            teamId = id
        }
        let feed = try await feeds.create(ownerId: caller.accountId, teamId: teamId, now: clock.now())
        return .created(.init(body: .json(AbsenceSchemas.feed(feed, url: links.url(feed.id)))))
    }

    func listMyCalendarFeeds(_ input: Operations.ListMyCalendarFeeds.Input) async throws -> Operations.ListMyCalendarFeeds.Output {
        let caller = try RequestScope.requireCaller()
        let items = try await feeds.feeds(ownerId: caller.accountId)
        return .ok(.init(body: .json(.init(items: items.map { AbsenceSchemas.feed($0, url: links.url($0.id)) }))))
    }

    func revokeCalendarFeed(_ input: Operations.RevokeCalendarFeed.Input) async throws -> Operations.RevokeCalendarFeed.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.feedId)
        guard try await feeds.revoke(id: id, ownerId: caller.accountId, now: clock.now()) else { throw Problem(.notFound) }
        return .noContent(.init())
    }

    func readCalendarFeed(_ input: Operations.ReadCalendarFeed.Input) async throws -> Operations.ReadCalendarFeed.Output {
        let now = clock.now()
        guard let id = links.feedId(input.path.token),
            let content = try await feeds.content(id: id, from: today.adding(days: -Self.pastDays)), content.opens
        else { throw Problem(.notFound) }
        let language = content.ownerLanguage
        let isTeam = content.feed.teamId != nil
        // A team's feed (a leader's phone) shows a private kind as "away"; the person's own and
        // an admin's show it as it is.
        let ownerIsAdmin = content.ownerRoles.contains(.admin)
        let events = content.absences.map { row in
            let absence = AbsenceVisibility.shown(
                row.absence, privateKinds: content.privateKinds, viewerId: content.feed.ownerId, viewerIsAdmin: ownerIsAdmin)
            let kindName = absence.kind == AbsenceVisibility.awayCode ? AbsenceVisibility.away : content.kinds[absence.kind]
            return AbsenceCalendar.Event(absence: absence, kindName: kindName?.text(in: language) ?? absence.kind, person: isTeam ? row.name : nil)
        }
        let name = "Staffbook: \(content.title) – " + (language == .cs ? "nepřítomnosti" : "time off")
        let calendar = AbsenceCalendar.render(name: name, events: events, language: language, now: now)
        return .ok(.init(body: .textCalendar(HTTPBody(calendar))))
    }
}
