import Foundation

/// The rules of signing off a month of tracked time, as a table: which action moves a
/// timesheet from which states to which, who may take it, and whether it needs a reason.
package enum TimesheetWorkflow {
    package enum Decider: Sendable, Equatable {
        /// The person whose month it is.
        case person
        /// A leader of one of the person's teams, or an admin; not the person themselves.
        case leaderOrAdmin
        case admin
    }

    package struct Rule: Sendable, Equatable {
        package var from: Set<TimesheetState>
        package var to: TimesheetState
        package var by: Decider
        package var needsReason: Bool
    }

    package static let rules: [TimesheetAction: Rule] = [
        .submit: Rule(from: [.open, .returned], to: .submitted, by: .person, needsReason: false),
        .approve: Rule(from: [.submitted], to: .approved, by: .leaderOrAdmin, needsReason: false),
        .return: Rule(from: [.submitted], to: .returned, by: .leaderOrAdmin, needsReason: true),
        .reopen: Rule(from: [.approved, .submitted], to: .open, by: .admin, needsReason: true),
    ]

    /// An approved month's entries are read-only, as a settled invoice's are.
    package static let lockingStates: Set<TimesheetState> = [.approved]

    package static func rule(_ action: TimesheetAction) -> Rule {
        rules[action] ?? Rule(from: [], to: .open, by: .admin, needsReason: true)
    }

    /// Why `action` cannot be taken now, or nil. `decidingForSelf`: the caller is the person
    /// (nobody approves or returns their own month, admins included; an admin may reopen it).
    package static func problem(
        _ action: TimesheetAction, on timesheet: Timesheet, reason: String?, decidingForSelf: Bool, isAdmin: Bool, today: CalendarDay
    ) -> TimesheetError? {
        let rule = rule(action)
        if action == .submit, timesheet.month.firstDay > today { return .monthNotBegun(timesheet.month) }
        if rule.by == .leaderOrAdmin, decidingForSelf { return .ownMonth }
        guard rule.from.contains(timesheet.state) else { return .notAllowed(action, timesheet.state) }
        if rule.needsReason, (reason ?? "").isEmpty { return .reasonRequired }
        return nil
    }
}
