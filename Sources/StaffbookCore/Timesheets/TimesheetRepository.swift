import Foundation

/// Timesheets and what a leader reads about their team's month.
package protocol TimesheetRepository: Sendable {
    /// The person's timesheet of the month (open when nothing was done to it).
    func timesheet(personId: UUID, month: CalendarMonth) async throws -> Timesheet
    /// Moves the timesheet to `to` if it is still in one of `from` (serialised per person and
    /// month), with the audit log's record; nil when it moved meanwhile.
    func transition(
        personId: UUID, month: CalendarMonth, action: TimesheetAction, from: Set<TimesheetState>, to: TimesheetState, reason: String?,
        by: UUID, now: Date
    ) async throws -> Timesheet?
    /// The team's active members and their month: hours, days with entries, a running timer,
    /// the timesheet; nil when there is no such team.
    func teamMonth(teamId: UUID, month: CalendarMonth) async throws -> TeamMonth?
    /// The team's leaders; nil when there is no such team.
    func leaders(teamId: UUID) async throws -> Set<UUID>?
    /// The month's timesheets in each state, of the people who tracked time in it (open ones
    /// counted as open).
    func counts(month: CalendarMonth) async throws -> [TimesheetState: Int]
    /// Active people who tracked time in the month whose timesheet is in one of `states`.
    func people(month: CalendarMonth, in states: Set<TimesheetState>) async throws -> [UUID]
    /// Active leaders with members' timesheets of the month in one of `states` (their own
    /// aside), and how many.
    func leaders(month: CalendarMonth, waitingIn states: Set<TimesheetState>) async throws -> [(leaderId: UUID, count: Int)]
}

/// A team's month as its leader reads it.
package struct TeamMonth: Sendable, Equatable {
    package struct Member: Sendable, Equatable {
        package var personId: UUID
        package var name: String
        package var seconds: Int
        package var billableSeconds: Int
        /// Days (Prague) on which an entry starts.
        package var daysWithEntries: Set<CalendarDay>
        /// When the running timer started, if one runs.
        package var runningSince: Date?
        package var timesheet: TimesheetState
        /// Days of the month covered by the person's approved whole-day time off.
        package var daysAway: Set<CalendarDay>

        package init(
            personId: UUID, name: String, seconds: Int, billableSeconds: Int, daysWithEntries: Set<CalendarDay>, runningSince: Date?,
            timesheet: TimesheetState, daysAway: Set<CalendarDay> = []
        ) {
            self.daysAway = daysAway
            self.personId = personId
            self.name = name
            self.seconds = seconds
            self.billableSeconds = billableSeconds
            self.daysWithEntries = daysWithEntries
            self.runningSince = runningSince
            self.timesheet = timesheet
        }
    }

    package var teamId: UUID
    package var teamName: String
    package var members: [Member]

    package init(teamId: UUID, teamName: String, members: [Member]) {
        self.teamId = teamId
        self.teamName = teamName
        self.members = members
    }
}
