import Foundation
import StaffbookCore

/// Collects per-field problems in a request, then throws them together.
///
/// Text is judged as PostgreSQL will store it: lengths in Unicode scalars, and no NUL or other
/// C0 control character (tab and line breaks aside), so input the database would refuse is
/// answered here as the client's mistake.
struct InputValidation {
    private(set) var errors: [Problem.FieldError] = []

    mutating func fail(_ field: String, _ code: String, _ message: LocalizedText) {
        errors.append(.init(field: field, code: code, message: message))
    }

    /// An outside URL we would post to (a chat webhook, an integration's endpoint, a push
    /// service) that the webhook policy refused, as the field's error.
    mutating func fail(_ field: String, url problem: WebhookURL.Problem) {
        switch problem {
        case .insecure: fail(field, "insecure", NotificationTexts.https)
        case .internalAddress: fail(field, "internal_address", NotificationTexts.publicHost)
        case .malformed, .credentials: fail(field, "url", NotificationTexts.webhookURL)
        }
    }

    /// Trimmed text, required non-empty, within `maxLength`.
    mutating func requiredText(_ value: String, field: String, maxLength: Int) -> String {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            fail(field, "required", FieldTexts.notEmpty)
        } else {
            checkText(text, field: field, maxLength: maxLength)
        }
        return text
    }

    /// Trimmed optional text; `""` stays `""` (meaning "clear" in a patch).
    mutating func optionalText(_ value: String?, field: String, maxLength: Int) -> String? {
        guard let value else { return nil }
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        checkText(text, field: field, maxLength: maxLength)
        return text
    }

    /// Text taken exactly as sent (a password, a token): only length and control characters.
    mutating func exactText(_ value: String, field: String, maxLength: Int) {
        if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            fail(field, "required", FieldTexts.notEmpty)
        } else {
            checkText(value, field: field, maxLength: maxLength)
        }
    }

    private mutating func checkText(_ text: String, field: String, maxLength: Int) {
        if TextInput.hasControlCharacters(text) {
            fail(
                field, "control_character", FieldTexts.controlCharacter)
        } else if TextInput.length(text) > maxLength {
            fail(field, "too_long", FieldTexts.atMost(maxLength))
        }
    }

    mutating func email(_ value: String?, field: String) -> String? {
        guard let value = optionalText(value, field: field, maxLength: EmailAddress.maximumLength), !value.isEmpty else { return value }
        if !EmailAddress.isPlausible(value) {
            fail(field, "email", FieldTexts.email)
        }
        return value
    }

    mutating func phone(_ value: String?, field: String) -> String? {
        guard let value = optionalText(value, field: field, maxLength: 30), !value.isEmpty else { return value }
        let allowed = Set("0123456789 ()/-")
        let body = value.hasPrefix("+") ? value.dropFirst() : Substring(value)
        if body.count < 3 || !(body.first?.isASCIIDigit ?? false) || !body.allSatisfy({ allowed.contains($0) }) {
            fail(field, "phone", FieldTexts.phone)
        }
        return value
    }

    mutating func capacity(_ value: Double?, field: String) -> Decimal? {
        guard let value else { return nil }
        // One decimal place at most (e.g. 37.5 h), between 0 and 80.
        let tenths = (value * 10).rounded()
        if !(0...80).contains(value) || abs(tenths - value * 10) > 1e-9 {
            fail(field, "range", FieldTexts.capacity)
            return nil
        }
        return Decimal(Int(tenths)) / 10
    }

    mutating func day(_ value: String, field: String) -> CalendarDay? {
        guard let day = CalendarDay(value) else {
            fail(field, "date", FieldTexts.day)
            return nil
        }
        return day
    }

    mutating func money(_ value: String, field: String) -> Decimal? {
        guard let amount = Money.parsePositive(value) else {
            fail(
                field, "amount", FieldTexts.amount)
            return nil
        }
        return amount
    }

    mutating func month(_ value: String, field: String) -> CalendarMonth? {
        guard let month = CalendarMonth(value) else {
            fail(field, "month", FieldTexts.month)
            return nil
        }
        return month
    }

    /// A required month: parsed, or the validation error thrown with any others collected.
    mutating func requiredMonth(_ value: String, field: String) throws -> CalendarMonth {
        try values { $0.month(value, field: field) }
    }

    func check() throws {
        if !errors.isEmpty { throw Problem(.validationFailed, fieldErrors: errors) }
    }

    /// The values `read` validates, or every problem collected (by then) thrown as one. A
    /// validator answers nil only where it recorded a problem, so after the check each value is
    /// there: `let (contract, rate) = try validation.values { ($0.contract(…), $0.rate(…)) }`.
    mutating func values<each Value>(_ read: (inout InputValidation) -> (repeat (each Value)?)) throws -> (repeat each Value) {
        let values = read(&self)
        try check()
        return (repeat try present(each values))
    }

    /// One of the contract's values, read into the domain's (nil, and a problem, when the two
    /// have drifted apart).
    mutating func option<Value>(_ value: Value?, field: String) -> Value? {
        if value == nil { fail(field, "enum", FieldTexts.option) }
        return value
    }

    private func present<Value>(_ value: Value?) throws -> Value {
        guard let value else { throw Problem(.validationFailed, fieldErrors: errors) }
        return value
    }

    /// Months from `from` to `to` (both as `YYYY-MM`), `to` not before `from` and at most
    /// `maxMonths` after it.
    mutating func monthRange(from: String, to: String, maxMonths: Int = 1200) -> (from: CalendarMonth, to: CalendarMonth)? {
        let first = month(from, field: "query.from"), last = month(to, field: "query.to")
        guard let first, let last else { return nil }
        guard last >= first, last.months(since: first) < maxMonths else {
            fail(
                "query.to", "range", FieldTexts.monthsAfterFrom(maxMonths))
            return nil
        }
        return (first, last)
    }

    /// A path id that is not a UUID names nothing: 404, as for an unknown id.
    static func pathID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw Problem(.notFound) }
        return id
    }
}

extension InputValidation {
    /// A password to set: 12 characters to 72 bytes, no control characters.
    mutating func newPassword(_ value: String, field: String) -> String? {
        switch PasswordRules.problem(value, isCommon: CommonPasswords.contains) {
        case .tooShort:
            fail(field, "too_short", FieldTexts.passwordTooShort)
        case .tooLong:
            fail(
                field, "too_long", FieldTexts.passwordTooLong
            )
        case .controlCharacter:
            fail(
                field, "control_character", FieldTexts.controlCharacter)
        case .common:
            fail(
                field, "common", FieldTexts.commonPassword)
        case nil:
            return value
        }
        return nil
    }
}
