import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// An admin's view of the company's time: the month's timesheets by state, every team's month
/// and calendar, and the time off waiting for a decision anywhere, decided from here. The
/// operations are `GET /v1/absences`, `GET /v1/teams` and `POST /v1/absences/{id}/approve|reject`.
extension Desk {
    /// How far ahead waiting requests are listed: half a year covers what is asked for in time.
    static let waitingDaysAhead = 183

    func company(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "listAbsences")
        let caller = session.caller
        let today = TimeRules.day(of: services.clock.now())
        let month = (try? InvoicePageInput.month(query(request, "month"), field: "query.month")).flatMap { $0 } ?? today.calendarMonth
        let counts = try await services.timesheets.counts(month: month)
        let teams = try await services.teams.names(ledBy: nil, limit: Self.teamsListed)
        let kinds = try await services.absences.kinds()
        let names = Dictionary(kinds.map { ($0.code, $0.name.text(in: view.language)) }, uniquingKeysWith: { first, _ in first })
        let waiting =
            (try await services.absences.requests(teamId: nil, from: today.adding(days: -31), to: today.adding(days: Self.waitingDaysAhead)) ?? [])
            .filter { $0.absence.personId != caller.accountId }
        let format = view.format
        let back = "/desk/company?month=" + month.iso
        let model: [String: Any] = [
            "csrf": view.formToken, "month": month.iso, "monthLabel": format.month(month), "back": back,
            "previousMonth": month.adding(months: -1).iso, "nextMonth": month.adding(months: 1).iso, "done": view.doneText(query(request, "done")),
            "sheets": TimesheetState.allCases.map { ["state": view.text("sheet." + $0.rawValue), "count": counts[$0] ?? 0] as [String: Any] },
            "teams": teams.map { ["id": $0.id.lowercasedString, "name": $0.name] },
            "hasWaiting": !waiting.isEmpty,
            "waiting": waiting.map { row in
                let absence = row.absence
                return [
                    "id": absence.id.lowercasedString, "name": row.name, "kind": names[absence.kind] ?? absence.kind,
                    "days": format.days(absence.firstDay, absence.lastDay), "workingDays": format.hours(absence.workingDays),
                    "note": absence.note ?? "", "reasonId": "absence-" + absence.id.lowercasedString,
                ] as [String: Any]
            },
        ]
        return DeskPage(title: view.text("company"), template: "company", model: model).response(view, library: library)
    }
}
