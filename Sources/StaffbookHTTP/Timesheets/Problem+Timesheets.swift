import StaffbookCore

extension Problem {
    init(timesheets error: TimesheetError) {
        switch error {
        case .notAllowed(let action, let state): self = Problem(.invalidTransition, detail: TimesheetTexts.notAllowed(action, state))
        case .reasonRequired: self = .field("body.reason", "required", TimesheetTexts.reasonRequired)
        case .monthNotBegun(let month): self = Problem(.futurePeriod, detail: TimesheetTexts.monthNotBegun(month))
        case .ownMonth: self = Problem(.invalidTransition, detail: TimesheetTexts.ownMonth)
        }
    }
}
