import Foundation

/// Signing off months of tracked time, and the team's month a leader reads.
package struct TimesheetService: Sendable {
    package let timesheets: any TimesheetRepository
    package let entries: any TimeEntryRepository
    package let visibility: PersonVisibility
    package let clock: any AppClock

    package init(timesheets: any TimesheetRepository, entries: any TimeEntryRepository, visibility: PersonVisibility, clock: any AppClock) {
        self.timesheets = timesheets
        self.entries = entries
        self.visibility = visibility
        self.clock = clock
    }

    /// Takes `action` on the person's month as `caller`: the person submits; a leader of one of
    /// their teams or an admin approves or returns; an admin reopens. Someone the caller may not
    /// see is not found (`PeopleError.personNotFound`).
    package func act(_ action: TimesheetAction, personId: UUID, month: CalendarMonth, reason: String?, caller: Caller) async throws -> Timesheet {
        try await visibility.requireVisible(personId, to: caller)
        let current = try await timesheets.timesheet(personId: personId, month: month)
        let now = clock.now()
        if let problem = TimesheetWorkflow.problem(
            action, on: current, reason: reason, decidingForSelf: caller.accountId == personId, isAdmin: caller.has(.admin),
            today: TimeRules.day(of: now)
        ) {
            throw problem
        }
        let rule = TimesheetWorkflow.rule(action)
        guard
            let written = try await timesheets.transition(
                personId: personId, month: month, action: action, from: rule.from, to: rule.to, reason: rule.needsReason ? reason : nil,
                by: caller.accountId, now: now
            )
        else {
            let moved = try await timesheets.timesheet(personId: personId, month: month)
            throw TimesheetError.notAllowed(action, moved.state)
        }
        return written
    }

    /// One member's month, with their capacity.
    package struct MemberSummary: Sendable, Equatable {
        package var member: TeamMonth.Member
        package var capacityHours: Decimal
        /// Working days of the month, up to today, on which no entry starts and the person was
        /// not away the whole day.
        package var daysWithoutEntries: Int
    }

    /// The team's month for its leaders and admins; nil when the team does not exist or the
    /// caller leads it not (and is no admin).
    package func teamSummary(teamId: UUID, month: CalendarMonth, caller: Caller) async throws -> (TeamMonth, [MemberSummary])? {
        guard let leaders = try await timesheets.leaders(teamId: teamId) else { return nil }
        guard caller.has(.admin) || (caller.has(.teamLeader) && leaders.contains(caller.accountId)) else { return nil }
        guard let team = try await timesheets.teamMonth(teamId: teamId, month: month) else { return nil }
        let range = DayRange(month: month)
        let workingDays = TimeRules.workingDays(range)
        let today = TimeRules.day(of: clock.now())
        let capacities = try await entries.capacity(personIds: team.members.map(\.personId), range: range)
        var capacity: [UUID: Decimal] = [:]
        for basis in capacities { capacity[basis.personId] = basis.hours(workingDays: workingDays) }
        let summaries = team.members.map { member in
            MemberSummary(
                member: member, capacityHours: capacity[member.personId] ?? 0,
                daysWithoutEntries: workingDays.filter {
                    $0 <= today && !member.daysWithEntries.contains($0) && !member.daysAway.contains($0)
                }.count
            )
        }
        return (team, summaries)
    }
}
