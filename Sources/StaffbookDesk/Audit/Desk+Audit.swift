import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// The audit log for admins (`GET /v1/audit` and its CSV, as a page), and the few latest
/// changes about a person on their page.
extension Desk {
    func auditLog(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listAudit")
        let typed = [
            "personId": String((query(request, "personId") ?? "").prefix(40)), "kind": String((query(request, "kind") ?? "").prefix(40)),
            "from": String((query(request, "from") ?? "").prefix(10)), "to": String((query(request, "to") ?? "").prefix(10)),
        ]
        var problem: PageProblem?
        var entries: [AuditEntry] = []
        var nextLink: String?
        do {
            let filter = try AuditPageInput.filter(typed)
            let page = try PageRequest<AuditPosition>(limit: 50, cursor: query(request, "cursor"), offset: nil)
            let result = Page(rows: try await services.audit.list(filter, page: page), limit: page.limit) { AuditPosition(id: $0.id) }
            entries = result.items
            nextLink = result.nextCursor.map { Self.auditLink(typed, extra: ["cursor": $0], path: "/desk/audit") }
        } catch {
            problem = try shownRefusal(error, view)
        }
        let model: [String: Any] = [
            "typed": typed, "entries": entries.map { Self.auditRow($0, view) }, "hasEntries": !entries.isEmpty,
            "kinds": AuditKind.allCases.map {
                ["value": $0.rawValue, "label": view.text("audit." + $0.rawValue), "selected": $0.rawValue == typed["kind"]]
            },
            "nextLink": nextLink as Any, "csvLink": Self.auditLink(typed, extra: [:], path: "/v1/audit/export"),
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
        ]
        return DeskPage(
            title: view.text("auditLog"), template: "audit", model: model, status: HTTPResponse.Status(code: problem?.status ?? 200)
        ).response(view, library: library)
    }

    /// The latest changes about a person, for their page (admins only; nil for others).
    func personHistory(_ personId: UUID, view: DeskView, session: BrowserSession) async throws -> [String: Any]? {
        guard AccessPolicy.allows("listAudit", roles: session.account.roles) else { return nil }
        let rows = try await services.audit.list(AuditFilter(subjectId: personId), page: PageRequest(limit: 10))
        return [
            "entries": rows.prefix(10).map { Self.auditRow($0, view) }, "hasEntries": !rows.isEmpty,
            "all": "/desk/audit?personId=\(personId.lowercasedString)",
        ]
    }

    static func auditRow(_ entry: AuditEntry, _ view: DeskView) -> [String: Any] {
        [
            "at": view.format.instant(entry.at) + " " + view.format.clock(entry.at), "kind": view.text("audit." + entry.kind.rawValue),
            "action": entry.action,
            "person": entry.subject.name, "personId": entry.subject.id.lowercasedString, "actor": entry.actor?.name ?? view.text("auditService"),
            "changes": entry.changes.map { change in
                ["field": change.field, "from": change.from ?? "—", "to": change.to ?? "—"]
            },
            "requestId": entry.requestId ?? "",
        ]
    }

    private static func auditLink(_ typed: [String: String], extra: [String: String], path: String) -> String {
        var components = URLComponents()
        components.path = path
        var items: [URLQueryItem] = []
        for name in ["personId", "kind"] where typed[name]?.isEmpty == false { items.append(URLQueryItem(name: name, value: typed[name])) }
        // The API takes instants; the page's days are whole days in Prague.
        if let from = typed["from"].flatMap { CalendarDay($0) }, path.hasPrefix("/v1") {
            items.append(URLQueryItem(name: "from", value: ISO8601DateFormatter().string(from: TimeRules.midnight(from))))
        } else if typed["from"]?.isEmpty == false {
            items.append(URLQueryItem(name: "from", value: typed["from"]))
        }
        if let to = typed["to"].flatMap { CalendarDay($0) }, path.hasPrefix("/v1") {
            items.append(URLQueryItem(name: "to", value: ISO8601DateFormatter().string(from: TimeRules.midnight(to.adding(days: 1)))))
        } else if typed["to"]?.isEmpty == false {
            items.append(URLQueryItem(name: "to", value: typed["to"]))
        }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { items.append(URLQueryItem(name: name, value: value)) }
        components.queryItems = items.isEmpty ? nil : items
        return components.string ?? path
    }
}
