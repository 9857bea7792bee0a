import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A team leader's month: one row a member (hours against capacity, billable share, days without
/// entries, a running timer, days away, the timesheet with its decision) and the time off
/// waiting for a decision. The operations are `GET /v1/teams/{id}/time-summary`,
/// `POST /v1/users/{id}/timesheets/{month}/approve|return` and `POST /v1/absences/{id}/approve|reject`.
extension Desk {
    /// The most teams a page offers to choose from: a leader leads a few, an admin picks by name.
    static let teamsListed = 300

    func team(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "getTeamTimeSummary")
        return try await teamPage(
            view, teamId: query(request, "team"), month: query(request, "month"), typed: [:], problem: nil, done: query(request, "done"))
    }

    /// Approves or returns a member's timesheet.
    func decideTimesheet(_ view: DeskView, personId: String?, request: Request) async throws -> Response {
        let fields = try await form(request, view: view)
        let action: TimesheetAction = fields["action"] == "return" ? .return : .approve
        let session = try require(view, action == .approve ? "approveTimesheet" : "returnTimesheet")
        let reason = String((fields["reason"] ?? "").prefix(1000))
        guard let person = personId.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        do {
            let month = try InvoicePageInput.month(fields["month"], field: "path.month") ?? CalendarDay(services.clock.now()).calendarMonth
            _ = try await services.timesheetService.act(
                action, personId: person, month: month, reason: try AbsencePageInput.reason(reason), caller: session.caller)
            return DeskPage.redirect(teamLink(team: fields["team"], month: month.iso, done: "timesheet." + action.rawValue))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await teamPage(
                view, teamId: fields["team"], month: fields["month"], typed: ["sheet-" + person.lowercasedString: reason], problem: problem,
                status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// Approves or rejects a member's request for time off.
    func decideTimeOff(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let fields = try await form(request, view: view)
        let action: AbsenceAction = fields["action"] == "reject" ? .reject : .approve
        let session = try require(view, action == .approve ? "approveAbsence" : "rejectAbsence")
        let reason = String((fields["reason"] ?? "").prefix(1000))
        guard let absenceId = id.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        do {
            guard
                try await services.absenceService.act(
                    action, absenceId: absenceId, reason: try AbsencePageInput.reason(reason), caller: session.caller)
                    != nil
            else { throw DeskRefusal.notFound }
            // The company's page sends its own address to come back to; the team's month is the default.
            if let back = Self.localPath(fields["back"]) {
                return DeskPage.redirect(back + (back.contains("?") ? "&" : "?") + "done=absence." + action.rawValue)
            }
            return DeskPage.redirect(teamLink(team: fields["team"], month: fields["month"], done: "absence." + action.rawValue))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await teamPage(
                view, teamId: fields["team"], month: fields["month"], typed: ["absence-" + absenceId.lowercasedString: reason], problem: problem,
                status: HTTPResponse.Status(code: problem.status))
        }
    }

    private func teamPage(
        _ view: DeskView, teamId: String?, month text: String?, typed: [String: String], problem: PageProblem?, done: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        let caller = session.caller
        let teams = try await services.teams.names(ledBy: caller.has(.admin) ? nil : caller.accountId, limit: Self.teamsListed)
        // A team asked for by name must be one of the caller's; none asked for is their first.
        let chosen = (teamId ?? "").isEmpty ? teams.first : teamId.flatMap(UUID.init(uuidString:)).flatMap { id in teams.first { $0.id == id } }
        guard let team = chosen else { throw DeskRefusal.notFound }
        let today = TimeRules.day(of: services.clock.now())
        let month = (try? InvoicePageInput.month(text, field: "query.month")).flatMap { $0 } ?? today.calendarMonth
        guard let (_, members) = try await services.timesheetService.teamSummary(teamId: team.id, month: month, caller: caller) else {
            throw DeskRefusal.notFound
        }
        let format = view.format
        let kinds = try await services.absences.kinds()
        let privateKinds = Set(kinds.filter(\.isPrivate).map(\.code))
        var names = Dictionary(kinds.map { ($0.code, $0.name.text(in: view.language)) }, uniquingKeysWith: { first, _ in first })
        names[AbsenceVisibility.awayCode] = AbsenceVisibility.away.text(in: view.language)
        let waiting = (try await services.absences.requests(teamId: team.id, from: today.adding(days: -62), to: today.adding(days: 365)) ?? [])
            .filter { $0.absence.personId != caller.accountId }
            .map {
                (
                    AbsenceVisibility.shown($0.absence, privateKinds: privateKinds, viewerId: caller.accountId, viewerIsAdmin: caller.has(.admin)),
                    $0.name
                )
            }
        let model: [String: Any] = [
            "csrf": view.formToken, "team": team.id.lowercasedString, "teamName": team.name, "month": month.iso, "monthLabel": format.month(month),
            "previousMonth": month.adding(months: -1).iso, "nextMonth": month.adding(months: 1).iso,
            "teams": teams.map { ["id": $0.id.lowercasedString, "name": $0.name, "selected": $0.id == team.id] }, "manyTeams": teams.count > 1,
            "memberRows": memberRows(view, members, team: team.id, month: month, typed: typed),
            "hasWaiting": !waiting.isEmpty,
            "waitingRows": waitingRows(view, waiting, names: names, team: team.id, month: month, typed: typed),
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
            "done": view.doneText(done),
        ]
        return DeskPage(title: view.text("teamMonth"), template: "team", model: model, status: status).response(view, library: library)
    }

    /// A row a member, rendered by `RowTemplate` (a team of fifty is the page's bulk).
    private func memberRows(_ view: DeskView, _ members: [TimesheetService.MemberSummary], team: UUID, month: CalendarMonth, typed: [String: String])
        -> String
    {
        let templates = library.teamRows(view.language)
        let format = view.format
        let (teamId, monthISO) = (team.lowercasedString, month.iso)
        var html = ""
        html.reserveCapacity(members.count * 900)
        for summary in members {
            let member = summary.member
            let billable = member.seconds > 0 ? member.billableSeconds * 100 / member.seconds : 0
            let id = member.personId.lowercasedString
            var decide = ""
            if member.timesheet == .submitted {
                let key = "sheet-" + id
                templates.decide.render(
                    [
                        "id": id, "csrf": view.formToken, "team": teamId, "month": monthISO, "name": member.name, "reasonId": key,
                        "reason": typed[key] ?? "",
                    ], into: &decide)
            }
            let hours: String = format.hours(TimeRules.hours(member.seconds)) + " / " + format.hours(summary.capacityHours) + " h"
            let running: String = member.runningSince.map { view.text("runningSince") + " " + format.clock($0) } ?? ""
            let values: [String: String] = [
                "id": id, "name": member.name, "hours": hours, "billable": "\(billable) %", "daysWithout": String(summary.daysWithoutEntries),
                "daysAway": String(member.daysAway.count), "running": running, "sheet": view.text("sheet." + member.timesheet.rawValue),
                "decide": decide,
            ]
            templates.member.render(values, into: &html)
        }
        return html
    }

    private func waitingRows(
        _ view: DeskView, _ waiting: [(Absence, String)], names: [String: String], team: UUID, month: CalendarMonth, typed: [String: String]
    ) -> String {
        let templates = library.teamRows(view.language)
        let format = view.format
        var html = ""
        for (absence, name) in waiting {
            let key = "absence-" + absence.id.lowercasedString
            templates.waiting.render(
                [
                    "id": absence.id.lowercasedString, "name": name, "kind": names[absence.kind] ?? absence.kind,
                    "note": absence.note.map { " (" + $0 + ")" } ?? "", "days": format.days(absence.firstDay, absence.lastDay),
                    "workingDays": format.hours(absence.workingDays), "csrf": view.formToken, "team": team.lowercasedString, "month": month.iso,
                    "reasonId": key, "reason": typed[key] ?? "",
                ], into: &html)
        }
        return html
    }

    private func teamLink(team: String?, month: String?, done: String) -> String {
        var link = URLComponents()
        link.path = "/desk/team"
        link.queryItems = [
            URLQueryItem(name: "team", value: team.flatMap(UUID.init(uuidString:))?.lowercasedString ?? ""),
            URLQueryItem(name: "month", value: month.flatMap { CalendarMonth($0) }?.iso ?? ""), URLQueryItem(name: "done", value: done),
        ]
        return link.string ?? "/desk/team"
    }
}
