import Foundation
import StaffbookCore

extension InputValidation {
    /// Days from `from` to `to`, both given or both absent (nil), at most `maxDays` long.
    mutating func dayRange(from: String?, to: String?, maxDays: Int = 366) -> DayRange? {
        let start = from.flatMap { day($0, field: "query.from") }
        let end = to.flatMap { day($0, field: "query.to") }
        if (from == nil) != (to == nil) {
            fail(from == nil ? "query.from" : "query.to", "required", FieldTexts.fromAndTo)
            return nil
        }
        guard let start, let end else { return nil }
        if end < start {
            fail("query.to", "before_start", FieldTexts.notBeforeFrom)
            return nil
        }
        if end.daysSinceEpoch - start.daysSinceEpoch >= maxDays {
            fail("query.to", "too_long", FieldTexts.atMostDays(maxDays))
            return nil
        }
        return DayRange(from: start, to: end)
    }

    /// An entry's description and tags, trimmed and checked by the rules every way in shares
    /// (`TimeRules.textProblems`); nil values (a patch leaving them) are not checked.
    mutating func entryText(description: String?, tags: [String]?, in prefix: String = "body") -> (description: String?, tags: [String]?) {
        let description = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        for (field, problem) in TimeRules.textProblems(description: description ?? "", tags: tags ?? []) {
            let name = "\(prefix).\(field)"
            switch problem {
            case .controlCharacter:
                fail(
                    name, "control_character", FieldTexts.controlCharacter)
            case .tooLong:
                let limit = field == "description" ? TimeRules.maximumDescriptionLength : TimeRules.maximumTagLength
                fail(name, "too_long", FieldTexts.atMost(limit))
            case .comma:
                fail(name, "comma", TimeTexts.tagComma)
            case .tooMany:
                fail(name, "too_many", TimeTexts.tooManyTags)
            }
        }
        return (description, tags)
    }

    mutating func uuid(_ value: String, field: String) -> UUID? {
        guard let id = UUID(uuidString: value) else {
            fail(field, "uuid", FieldTexts.id)
            return nil
        }
        return id
    }
}
