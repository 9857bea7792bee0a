import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/audit`: the audit log for admins, as pages and as CSV.
struct AuditAPI: AreaHandler {
    let audit: any AuditRepository
    let clock: any AppClock

    /// The most changes one export holds.
    static let exportLimit = 50_000

    func listAudit(_ input: Operations.ListAudit.Input) async throws -> Operations.ListAudit.Output {
        let query = input.query
        let page = try PageRequest<AuditPosition>(limit: query.limit, cursor: query.cursor, offset: nil)
        let filter = try Self.filter(
            personId: query.personId, actorId: query.actorId, kinds: query.kind?.map(\.rawValue), from: query.from, to: query.to)
        let rows = try await audit.list(filter, page: page)
        let result = Page(rows: rows, limit: page.limit) { AuditPosition(id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(Self.entry), nextCursor: result.nextCursor))
            ))
    }

    func exportAudit(_ input: Operations.ExportAudit.Input) async throws -> Operations.ExportAudit.Output {
        let query = input.query
        let filter = try Self.filter(
            personId: query.personId, actorId: query.actorId, kinds: query.kind?.map(\.rawValue), from: query.from, to: query.to)
        let rows = try await audit.list(filter, page: PageRequest(limit: Self.exportLimit))
        let kept = Array(rows.prefix(Self.exportLimit))
        let document = AuditDocuments.csv(kept)
        return .ok(
            .init(
                headers: .init(
                    contentDisposition: "attachment; filename=\"audit-\(CalendarDay(clock.now()).iso).csv\"",
                    xTruncated: rows.count > Self.exportLimit ? "true" : nil),
                body: .csv(HTTPBody(document.data()))
            ))
    }

    /// The query's filter, validated: ids as UUIDs, kinds known, `from` before `to`.
    static func filter(personId: String?, actorId: String?, kinds: [String]?, from: Date?, to: Date?) throws -> AuditFilter {
        var validation = InputValidation()
        let subject = personId.flatMap(UUID.init(uuidString:))
        if personId != nil, subject == nil { validation.fail("query.personId", "uuid", FieldTexts.personId) }
        let actor = actorId.flatMap(UUID.init(uuidString:))
        if actorId != nil, actor == nil { validation.fail("query.actorId", "uuid", FieldTexts.personId) }
        if (kinds ?? []).count > 20 { validation.fail("query.kind", "range", FieldTexts.atMost(20)) }
        let known = Set((kinds ?? []).compactMap(AuditKind.init(rawValue:)))
        if let from, let to, from >= to { validation.fail("query.to", "range", FieldTexts.afterFrom) }
        try validation.check()
        return AuditFilter(subjectId: subject, actorId: actor, kinds: known, from: from, to: to)
    }

    static func entry(_ entry: AuditEntry) -> Components.Schemas.AuditEntry {
        .init(
            id: String(entry.id), at: entry.at, kind: .init(rawValue: entry.kind.rawValue) ?? .account,
            entityId: entry.entityId.lowercasedString, action: entry.action,
            person: .init(value1: .init(id: entry.subject.id.lowercasedString, name: entry.subject.name)),
            actor: entry.actor.map { .init(value1: .init(id: $0.id.lowercasedString, name: $0.name)) }, requestId: entry.requestId,
            changes: entry.changes.map { .init(field: $0.field, from: $0.from, to: $0.to) })
    }
}
