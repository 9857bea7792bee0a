import Foundation
import StaffbookAPI
import StaffbookCore

/// Timesheets as the contract's schemas.
enum TimesheetSchemas {
    static func state(_ state: TimesheetState) -> Components.Schemas.TimesheetState {
        Components.Schemas.TimesheetState(rawValue: state.rawValue) ?? .open
    }

    static func timesheet(_ timesheet: Timesheet) -> Components.Schemas.Timesheet {
        .init(
            personId: timesheet.personId.lowercasedString, month: timesheet.month.iso, state: state(timesheet.state), reason: timesheet.reason,
            submittedAt: timesheet.submittedAt, decidedAt: timesheet.decidedAt, decidedBy: timesheet.decidedBy?.lowercasedString
        )
    }

    static func team(_ team: TeamMonth, members: [TimesheetService.MemberSummary], month: CalendarMonth) -> Components.Schemas.TeamTimeSummary {
        .init(
            teamId: team.teamId.lowercasedString, teamName: team.teamName, month: month.iso,
            items: members.map { summary in
                let member = summary.member
                let hours = TimeRules.hours(member.seconds)
                let billable = TimeRules.hours(member.billableSeconds)
                return .init(
                    personId: member.personId.lowercasedString, name: member.name, hours: Money.format(hours), billableHours: Money.format(billable),
                    billableShare: TimeRules.utilisation(hours: billable, capacity: hours).map { Money.format($0) },
                    capacityHours: Money.format(summary.capacityHours),
                    utilisation: TimeRules.utilisation(hours: hours, capacity: summary.capacityHours).map { Money.format($0) },
                    daysWithoutEntries: summary.daysWithoutEntries, runningSince: member.runningSince, timesheet: state(member.timesheet)
                )
            }
        )
    }
}
