import Foundation
import StaffbookCore

/// The people area's texts (people, contracts, teams, rates), in English and Czech.
enum PeopleTexts {
    static let noSuchTeam = LocalizedText(en: "No team has this id.", cs: "Žádný tým nemá tento identifikátor.")
    static let notATeamId = LocalizedText(en: "Not a team id.", cs: "Toto není identifikátor týmu.")
    static let notBeforeValidFrom = LocalizedText(en: "Must not be before validFrom.", cs: "Nesmí být před validFrom.")
    static let correctionNeedsAValue = LocalizedText(
        en: "Give the corrected amount, date or both.", cs: "Zadejte opravenou částku, datum nebo obojí."
    )
    static let correctionUnchanged = LocalizedText(
        en: "Give an amount or a date that differs from the rate's.", cs: "Zadejte částku nebo datum, které se od sazby liší."
    )

    static func contractOverlap(_ contract: Contract) -> LocalizedText {
        let (type, from, until, id) = (contract.type.rawValue, contract.validFrom.iso, contract.validTo?.iso ?? "…", contract.id.lowercasedString)
        return LocalizedText(
            en: "It overlaps the \(type) contract \(from) – \(until) (id \(id)).",
            cs: "Překrývá se se smlouvou \(type) \(from) – \(until) (id \(id))."
        )
    }

    static func contractEndsBeforeStart(_ validFrom: CalendarDay) -> LocalizedText {
        LocalizedText(
            en: "A contract cannot end before it starts (\(validFrom.iso)).", cs: "Smlouva nemůže skončit dřív, než začne (\(validFrom.iso))."
        )
    }

    static func rateDateTaken(_ day: CalendarDay) -> LocalizedText {
        LocalizedText(en: "This person already has a rate from \(day.iso).", cs: "Tato osoba již má sazbu od \(day.iso).")
    }

    static func rateSuperseded(by newer: UUID) -> LocalizedText {
        LocalizedText(
            en: "This rate was replaced by the correction \(newer.lowercasedString); correct that one instead.",
            cs: "Tuto sazbu nahradila oprava \(newer.lowercasedString); opravte raději tu."
        )
    }
}
