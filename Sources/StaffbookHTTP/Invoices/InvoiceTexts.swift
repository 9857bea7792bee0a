import Foundation
import StaffbookCore

/// The invoices area's texts, in English and Czech.
enum InvoiceTexts {
    static let idsOrFilter = LocalizedText(en: "Give either ids or filter.", cs: "Zadejte buď ids, nebo filter.")
    static let atMostThousandIds = LocalizedText(en: "At most 1000 ids.", cs: "Nejvýše 1000 identifikátorů.")
    static let statementHours = LocalizedText(en: "0 to 744 hours, at most 2 decimals.", cs: "0 až 744 hodin, nejvýše 2 desetinná místa.")
    static let returnReason = LocalizedText(en: "Say why the invoice is returned.", cs: "Uveďte, proč se faktura vrací.")
    static let linkLifetime = LocalizedText(en: "From 60 seconds to 7 days (604800).", cs: "Od 60 sekund do 7 dnů (604800).")
    static let multipart = LocalizedText(
        en: "Send multipart/form-data with exactly one part 'file' (the PDF) and one part 'amount'.",
        cs: "Pošlete multipart/form-data s právě jednou částí 'file' (PDF) a jednou částí 'amount'."
    )
    static let bothParts = LocalizedText(en: "Both parts 'file' and 'amount' are required.", cs: "Části 'file' i 'amount' jsou povinné.")

    static func locked(_ period: CalendarMonth, _ state: InvoiceState) -> LocalizedText {
        LocalizedText(
            en: "The invoice for \(period.iso) is \(state.rawValue) and can no longer be replaced.",
            cs: "Faktura za \(period.iso) je ve stavu \(state.rawValue) a už ji nelze nahradit."
        )
    }

    static func invalidTransition(_ action: InvoiceAction, _ state: InvoiceState, allowed: [InvoiceAction]) -> LocalizedText {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return LocalizedText(
            en: "The invoice is \(state.rawValue); '\(action.rawValue)' is not allowed. Allowed now: \(allowed.isEmpty ? "none" : list).",
            cs: "Faktura je ve stavu \(state.rawValue); akce '\(action.rawValue)' není povolena. Povolené akce: \(allowed.isEmpty ? "žádné" : list)."
        )
    }

    static func noStatementContract(_ personId: UUID, _ month: CalendarMonth) -> LocalizedText {
        LocalizedText(
            en: "Person \(personId.lowercasedString) had no HPP, DPP or DPC contract in \(month.iso).",
            cs: "Osoba \(personId.lowercasedString) neměla v \(month.iso) smlouvu HPP, DPP ani DPC."
        )
    }
}
