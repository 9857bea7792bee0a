import StaffbookCore

extension Problem {
    init(time error: TimeError) {
        switch error {
        case .overlap(let entryId, let start, let end):
            let when = [start, end].compactMap { $0.map { $0.formatted(.iso8601) } }.joined(separator: " – ")
            self = entryId.map { Problem(.timeEntryOverlap, detail: TimeTexts.overlap($0, when)) } ?? Problem(.timeEntryOverlap)
        case .endsInFuture: self = .field("body.end", "future", TimeTexts.notInFuture)
        case .startsInFuture: self = .field("body.start", "future", TimeTexts.notInFuture)
        case .notAfterStart: self = .field("body.end", "before_start", TimeTexts.afterStart)
        case .startsTooEarly: self = .field("body.start", "too_early", TimeTexts.tooEarly)
        case .longerThanADay: self = .field("body.end", "too_long", TimeTexts.atMostADay)
        case .periodLocked(let month): self = Problem(.periodLocked, detail: TimeTexts.periodLocked(month))
        case .projectUnavailable: self = Problem(.projectUnavailable)
        case .clientNameTaken: self = Problem(.clientNameTaken)
        case .projectNameTaken: self = Problem(.projectNameTaken)
        case .reasonRequired: self = .field("body.reason", "required", TimeTexts.reasonRequired)
        case .notATimeCSV: self = Problem(.notATimeFile)
        case .timerRunning: self = Problem(.timerRunning)
        case .pressInFuture: self = .field("body.at", "future", TimeTexts.pressInFuture)
        case .pressTooOld: self = .field("body.at", "too_old", TimeTexts.withinADay)
        case .timerStartTooOld: self = .field("body.start", "too_old", TimeTexts.withinADay)
        case .entryIdTaken: self = .field("body.id", "taken", TimeTexts.entryIdTaken)
        case .onAbsence(let kind, let first, let last): self = Problem(.timeEntryOnAbsence, detail: TimeTexts.onAbsence(kind, first, last))
        }
    }
}
