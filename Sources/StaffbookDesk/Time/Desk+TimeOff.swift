import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A person's own time off: the year's vacation, a request, their requests and cancelling one,
/// and the links that put it in a phone's calendar. The operations are `GET /v1/me/vacation`,
/// `POST /v1/me/absences`, `GET /v1/me/absences`, `POST /v1/absences/{id}/cancel` and `GET`/`POST`
/// /`DELETE /v1/me/calendar-feeds`, as forms.
extension Desk {
    func timeOff(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listMyAbsences")
        return try await timeOffPage(view, request: request, typed: [:], problem: nil, done: query(request, "done"))
    }

    func requestTimeOff(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "requestAbsence")
        let fields = try await form(request, view: view)
        var typed: [String: String] = [:]
        for name in ["kind", "firstDay", "lastDay", "part", "hours"] { typed[name] = String((fields[name] ?? "").prefix(40)) }
        typed["note"] = String((fields["note"] ?? "").prefix(1000))
        do {
            let asked = try AbsencePageInput.request(
                kind: typed["kind"] ?? "", firstDay: typed["firstDay"] ?? "",
                lastDay: (typed["lastDay"] ?? "").isEmpty ? typed["firstDay"] ?? "" : typed["lastDay"] ?? "",
                part: typed["part"].flatMap(AbsencePart.init(rawValue:)) ?? .full, hours: typed["hours"], note: typed["note"])
            let absence = try await services.absenceService.request(asked, personId: session.account.id)
            return DeskPage.redirect("/desk/time-off?done=" + (absence.state == .approved ? "absenceRecorded" : "absenceRequested"))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await timeOffPage(view, request: request, typed: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func cancelTimeOff(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "cancelAbsence")
        _ = try await form(request, view: view)
        guard let absenceId = id.flatMap(UUID.init(uuidString:)), let absence = try await services.absences.absence(id: absenceId),
            absence.personId == session.account.id
        else { throw DeskRefusal.notFound }
        do {
            guard try await services.absenceService.act(.cancel, absenceId: absence.id, reason: nil, caller: session.caller) != nil else {
                throw DeskRefusal.notFound
            }
            return DeskPage.redirect("/desk/time-off?done=absenceCancelled")
        } catch {
            let problem = try shownRefusal(error, view)
            return try await timeOffPage(view, request: request, typed: [:], problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func makeFeed(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "createCalendarFeed")
        _ = try await form(request, view: view)
        _ = try await services.calendarFeeds.create(ownerId: session.account.id, teamId: nil, now: services.clock.now())
        return DeskPage.redirect("/desk/time-off?done=feedMade#feeds-heading")
    }

    func revokeFeed(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "revokeCalendarFeed")
        _ = try await form(request, view: view)
        guard let feedId = id.flatMap(UUID.init(uuidString:)),
            try await services.calendarFeeds.revoke(id: feedId, ownerId: session.account.id, now: services.clock.now())
        else { throw DeskRefusal.notFound }
        return DeskPage.redirect("/desk/time-off?done=feedRevoked")
    }

    /// A feed's link as a phone needs it: whole, with the desk's own host when the server has
    /// no public address configured.
    private func feedURL(_ feed: CalendarFeed, request: Request) -> String {
        let url = services.calendarFeedLinks.url(feed.id)
        guard url.hasPrefix("/"), let host = request.head.authority else { return url }
        return (secureCookies ? "https://" : "http://") + host + url
    }

    private func timeOffPage(
        _ view: DeskView, request: Request, typed: [String: String], problem: PageProblem?, done: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        let today = TimeRules.day(of: services.clock.now())
        let format = view.format
        let kinds = try await services.absences.kinds()
        let balance = try await services.absenceService.balance(personId: session.account.id, year: today.year, caller: session.caller)
        let mine = try await services.absences.absences(
            personId: session.account.id, from: CalendarDay(year: today.year - 1, month: 1, day: 1), to: nil)
        let feeds = try await services.calendarFeeds.feeds(ownerId: session.account.id).filter { $0.teamId == nil }
        let names = Dictionary(kinds.map { ($0.code, $0.name.text(in: view.language)) }, uniquingKeysWith: { first, _ in first })
        let chosenKind = typed["kind"] ?? "vacation"
        let chosenPart = typed["part"] ?? AbsencePart.full.rawValue
        var model: [String: Any] = [
            "csrf": view.formToken, "year": today.year,
            "kinds": kinds.map { ["code": $0.code, "name": names[$0.code] ?? $0.code, "selected": $0.code == chosenKind] },
            "parts": AbsencePart.allCases.map {
                ["value": $0.rawValue, "label": view.text("part." + $0.rawValue), "selected": $0.rawValue == chosenPart]
            },
            "typed": [
                "firstDay": typed["firstDay"] ?? today.iso, "lastDay": typed["lastDay"] ?? "", "hours": typed["hours"] ?? "",
                "note": typed["note"] ?? "",
            ],
            "hasRequests": !mine.isEmpty,
            "requests": mine.sorted { $0.firstDay > $1.firstDay }.map { absence in
                [
                    "id": absence.id.lowercasedString, "kind": names[absence.kind] ?? absence.kind,
                    "days": format.days(absence.firstDay, absence.lastDay),
                    "part": absence.part == .full ? "" : view.text("part." + absence.part.rawValue),
                    "workingDays": format.hours(absence.workingDays), "state": view.text("absence." + absence.state.rawValue),
                    "reason": absence.reason ?? "",
                    "canCancel": AbsenceWorkflow.problem(.cancel, on: absence, reason: nil, callerIsPerson: true, isAdmin: false, today: today)
                        == nil,
                ] as [String: Any]
            },
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
            "done": view.doneText(done),
            "feeds": feeds.enumerated().map { index, feed in
                [
                    "id": feed.id.lowercasedString, "field": "feed-\(index + 1)", "url": feedURL(feed, request: request),
                    "createdAt": format.instant(feed.createdAt),
                ] as [String: Any]
            },
        ]
        if let balance {
            model["balance"] =
                [
                    "unlimited": balance.unlimited, "entitlement": format.hours(balance.entitlement), "carried": format.hours(balance.carried),
                    "approved": format.hours(balance.approved), "requested": format.hours(balance.requested),
                    "left": balance.unlimited ? "" : format.hours(balance.balance),
                ] as [String: Any]
        }
        return DeskPage(title: view.text("myTimeOff"), template: "timeOff", model: model, status: status).response(view, library: library)
    }
}
