import Foundation
import StaffbookCore

/// Collects per-field problems in a request, then throws them together.
///
/// Text is judged as PostgreSQL will store it: lengths in Unicode scalars, and no NUL or other
/// C0 control character (tab and line breaks aside), so input the database would refuse is
/// answered here as the client's mistake.
struct InputValidation {
    private(set) var errors: [Problem.FieldError] = []

    mutating func fail(_ field: String, _ code: String, en: String, cs: String) {
        errors.append(.init(field: field, code: code, message: LocalizedText(en: en, cs: cs)))
    }

    /// Trimmed text, required non-empty, within `maxLength`.
    mutating func requiredText(_ value: String, field: String, maxLength: Int) -> String {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            fail(field, "required", en: "This field must not be empty.", cs: "Toto pole nesmí být prázdné.")
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
            fail(field, "required", en: "This field must not be empty.", cs: "Toto pole nesmí být prázdné.")
        } else {
            checkText(value, field: field, maxLength: maxLength)
        }
    }

    private mutating func checkText(_ text: String, field: String, maxLength: Int) {
        if TextInput.hasControlCharacters(text) {
            fail(
                field, "control_character", en: "Control characters (such as NUL) are not allowed.",
                cs: "Řídicí znaky (například NUL) nejsou povoleny.")
        } else if TextInput.length(text) > maxLength {
            fail(field, "too_long", en: "At most \(maxLength) characters.", cs: "Nejvýše \(maxLength) znaků.")
        }
    }

    mutating func email(_ value: String?, field: String) -> String? {
        guard let value = optionalText(value, field: field, maxLength: EmailAddress.maximumLength), !value.isEmpty else { return value }
        if !EmailAddress.isPlausible(value) {
            fail(field, "email", en: "Not an e-mail address.", cs: "Toto není e-mailová adresa.")
        }
        return value
    }

    mutating func phone(_ value: String?, field: String) -> String? {
        guard let value = optionalText(value, field: field, maxLength: 30), !value.isEmpty else { return value }
        let allowed = Set("0123456789 ()/-")
        let body = value.hasPrefix("+") ? value.dropFirst() : Substring(value)
        if body.count < 3 || !(body.first?.isASCIIDigit ?? false) || !body.allSatisfy({ allowed.contains($0) }) {
            fail(field, "phone", en: "Digits, spaces, ( ) / - and a leading + only.", cs: "Jen číslice, mezery, ( ) / - a úvodní +.")
        }
        return value
    }

    mutating func capacity(_ value: Double?, field: String) -> Decimal? {
        guard let value else { return nil }
        // One decimal place at most (e.g. 37.5 h), between 0 and 80.
        let tenths = (value * 10).rounded()
        if !(0...80).contains(value) || abs(tenths - value * 10) > 1e-9 {
            fail(field, "range", en: "Between 0 and 80 hours, at most one decimal.", cs: "Mezi 0 a 80 hodinami, nejvýše jedno desetinné místo.")
            return nil
        }
        return Decimal(Int(tenths)) / 10
    }

    mutating func day(_ value: String, field: String) -> CalendarDay? {
        guard let day = CalendarDay(value) else {
            fail(field, "date", en: "A date as YYYY-MM-DD.", cs: "Datum ve tvaru RRRR-MM-DD.")
            return nil
        }
        return day
    }

    mutating func money(_ value: String, field: String) -> Decimal? {
        guard let amount = Money.parsePositive(value) else {
            fail(
                field, "amount", en: "A positive amount with at most 2 decimals, e.g. \"450.50\".",
                cs: "Kladná částka s nejvýše 2 desetinnými místy, např. \"450.50\".")
            return nil
        }
        return amount
    }

    mutating func month(_ value: String, field: String) -> CalendarMonth? {
        guard let month = CalendarMonth(value) else {
            fail(field, "month", en: "A month as YYYY-MM.", cs: "Měsíc ve tvaru RRRR-MM.")
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
        if value == nil { fail(field, "enum", en: "Not one of the values this accepts.", cs: "Není to žádná z přijímaných hodnot.") }
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
                "query.to", "range", en: "From from to \(maxMonths) months after it.", cs: "Od from nejvýše \(maxMonths) měsíců po něm.")
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
            fail(field, "too_short", en: "At least \(PasswordRules.minimumLength) characters.", cs: "Alespoň \(PasswordRules.minimumLength) znaků.")
        case .tooLong:
            fail(
                field, "too_long", en: "At most \(PasswordRules.maximumBytes) bytes (UTF-8); letters with accents take two.",
                cs: "Nejvýše \(PasswordRules.maximumBytes) bajtů (UTF-8); písmena s diakritikou zaberou dva."
            )
        case .controlCharacter:
            fail(
                field, "control_character", en: "Control characters (such as NUL) are not allowed.",
                cs: "Řídicí znaky (například NUL) nejsou povoleny.")
        case .common:
            fail(
                field, "common", en: "This password is among the most common ones (or one character repeated): choose another.",
                cs: "Toto heslo patří k nejběžnějším (nebo jde o jeden opakovaný znak): zvolte jiné.")
        case nil:
            return value
        }
        return nil
    }
}
