import Foundation
import StaffbookCore

/// The absences area's texts for people, in English and Czech.
enum AbsenceTexts {
    static let unknownKind = LocalizedText(en: "No kind of time off has this code.", cs: "Žádný druh volna nemá tento kód.")
    static let kindNotForContract = LocalizedText(
        en: "This kind of time off is not for your contract in these days.", cs: "Tento druh volna k vaší smlouvě v těchto dnech nepatří."
    )
    static let kindCode = LocalizedText(
        en: "A kind's code is 1 to 40 lower-case letters and underscores.", cs: "Kód druhu volna je 1 až 40 malých písmen a podtržítek."
    )
    static let paidShare = LocalizedText(
        en: "A share from 0 to 1 with at most three decimals, e.g. 0.6.", cs: "Podíl od 0 do 1 s nejvýše třemi desetinnými místy, např. 0.6."
    )
    static let paidDays = LocalizedText(
        en: "From 1 to 366 calendar days, or null for no limit.", cs: "Od 1 do 366 kalendářních dní, nebo null bez omezení."
    )
    static let endsBeforeStart = LocalizedText(en: "Must not be before firstDay.", cs: "Nesmí být před firstDay.")
    static let partSpansDays = LocalizedText(
        en: "Half a day or hours are for one day: firstDay and lastDay the same.",
        cs: "Půlden nebo hodiny jsou na jeden den: firstDay a lastDay stejné."
    )
    static let notAWorkingDay = LocalizedText(
        en: "Not a working day (a weekend or a public holiday).", cs: "Není pracovní den (víkend nebo státní svátek)."
    )
    static let hours = LocalizedText(
        en: "Hours from 0.5 to 8, e.g. 2.5, for a kind taken by the hour.", cs: "Hodiny od 0,5 do 8, např. 2.5, u druhu volna po hodinách."
    )
    static let noWorkingDay = LocalizedText(en: "The days hold no working day.", cs: "V těchto dnech není žádný pracovní den.")
    static let tooLong = LocalizedText(
        en: "At most \(AbsenceWorkflow.maximumDays) days at once.", cs: "Nejvýše \(AbsenceWorkflow.maximumDays) dní najednou.")
    static let reasonRequired = LocalizedText(en: "Say why, for the person to read.", cs: "Uveďte důvod, aby si ho dotyčný mohl přečíst.")
    static let alreadyStarted = LocalizedText(
        en: "It has begun: an admin can cancel it.", cs: "Volno už začalo: zrušit ho může administrátor."
    )
    static let ownRequest = LocalizedText(
        en: "Nobody decides their own request: a leader of your team or another admin decides it.",
        cs: "O vlastní žádosti nikdo nerozhoduje: rozhodne vedoucí vašeho týmu nebo jiný administrátor."
    )

    static func notAllowed(_ action: AbsenceAction, _ state: AbsenceState) -> LocalizedText {
        LocalizedText(
            en: "The request is \(state.rawValue): it cannot be \(english(action)) now.",
            cs: "Žádost je ve stavu \(czech(state)): teď ji nelze \(czech(action))."
        )
    }

    private static func english(_ action: AbsenceAction) -> String {
        switch action {
        case .approve: "approved"
        case .reject: "rejected"
        case .cancel: "cancelled"
        }
    }

    private static func czech(_ action: AbsenceAction) -> String {
        switch action {
        case .approve: "schválit"
        case .reject: "zamítnout"
        case .cancel: "zrušit"
        }
    }

    private static func czech(_ state: AbsenceState) -> String {
        switch state {
        case .requested: "čeká"
        case .approved: "schválena"
        case .rejected: "zamítnuta"
        case .cancelled: "zrušena"
        }
    }

    static let yearRange = LocalizedText(en: "A year from 1900 to 2200.", cs: "Rok od 1900 do 2200.")
    static let teamId = LocalizedText(en: "A team's id (a UUID).", cs: "Identifikátor týmu (UUID).")
    static let entitlementDays = LocalizedText(
        en: "Days from 0 to 366, in half days (\"22.5\").", cs: "Počet dní od 0 do 366, po půldnech (\"22.5\")."
    )

    static func beforeStart(_ start: CalendarDay?) -> LocalizedText {
        guard let start else {
            return LocalizedText(en: "The person has no contract yet, so no vacation.", cs: "Osoba zatím nemá smlouvu, a tedy ani dovolenou.")
        }
        return LocalizedText(
            en: "The person started on \(start.iso): there is no balance for an earlier year.",
            cs: "Osoba nastoupila \(start.iso): za dřívější rok nemá žádnou dovolenou."
        )
    }

    static func exceeded(year: Int, balance: Decimal, requested: Decimal) -> LocalizedText {
        LocalizedText(
            en: "You have \(balance) days of vacation left in \(year); this request takes \(requested).",
            cs: "V roce \(year) vám zbývá \(balance) dní dovolené; žádost jich potřebuje \(requested)."
        )
    }
}
