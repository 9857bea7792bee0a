import Foundation

/// Where a person's month of tracked time stands: open to change, submitted for a leader,
/// approved (its entries locked), or returned with a reason.
package enum TimesheetState: String, Sendable, CaseIterable, Codable {
    case open, submitted, approved, returned
}

/// A person's tracked time for one month, as signed off.
package struct Timesheet: Sendable, Equatable {
    package var personId: UUID
    package var month: CalendarMonth
    package var state: TimesheetState
    /// Why it was returned or reopened.
    package var reason: String?
    package var submittedAt: Date?
    package var decidedAt: Date?
    package var decidedBy: UUID?

    package init(
        personId: UUID, month: CalendarMonth, state: TimesheetState = .open, reason: String? = nil, submittedAt: Date? = nil,
        decidedAt: Date? = nil, decidedBy: UUID? = nil
    ) {
        self.personId = personId
        self.month = month
        self.state = state
        self.reason = reason
        self.submittedAt = submittedAt
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
    }
}

/// What can be done to a timesheet.
package enum TimesheetAction: String, Sendable, CaseIterable {
    case submit, approve, `return`, reopen
}

/// Why a timesheet could not change.
package enum TimesheetError: Error, Equatable {
    /// The action is not allowed in the timesheet's state.
    case notAllowed(TimesheetAction, TimesheetState)
    case reasonRequired
    /// A month that has not begun has no time to submit.
    case monthNotBegun(CalendarMonth)
    /// Leaders sign off other people's months, not their own.
    case ownMonth
}
