import Foundation
import StaffbookCore

/// The desk's audit filter: the API's checks, with whole days (in Prague) for its times.
package enum AuditPageInput {
    package static func filter(_ typed: [String: String]) throws -> AuditFilter {
        var validation = InputValidation()
        func day(_ name: String) -> CalendarDay? {
            guard let text = typed[name], !text.isEmpty else { return nil }
            guard let day = CalendarDay(text) else {
                validation.fail("query.\(name)", "date", FieldTexts.day)
                return nil
            }
            return day
        }
        let from = day("from")
        let to = day("to")
        let kind = typed["kind"].flatMap { $0.isEmpty ? nil : $0 }
        if let kind, AuditKind(rawValue: kind) == nil { validation.fail("query.kind", "enum", FieldTexts.option) }
        try validation.check()
        return try AuditAPI.filter(
            personId: typed["personId"].flatMap { $0.isEmpty ? nil : $0 }, actorId: nil, kinds: kind.map { [$0] },
            from: from.flatMap(TimeRules.midnight), to: to.flatMap { TimeRules.midnight($0.adding(days: 1)) })
    }
}
