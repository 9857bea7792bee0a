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

    /// An entry's description and tags, trimmed and checked by the rules every way in shares
    /// (`TimeRules.textProblems`); nil values (a patch leaving them) are not checked.
    mutating func entryText(description: String?, tags: [String]?) -> (description: String?, tags: [String]?) {
        let description = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        for (field, problem) in TimeRules.textProblems(description: description ?? "", tags: tags ?? []) {
            let name = "body.\(field)"
            switch problem {
            case .controlCharacter:
                fail(
                    name, "control_character", en: "Control characters (such as NUL) are not allowed.",
                    cs: "Řídicí znaky (například NUL) nejsou povoleny.")
            case .tooLong:
                let limit = field == "description" ? TimeRules.maximumDescriptionLength : TimeRules.maximumTagLength
                fail(name, "too_long", en: "At most \(limit) characters.", cs: "Nejvýše \(limit) znaků.")
            case .comma:
                fail(name, "comma", en: "A tag cannot contain a comma.", cs: "Štítek nesmí obsahovat čárku.")
            case .tooMany:
                fail(name, "too_many", en: "At most \(TimeRules.maximumTags) tags.", cs: "Nejvýše \(TimeRules.maximumTags) štítků.")
            }
        }
        return (description, tags)
    }

    mutating func uuid(_ value: String, field: String) -> UUID? {
        guard let id = UUID(uuidString: value) else {
            fail(field, "uuid", en: "Not an id.", cs: "Toto není identifikátor.")
            return nil
        }
        return id
    }
}
