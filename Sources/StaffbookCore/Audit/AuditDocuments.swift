import Foundation

/// The audit log as CSV: a line per changed field, so a spreadsheet filters by field.
package enum AuditDocuments {
    package static func csv(_ entries: [AuditEntry]) -> CSVDocument {
        var rows: [[String]] = []
        let instants = ISO8601DateFormatter()
        for entry in entries {
            let base = [
                String(entry.id), instants.string(from: entry.at), entry.kind.rawValue, entry.entityId.lowercasedString, entry.action,
                entry.subject.id.lowercasedString, entry.subject.name, entry.actor?.id.lowercasedString ?? "", entry.actor?.name ?? "",
                entry.requestId ?? "",
            ]
            if entry.changes.isEmpty { rows.append(base + ["", "", ""]) }
            for change in entry.changes { rows.append(base + [change.field, change.from ?? "", change.to ?? ""]) }
        }
        return CSVDocument(
            header: [
                "id", "at", "kind", "entity_id", "action", "person_id", "person", "actor_id", "actor", "request_id", "field", "from", "to",
            ],
            rows: rows)
    }
}
