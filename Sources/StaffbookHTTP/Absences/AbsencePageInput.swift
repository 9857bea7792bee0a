import Foundation
import StaffbookCore

/// The API's checks of what a person sends about time off, for pages that send the same.
package enum AbsencePageInput {
    /// A request as `POST /v1/me/absences` reads its body.
    package static func request(kind: String, firstDay: String, lastDay: String, part: AbsencePart, hours: String?, note: String?) throws
        -> AbsenceRequest
    {
        var validation = InputValidation()
        let kind = validation.requiredText(kind, field: "body.kind", maxLength: 40)
        let first = validation.day(firstDay, field: "body.firstDay")
        let last = validation.day(lastDay, field: "body.lastDay")
        var amount: Decimal?
        if let hours, !hours.isEmpty {
            // Digits and one point only: a decimal read from anything else is not what was meant.
            amount =
                hours.count <= 10 && hours.allSatisfy({ $0.isASCIIDigit || $0 == "." })
                ? Decimal(string: hours, locale: Locale(identifier: "en_US_POSIX")) : nil
            if amount == nil { validation.fail("body.hours", "syntax", AbsenceTexts.hours) }
        }
        let note = validation.optionalText(note, field: "body.note", maxLength: 1000)
        try validation.check()
        guard let first, let last else { throw Problem(.validationFailed) }
        return AbsenceRequest(kind: kind, firstDay: first, lastDay: last, part: part, hours: amount, note: note.nilIfEmpty)
    }

    /// A decision's reason as the decisions' bodies read it; nil when there is none.
    package static func reason(_ text: String?) throws -> String? {
        var validation = InputValidation()
        let reason = validation.optionalText(text, field: "body.reason", maxLength: 1000)
        try validation.check()
        return reason.nilIfEmpty
    }
}
