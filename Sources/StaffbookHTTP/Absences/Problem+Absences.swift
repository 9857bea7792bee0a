import StaffbookCore

extension Problem {
    init(absences error: AbsenceError) {
        switch error {
        case .unknownKind: self = .field("body.kind", "unknown", AbsenceTexts.unknownKind)
        case .kindNotForContract: self = .field("body.kind", "not_for_contract", AbsenceTexts.kindNotForContract)
        case .endsBeforeStart: self = .field("body.lastDay", "before_start", AbsenceTexts.endsBeforeStart)
        case .partSpansDays: self = .field("body.part", "one_day", AbsenceTexts.partSpansDays)
        case .notAWorkingDay: self = .field("body.firstDay", "not_working_day", AbsenceTexts.notAWorkingDay)
        case .hoursInvalid: self = .field("body.hours", "range", AbsenceTexts.hours)
        case .noWorkingDay: self = .field("body.lastDay", "no_working_day", AbsenceTexts.noWorkingDay)
        case .tooLong: self = .field("body.lastDay", "too_long", AbsenceTexts.tooLong)
        case .overlap: self = Problem(.absenceOverlap)
        case .notAllowed(let action, let state): self = Problem(.invalidTransition, detail: AbsenceTexts.notAllowed(action, state))
        case .reasonRequired: self = .field("body.reason", "required", AbsenceTexts.reasonRequired)
        case .alreadyStarted: self = Problem(.invalidTransition, detail: AbsenceTexts.alreadyStarted)
        case .ownRequest: self = Problem(.invalidTransition, detail: AbsenceTexts.ownRequest)
        }
    }
}

extension Problem {
    init(vacation error: VacationError) {
        switch error {
        case .beforeStart(let start): self = .field("query.year", "before_start", AbsenceTexts.beforeStart(start))
        case .exceeded(let year, let balance, let requested):
            self = Problem(.absenceBalanceExceeded, detail: AbsenceTexts.exceeded(year: year, balance: balance, requested: requested))
        }
    }
}
