import StaffbookCore

/// Texts for people about fields of any request (and the request as a whole), in English and
/// Czech; each area has its own catalog for what only it says.
enum FieldTexts {
    static let required = LocalizedText(en: "Required.", cs: "Povinné.")
    static let notEmpty = LocalizedText(en: "This field must not be empty.", cs: "Toto pole nesmí být prázdné.")
    static let controlCharacter = LocalizedText(
        en: "Control characters (such as NUL) are not allowed.", cs: "Řídicí znaky (například NUL) nejsou povoleny."
    )
    static let email = LocalizedText(en: "Not an e-mail address.", cs: "Toto není e-mailová adresa.")
    static let phone = LocalizedText(en: "Digits, spaces, ( ) / - and a leading + only.", cs: "Jen číslice, mezery, ( ) / - a úvodní +.")
    static let capacity = LocalizedText(
        en: "Between 0 and 80 hours, at most one decimal.", cs: "Mezi 0 a 80 hodinami, nejvýše jedno desetinné místo."
    )
    static let day = LocalizedText(en: "A date as YYYY-MM-DD.", cs: "Datum ve tvaru RRRR-MM-DD.")
    static let amount = LocalizedText(
        en: "A positive amount with at most 2 decimals, e.g. \"450.50\".", cs: "Kladná částka s nejvýše 2 desetinnými místy, např. \"450.50\"."
    )
    static let month = LocalizedText(en: "A month as YYYY-MM.", cs: "Měsíc ve tvaru RRRR-MM.")
    static let option = LocalizedText(en: "Not one of the values this accepts.", cs: "Není to žádná z přijímaných hodnot.")
    static let id = LocalizedText(en: "Not an id.", cs: "Toto není identifikátor.")
    static let personId = LocalizedText(en: "Not a person id.", cs: "Toto není identifikátor osoby.")
    static let fileId = LocalizedText(en: "Not a file id.", cs: "Toto není identifikátor souboru.")
    static let notBeforeFrom = LocalizedText(en: "Must not be before from.", cs: "Nesmí být před from.")
    static let afterFrom = LocalizedText(en: "Must be after from.", cs: "Musí být po from.")
    static let fromAndTo = LocalizedText(en: "Give both from and to.", cs: "Zadejte from i to.")
    static let cursor = LocalizedText(en: "Not a cursor this list gave out.", cs: "Tento kurzor tento seznam nevydal.")
    static let cursorOrOffset = LocalizedText(en: "Use either cursor or offset.", cs: "Použijte buď cursor, nebo offset.")
    static let commonPassword = LocalizedText(
        en: "This password is among the most common ones (or one character repeated): choose another.",
        cs: "Toto heslo patří k nejběžnějším (nebo jde o jeden opakovaný znak): zvolte jiné."
    )
    static let passwordTooShort = LocalizedText(
        en: "At least \(PasswordRules.minimumLength) characters.", cs: "Alespoň \(PasswordRules.minimumLength) znaků."
    )
    static let passwordTooLong = LocalizedText(
        en: "At most \(PasswordRules.maximumBytes) bytes (UTF-8); letters with accents take two.",
        cs: "Nejvýše \(PasswordRules.maximumBytes) bajtů (UTF-8); písmena s diakritikou zaberou dva."
    )

    static func atMost(_ count: Int) -> LocalizedText {
        LocalizedText(en: "At most \(count) characters.", cs: "Nejvýše \(count) znaků.")
    }

    static func atMostDays(_ days: Int) -> LocalizedText {
        LocalizedText(en: "At most \(days) days.", cs: "Nejvýše \(days) dní.")
    }

    static func between(_ low: Int, _ high: Int) -> LocalizedText {
        LocalizedText(en: "Between \(low) and \(high).", cs: "Mezi \(low) a \(high).")
    }

    static func monthsAfterFrom(_ months: Int) -> LocalizedText {
        LocalizedText(en: "From from to \(months) months after it.", cs: "Od from nejvýše \(months) měsíců po něm.")
    }
}
