import StaffbookCore

/// The timesheets area's texts for people, in English and Czech.
enum TimesheetTexts {
    static let reasonRequired = LocalizedText(en: "Say why, for the person to read.", cs: "Uveďte důvod, aby si ho dotyčný mohl přečíst.")
    static let ownMonth = LocalizedText(
        en: "Nobody signs off their own month: a leader of your team or another admin does.",
        cs: "Vlastní měsíc nikdo neschvaluje: schválí ho vedoucí vašeho týmu nebo jiný administrátor."
    )

    static func monthNotBegun(_ month: CalendarMonth) -> LocalizedText {
        LocalizedText(en: "\(month.iso) has not begun: there is no time to submit yet.", cs: "\(month.iso) ještě nezačal: zatím není co odevzdat.")
    }

    static func notAllowed(_ action: TimesheetAction, _ state: TimesheetState) -> LocalizedText {
        LocalizedText(
            en: "The timesheet is \(state.rawValue): it cannot be \(pastTense(action)) now.",
            cs: "Docházka je ve stavu \(czech(state)): teď ji nelze \(czech(action))."
        )
    }

    private static func pastTense(_ action: TimesheetAction) -> String {
        switch action {
        case .submit: "submitted"
        case .approve: "approved"
        case .return: "returned"
        case .reopen: "reopened"
        }
    }

    private static func czech(_ action: TimesheetAction) -> String {
        switch action {
        case .submit: "odevzdat"
        case .approve: "schválit"
        case .return: "vrátit"
        case .reopen: "znovu otevřít"
        }
    }

    private static func czech(_ state: TimesheetState) -> String {
        switch state {
        case .open: "otevřená"
        case .submitted: "odevzdaná"
        case .approved: "schválená"
        case .returned: "vrácená"
        }
    }
}
