import StaffbookCore

/// The time area's texts for people, in Czech and English.
enum TimeTexts {
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
