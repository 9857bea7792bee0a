import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// One of a person's own entries: edited (`PATCH /v1/me/time-entries/{id}` with the page's
/// version as `If-Match`) or deleted. A refused or stale form comes back with what was typed.
extension Desk {
    func editEntry(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "updateMyTimeEntry")
        let entry = try await ownEntry(id, session: session)
        return try await entryForm(view, entry, typed: Self.typed(entry), version: entry.version)
    }

    func saveEntry(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "updateMyTimeEntry")
        let fields = try await form(request, view: view)
        let entry = try await ownEntry(id, session: session)
        let typed = Self.typedEntry(fields)
        guard let version = fields["version"].flatMap({ Int($0) }) else {
            return try await entryForm(view, entry, typed: typed, version: entry.version, stale: true, status: .preconditionFailed)
        }
        do {
            let edited = try TimePageInput.entry(
                projectId: typed["projectId"] ?? "", day: typed["day"] ?? "", start: typed["start"] ?? "", end: typed["end"] ?? "",
                description: typed["description"] ?? "")
            let patch = TimeEntryPatch(projectId: edited.projectId, description: edited.description, start: edited.start, end: edited.end)
            switch try await services.timeService.update(
                entryId: entry.id, personId: session.account.id, condition: .oneOf([version]), patch: patch,
                actor: TimeActor(callerId: session.account.id, isAdmin: false))
            {
            case .notFound: throw DeskRefusal.notFound
            case .stale: return try await entryForm(view, entry, typed: typed, version: entry.version, stale: true, status: .preconditionFailed)
            case .written(let saved): return DeskPage.redirect(timeLink(week: weekStart(TimeRules.day(of: saved.start).iso), done: "entrySaved"))
            }
        } catch {
            let problem = try shownRefusal(error, view)
            return try await entryForm(
                view, entry, typed: typed, version: version, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func deleteEntry(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "deleteMyTimeEntry")
        let fields = try await form(request, view: view)
        let entry = try await ownEntry(id, session: session)
        let version = fields["version"].flatMap { Int($0) } ?? -1
        do {
            switch try await services.timeService.delete(
                entryId: entry.id, personId: session.account.id, condition: .oneOf([version]),
                actor: TimeActor(callerId: session.account.id, isAdmin: false))
            {
            case .notFound: throw DeskRefusal.notFound
            case .stale:
                return try await entryForm(view, entry, typed: Self.typed(entry), version: entry.version, stale: true, status: .preconditionFailed)
            case .written: return DeskPage.redirect(timeLink(week: weekStart(TimeRules.day(of: entry.start).iso), done: "entryDeleted"))
            }
        } catch {
            let problem = try shownRefusal(error, view)
            return try await entryForm(
                view, entry, typed: Self.typed(entry), version: version, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// The person's own entry; anyone else's, or none, is not found.
    private func ownEntry(_ id: String?, session: BrowserSession) async throws -> TimeEntry {
        guard let id = id.flatMap(UUID.init(uuidString:)), let entry = try await services.timeEntries.entry(id: id),
            entry.personId == session.account.id
        else { throw DeskRefusal.notFound }
        return entry
    }

    private static func typed(_ entry: TimeEntry) -> [String: String] {
        let format = DeskFormat(language: .en)
        return [
            "projectId": entry.projectId.lowercasedString, "day": TimeRules.day(of: entry.start).iso, "start": format.clock(entry.start),
            "end": entry.end.map(format.clock) ?? "", "description": entry.description,
        ]
    }

    private func entryForm(
        _ view: DeskView, _ entry: TimeEntry, typed: [String: String], version: Int, stale: Bool = false, problem: PageProblem? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let projects = try await projectChoices(selected: typed["projectId"] ?? "", current: entry)
        let model: [String: Any] = [
            "id": entry.id.lowercasedString, "csrf": view.formToken, "version": version, "typed": typed, "stale": stale,
            "projects": projects, "isRunning": entry.end == nil, "week": weekStart(TimeRules.day(of: entry.start).iso).iso,
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
        ]
        return DeskPage(title: view.text("editEntry"), template: "timeEntry", model: model, status: status).response(view, library: library)
    }

    /// The entry's own project first (it may be closed since), then those open to the person.
    private func projectChoices(selected: String, current: TimeEntry) async throws -> [[String: Any]] {
        let open = try await services.timeService.projectsOpen(to: current.personId).filter { $0.id != current.projectId }
        let choices = [(current.projectId, current.clientName + " · " + current.projectName)] + open.map { ($0.id, $0.clientName + " · " + $0.name) }
        return choices.map { id, label in ["id": id.lowercasedString, "label": label, "selected": id.lowercasedString == selected] }
    }
}
