import Foundation
import StaffbookCore

extension InputValidation {
    /// Days from `from` to `to`, both given or both absent (nil), at most `maxDays` long.
    mutating func dayRange(from: String?, to: String?, maxDays: Int = 366) -> DayRange? {
        let start = from.flatMap { day($0, field: "query.from") }
        let end = to.flatMap { day($0, field: "query.to") }
        if (from == nil) != (to == nil) {
            fail(from == nil ? "query.from" : "query.to", "required", en: "Give both from and to.", cs: "Zadejte from i to.")
            return nil
        }
        guard let start, let end else { return nil }
        if end < start {
            fail("query.to", "before_start", en: "Must not be before from.", cs: "Nesmí být před from.")
            return nil
        }
        if end.daysSinceEpoch - start.daysSinceEpoch >= maxDays {
            fail("query.to", "too_long", en: "At most \(maxDays) days.", cs: "Nejvýše \(maxDays) dní.")
            return nil
        }
        return DayRange(from: start, to: end)
    }

    /// Tags as given: each a short text without a comma (Toggl and Clockify separate them by one).
    mutating func tags(_ values: [String]?, field: String) -> [String]? {
        guard let values else { return nil }
        for (index, tag) in values.enumerated() {
            _ = optionalText(tag, field: "\(field)[\(index)]", maxLength: 50)
            if tag.contains(",") {
                fail("\(field)[\(index)]", "comma", en: "A tag cannot contain a comma.", cs: "Štítek nesmí obsahovat čárku.")
            }
        }
        return values
    }

    mutating func uuid(_ value: String, field: String) -> UUID? {
        guard let id = UUID(uuidString: value) else {
            fail(field, "uuid", en: "Not an id.", cs: "Toto není identifikátor.")
            return nil
        }
        return id
    }
}
