import Foundation
import StaffbookCore

/// The time area's texts for people, in English and Czech.
enum TimeTexts {
    static let notInFuture = LocalizedText(en: "Must not be in the future.", cs: "Nesmí být v budoucnosti.")
    static let timeOfDay = LocalizedText(en: "Expected a time of day as 08:30.", cs: "Očekává se čas dne jako 08:30.")
    static let afterStart = LocalizedText(en: "Must be after start.", cs: "Musí být po začátku.")
    static let tooEarly = LocalizedText(
        en: "Time is recorded from \(TimeRules.earliestDay.iso) on.", cs: "Čas se zaznamenává od \(TimeRules.earliestDay.iso)."
    )
    static let atMostADay = LocalizedText(en: "An entry lasts at most 24 hours.", cs: "Záznam trvá nejvýše 24 hodin.")
    static let pressInFuture = LocalizedText(
        en: "Must not be ahead of the server's clock by more than \(Int(TimerRules.clockSkew)) seconds.",
        cs: "Nesmí předbíhat hodiny serveru o více než \(Int(TimerRules.clockSkew)) sekund."
    )
    static let withinADay = LocalizedText(en: "Must be within the last 24 hours.", cs: "Musí spadat do posledních 24 hodin.")
    static let reasonRequired = LocalizedText(en: "The month is settled: say why it changes.", cs: "Měsíc je uzavřen: uveďte důvod změny.")
    static let tagComma = LocalizedText(en: "A tag cannot contain a comma.", cs: "Štítek nesmí obsahovat čárku.")
    static let tooManyTags = LocalizedText(en: "At most \(TimeRules.maximumTags) tags.", cs: "Nejvýše \(TimeRules.maximumTags) štítků.")
    static let batchTooLarge = LocalizedText(
        en: "At most \(TimeService.maximumBatch) items in one batch.", cs: "Nejvýše \(TimeService.maximumBatch) položek v jedné dávce."
    )
    static let batchDuplicateId = LocalizedText(
        en: "Another item of this batch has this id.", cs: "Tento identifikátor má jiná položka této dávky."
    )
    static let batchNotForPress = LocalizedText(
        en: "A press has a moment (at), not a start and an end.", cs: "Stisk má okamžik (at), ne začátek a konec."
    )
    static let batchIfMatch = LocalizedText(
        en: "An entity tag as the ETag header gave it, e.g. \"v2\".", cs: "Značka verze, jak ji dala hlavička ETag, např. \"v2\".")
    static let entryIdTaken = LocalizedText(
        en: "This id belongs to an entry that is not yours; make a new one.", cs: "Tento identifikátor patří záznamu, který není váš; vytvořte nový."
    )
    static let noSuchClient = LocalizedText(en: "No client has this id.", cs: "Žádný klient nemá tento identifikátor.")
    static let teamsToAssign = LocalizedText(
        en: "Give one or more teams, and change only teams you lead.", cs: "Zadejte jeden či více týmů a měňte jen týmy, které vedete."
    )
    static let importsBusy = LocalizedText(
        en: "Other imports are running on this server; try again in a few seconds.",
        cs: "Na tomto serveru právě běží jiné importy; zkuste to za několik sekund."
    )

    static func overlap(_ id: UUID, _ when: String) -> LocalizedText {
        LocalizedText(
            en: "You already have time recorded then: entry \(id.lowercasedString) (\(when)).",
            cs: "V tu dobu už máte zaznamenaný čas: záznam \(id.lowercasedString) (\(when))."
        )
    }

    static func onAbsence(_ kind: String, _ first: CalendarDay, _ last: CalendarDay) -> LocalizedText {
        let days = first == last ? first.iso : "\(first.iso) – \(last.iso)"
        return LocalizedText(
            en: "You have approved time off (\(kind)) on \(days): no time is recorded then unless it is cancelled.",
            cs: "Na \(days) máte schválené volno (\(kind)): dokud ho nezrušíte, čas se tehdy nezaznamenává."
        )
    }

    static func periodLocked(_ month: CalendarMonth) -> LocalizedText {
        LocalizedText(
            en: "The invoice, statement or timesheet for \(month.iso) is approved: its time entries can no longer be changed.",
            cs: "Faktura, výkaz nebo docházka za \(month.iso) je schválena: záznamy času z tohoto měsíce už nelze měnit."
        )
    }

    static func importProblem(_ problem: ImportProblem) -> LocalizedText {
        switch problem.code {
        case .unreadableStart: LocalizedText(en: "unreadable start date or time", cs: "nečitelné datum nebo čas začátku")
        case .unreadableEnd: LocalizedText(en: "unreadable duration or end", cs: "nečitelná délka nebo konec")
        case .noClientOrProject: LocalizedText(en: "no client or project", cs: "chybí klient nebo projekt")
        case .endsBeforeStart: LocalizedText(en: "ends before it starts", cs: "končí dřív, než začne")
        case .longerThanADay: LocalizedText(en: "longer than 24 hours", cs: "delší než 24 hodin")
        case .inFuture: LocalizedText(en: "in the future", cs: "v budoucnosti")
        case .tooEarly:
            LocalizedText(en: "before \(TimeRules.earliestDay.iso)", cs: "před \(TimeRules.earliestDay.iso)")
        case .text:
            LocalizedText(
                en:
                    "the description (at most \(TimeRules.maximumDescriptionLength) characters) or the tags (at most \(TimeRules.maximumTags), each at most \(TimeRules.maximumTagLength) characters) break the rules of entries, or contain control characters",
                cs:
                    "popis (nejvýše \(TimeRules.maximumDescriptionLength) znaků) nebo štítky (nejvýše \(TimeRules.maximumTags), každý nejvýše \(TimeRules.maximumTagLength) znaků) porušují pravidla záznamů, nebo obsahují řídicí znaky"
            )
        case .name:
            LocalizedText(
                en: "a client or project name over \(CatalogRules.maximumNameLength) characters or with control characters",
                cs: "název klienta nebo projektu delší než \(CatalogRules.maximumNameLength) znaků nebo s řídicími znaky"
            )
        case .projectNotOpen: LocalizedText(en: "project not open to you", cs: "projekt pro vás není otevřen")
        case .unknownClient: LocalizedText(en: "unknown client (an admin can create it)", cs: "neznámý klient (může ho založit správce)")
        case .unknownProject: LocalizedText(en: "unknown project (an admin can create it)", cs: "neznámý projekt (může ho založit správce)")
        case .settled:
            LocalizedText(
                en: "\(problem.month?.iso ?? "the month") is settled (approved or paid)",
                cs: "\(problem.month?.iso ?? "měsíc") je uzavřen (schválen nebo zaplacen)"
            )
        case .overlapsFile: LocalizedText(en: "overlaps an earlier line of the file", cs: "překrývá se s dřívějším řádkem souboru")
        }
    }
}
