import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A person's own time: the timer, a week's entries with its totals against capacity, adding an
/// entry, and the last two months' timesheets to submit. The operations are the API's
/// `/v1/me/timer…`, `/v1/me/time-entries…` and `/v1/me/timesheets…`, as forms.
extension Desk {
    func time(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listMyTimeEntries")
        let week = weekStart(query(request, "week"))
        return try await timePage(view, week: week, typed: [:], problem: nil, done: query(request, "done"))
    }

    /// The timer's buttons: start (with a project and a description), stop, cancel.
    func pressTimer(_ view: DeskView, request: Request) async throws -> Response {
        let fields = try await form(request, view: view)
        let press = fields["press"].flatMap(TimeService.TimerButton.init(rawValue:)) ?? .stop
        let session = try require(view, press == .start ? "startMyTimer" : press == .stop ? "stopMyTimer" : "cancelMyTimer")
        let week = weekStart(fields["week"])
        let typed = ["timerProjectId": fields["projectId"] ?? "", "timerDescription": String((fields["description"] ?? "").prefix(1000))]
        do {
            let start =
                press == .start
                ? try TimePageInput.timerStart(projectId: typed["timerProjectId"] ?? "", description: typed["timerDescription"] ?? "") : nil
            _ = try await services.timeService.press(press, personId: session.account.id, start: start)
            return DeskPage.redirect(timeLink(week: week, done: "timer." + press.rawValue))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await timePage(view, week: week, typed: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func addEntry(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "createMyTimeEntry")
        let fields = try await form(request, view: view)
        let typed = Self.typedEntry(fields)
        let week = weekStart(fields["week"])
        do {
            let entry = try TimePageInput.entry(
                projectId: typed["projectId"] ?? "", day: typed["day"] ?? "", start: typed["start"] ?? "", end: typed["end"] ?? "",
                description: typed["description"] ?? "")
            let created = try await services.timeService.create(
                personId: session.account.id, fields: entry, actor: TimeActor(callerId: session.account.id, isAdmin: false))
            return DeskPage.redirect(timeLink(week: weekStart(TimeRules.day(of: created.start).iso), done: "entryAdded"))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await timePage(view, week: week, typed: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func submitTimesheet(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "submitMyTimesheet")
        let fields = try await form(request, view: view)
        let week = weekStart(fields["week"])
        do {
            let month = try InvoicePageInput.month(fields["month"], field: "path.month") ?? CalendarDay(services.clock.now()).calendarMonth
            _ = try await services.timesheetService.act(.submit, personId: session.account.id, month: month, reason: nil, caller: session.caller)
            return DeskPage.redirect(timeLink(week: week, done: "timesheetSubmitted"))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await timePage(view, week: week, typed: [:], problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    // MARK: The page

    private func timePage(
        _ view: DeskView, week: CalendarDay, typed: [String: String], problem: PageProblem?, done: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        let me = session.account.id
        let range = DayRange(from: week, to: week.adding(days: 6))
        async let running = services.timeEntries.running(personId: me)
        async let projects = services.timeService.projectsOpen(to: me)
        async let entries = services.timeEntries.entries(personId: me, range: range, projectId: nil, page: PageRequest(limit: 200))
        async let summary = services.timeService.summary(personId: me, range: range, groupBy: .day)
        let today = TimeRules.day(of: services.clock.now())
        let thisMonth = today.calendarMonth
        let format = view.format
        let now = services.clock.now()
        let projectList = try await projects
        let timerProject = typed["timerProjectId"] ?? ""
        let entryProject = typed["projectId"] ?? ""
        let byDay = Dictionary(grouping: try await entries.sorted { $0.start < $1.start }) { TimeRules.day(of: $0.start) }
        let report = try await summary
        let settled = try await services.timeEntries.settledMonths(personId: me, among: Set(range.days.map(\.calendarMonth)))
        let worker = TimeActor(callerId: me, isAdmin: false)
        let dayHours = Dictionary(report.rows.map { ($0.key, $0.hours) }, uniquingKeysWith: { first, _ in first })
        var model: [String: Any] = [
            "csrf": view.formToken, "week": week.iso, "weekLabel": format.days(week, range.to),
            "previousWeek": week.adding(days: -7).iso, "nextWeek": week.adding(days: 7).iso,
            "weekHours": format.hours(report.hours), "capacity": report.capacityHours.map(format.hours) ?? "",
            "timerProjects": projectList.map {
                ["id": $0.id.lowercasedString, "label": $0.clientName + " · " + $0.name, "selected": $0.id.lowercasedString == timerProject]
            },
            "entryProjects": projectList.map {
                ["id": $0.id.lowercasedString, "label": $0.clientName + " · " + $0.name, "selected": $0.id.lowercasedString == entryProject]
            },
            "hasProjects": !projectList.isEmpty,
            "timerDescription": typed["timerDescription"] ?? "",
            "typed": [
                "day": typed["day"] ?? today.iso, "start": typed["start"] ?? "", "end": typed["end"] ?? "", "description": typed["description"] ?? "",
            ],
            "days": range.days.map { day in
                let list = byDay[day] ?? []
                return [
                    "label": format.day(day), "weekday": view.text("weekday.\(day.weekday)"), "hours": format.hours(dayHours[day.iso] ?? 0),
                    "hasEntries": !list.isEmpty, "isToday": day == today,
                    "entries": list.map {
                        var row = entryRow(format, $0, now: now)
                        row["isLocked"] =
                            TimeRules.lockProblem(month: day.calendarMonth, settled: settled.contains(day.calendarMonth), actor: worker) != nil
                        return row
                    },
                ] as [String: Any]
            },
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
            "done": view.doneText(done),
        ]
        if let running = try await running {
            let minutes = max(0, Int(now.timeIntervalSince(running.start)) / 60)
            model["running"] = [
                "since": format.clock(running.start), "elapsed": "\(minutes / 60) h \(minutes % 60) min",
                "project": running.clientName + " · " + running.projectName, "description": running.description,
            ]
        }
        var sheets: [Timesheet] = []
        for month in [thisMonth.adding(months: -1), thisMonth] { sheets.append(try await services.timesheets.timesheet(personId: me, month: month)) }
        model["timesheets"] = sheets.map { sheet in
            [
                "month": sheet.month.iso, "label": format.month(sheet.month), "state": view.text("sheet." + sheet.state.rawValue),
                "reason": sheet.reason ?? "",
                "canSubmit": TimesheetWorkflow.problem(.submit, on: sheet, reason: nil, decidingForSelf: true, isAdmin: false, today: today) == nil,
            ] as [String: Any]
        }
        return DeskPage(title: view.text("myTime"), template: "time", model: model, status: status).response(view, library: library)
    }

    private func entryRow(_ format: DeskFormat, _ entry: TimeEntry, now: Date) -> [String: Any] {
        let seconds = Int((entry.end ?? now).timeIntervalSince(entry.start))
        return [
            "id": entry.id.lowercasedString, "from": format.clock(entry.start), "to": entry.end.map(format.clock) ?? "",
            "project": entry.clientName + " · " + entry.projectName, "description": entry.description,
            "duration": "\(seconds / 3600):" + String(format: "%02d", (seconds % 3600) / 60), "isRunning": entry.end == nil,
        ]
    }

    /// The Monday of the week `text` (a day) falls in; this week when there is none, or when it
    /// is outside the years time is recorded in.
    func weekStart(_ text: String?) -> CalendarDay {
        let today = TimeRules.day(of: services.clock.now())
        var day = text.flatMap { CalendarDay($0) } ?? today
        if day < TimeRules.earliestDay || day.year > today.year + 1 { day = today }
        return day.adding(days: -day.weekday)
    }

    func timeLink(week: CalendarDay, done: String? = nil) -> String {
        var link = URLComponents()
        link.path = "/desk/time"
        link.queryItems = [URLQueryItem(name: "week", value: week.iso)] + (done.map { [URLQueryItem(name: "done", value: $0)] } ?? [])
        return link.string ?? "/desk/time"
    }

    static func typedEntry(_ fields: [String: String]) -> [String: String] {
        var typed: [String: String] = [:]
        for name in ["projectId", "day", "start", "end"] { typed[name] = String((fields[name] ?? "").prefix(100)) }
        typed["description"] = String((fields["description"] ?? "").prefix(1000))
        return typed
    }
}

extension BrowserSession {
    /// The session as the services' caller: the signed-in person with their roles.
    var caller: Caller { Caller(accountId: account.id, sessionId: sessionId, roles: account.roles) }
}
