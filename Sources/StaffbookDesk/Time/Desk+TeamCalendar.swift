import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A team's calendar: a month grid of who is away, one row a member, one column a day. The
/// operation is `GET /v1/teams/{id}/absences`: a leader of the team or an admin; a kind kept
/// private (sick leave) shows as "away" to a leader, as it is to an admin.
extension Desk {
    func teamCalendar(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "listTeamAbsences")
        let caller = session.caller
        let teams = try await services.teams.names(ledBy: caller.has(.admin) ? nil : caller.accountId, limit: Self.teamsListed)
        let teamId = query(request, "team") ?? ""
        let chosen = teamId.isEmpty ? teams.first : UUID(uuidString: teamId).flatMap { id in teams.first { $0.id == id } }
        guard let listed = chosen, let team = try await services.teams.find(id: listed.id) else { throw DeskRefusal.notFound }
        let today = TimeRules.day(of: services.clock.now())
        let month = (try? InvoicePageInput.month(query(request, "month"), field: "query.month")).flatMap { $0 } ?? today.calendarMonth
        let days = month.days
        guard let first = days.first, let last = days.last,
            let rows = try await services.absences.calendar(teamId: team.id, from: first, to: last)
        else { throw DeskRefusal.notFound }
        let kinds = try await services.absences.kinds()
        let privateKinds = Set(kinds.filter(\.isPrivate).map(\.code))
        var names = Dictionary(kinds.map { ($0.code, $0.name.text(in: view.language)) }, uniquingKeysWith: { first, _ in first })
        names[AbsenceVisibility.awayCode] = AbsenceVisibility.away.text(in: view.language)
        // Each kind is marked by a letter of its own, its name's first where that is still free.
        var marks: [String: String] = [:]
        for code in names.keys.sorted() {
            let name = names[code] ?? code
            let taken = Set(marks.values)
            marks[code] = ([name.prefix(1).uppercased()] + name.uppercased().map(String.init) + (1...9).map { "\($0)" }).first { !taken.contains($0) }
        }
        var away: [UUID: [CalendarDay: Absence]] = [:]
        for row in rows where row.absence.state == .approved || row.absence.state == .requested {
            let absence = AbsenceVisibility.shown(
                row.absence, privateKinds: privateKinds, viewerId: caller.accountId, viewerIsAdmin: caller.has(.admin))
            for day in days where day >= absence.firstDay && day <= absence.lastDay && day.weekday < 5 {
                away[absence.personId, default: [:]][day] = absence
            }
        }
        let format = view.format
        let members = team.members.sorted { ($0.lastName, $0.firstName) < ($1.lastName, $1.firstName) }
        let used = Set(away.values.flatMap { $0.values.map(\.kind) })
        let model: [String: Any] = [
            "team": team.id.lowercasedString, "teamName": team.name, "month": month.iso, "monthLabel": format.month(month),
            "previousMonth": month.adding(months: -1).iso, "nextMonth": month.adding(months: 1).iso,
            "teams": teams.map { ["id": $0.id.lowercasedString, "name": $0.name, "selected": $0.id == team.id] }, "manyTeams": teams.count > 1,
            "days": days.map { ["day": $0.day, "weekend": $0.weekday >= 5, "today": $0 == today] as [String: Any] },
            "rows": members.map { member in
                [
                    "name": member.firstName + " " + member.lastName,
                    "cells": days.map { day -> [String: Any] in
                        guard let absence = away[member.id]?[day] else { return ["weekend": day.weekday >= 5] }
                        let name = names[absence.kind] ?? absence.kind
                        let asked = absence.state == .requested
                        return [
                            "mark": (marks[absence.kind] ?? "•") + (asked ? "?" : "") + (absence.part == .full ? "" : "½"),
                            "title": name + (asked ? " (" + view.text("absence.requested") + ")" : ""), "asked": asked,
                        ]
                    },
                ] as [String: Any]
            },
            "legend": used.sorted().map { ["mark": marks[$0] ?? "•", "name": names[$0] ?? $0] },
            "hasLegend": !used.isEmpty,
        ]
        return DeskPage(title: view.text("teamCalendar"), template: "teamCalendar", model: model).response(view, library: library)
    }
}
