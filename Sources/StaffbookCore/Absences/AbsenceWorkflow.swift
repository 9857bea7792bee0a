import Foundation

/// What can be done to a request for time off.
package enum AbsenceAction: String, Sendable, CaseIterable {
    case approve, reject, cancel
}

/// The rules of time off, as a table and pure functions: the decisions and who takes them, and
/// the working days a request takes.
package enum AbsenceWorkflow {
    package enum Decider: Sendable, Equatable {
        /// A leader of one of the person's teams, or an admin; not the person themselves.
        case leaderOrAdmin
        /// The person before the absence starts, or an admin any time.
        case personOrAdmin
    }

    package struct Rule: Sendable, Equatable {
        package var from: Set<AbsenceState>
        package var to: AbsenceState
        package var by: Decider
        package var needsReason: Bool
    }

    package static let rules: [AbsenceAction: Rule] = [
        .approve: Rule(from: [.requested], to: .approved, by: .leaderOrAdmin, needsReason: false),
        .reject: Rule(from: [.requested], to: .rejected, by: .leaderOrAdmin, needsReason: true),
        .cancel: Rule(from: [.requested, .approved], to: .cancelled, by: .personOrAdmin, needsReason: true),
    ]

    /// Requests in these states hold their days: another request of the person may not overlap.
    package static let holdingStates: Set<AbsenceState> = [.requested, .approved]

    /// Approved whole days away take no tracked time: an entry on such a day is refused until the
    /// absence is cancelled. Half days and hours leave the rest of the day to work.
    package static let timeBlockingStates: Set<AbsenceState> = [.approved]
    package static let timeBlockingParts: Set<AbsencePart> = [.full]

    /// Approved time off takes from a person's capacity (and so their utilisation).
    package static let capacityStates: Set<AbsenceState> = [.approved]

    /// The longest request, in calendar days.
    package static let maximumDays = 366

    package static func rule(_ action: AbsenceAction) -> Rule {
        rules[action] ?? Rule(from: [], to: .cancelled, by: .leaderOrAdmin, needsReason: true)
    }

    /// Why `action` cannot be taken on `absence` now, or nil.
    package static func problem(
        _ action: AbsenceAction, on absence: Absence, reason: String?, callerIsPerson: Bool, isAdmin: Bool, today: CalendarDay
    ) -> AbsenceError? {
        let rule = rule(action)
        switch rule.by {
        // Nobody decides their own request, admins included: another admin or a leader does.
        case .leaderOrAdmin: if callerIsPerson { return .ownRequest }
        case .personOrAdmin:
            if callerIsPerson, !isAdmin, absence.state == .approved, absence.firstDay <= today { return .alreadyStarted }
        }
        guard rule.from.contains(absence.state) else { return .notAllowed(action, absence.state) }
        // The person may take back their own pending request without saying why.
        let reasonNeeded = rule.needsReason && !(action == .cancel && callerIsPerson && absence.state == .requested)
        if reasonNeeded, (reason ?? "").isEmpty { return .reasonRequired }
        return nil
    }

    /// The working days of `request` (Monday to Friday, Czech public holidays aside; a half day
    /// counts 0.5, hours their share of an 8-hour day), or why it is refused.
    package static func workingDays(_ request: AbsenceRequest, kind: AbsenceKind) -> Result<Decimal, AbsenceError> {
        guard request.lastDay >= request.firstDay else { return .failure(.endsBeforeStart) }
        guard request.lastDay.daysSinceEpoch - request.firstDay.daysSinceEpoch < maximumDays else { return .failure(.tooLong) }
        let days = TimeRules.workingDays(DayRange(from: request.firstDay, to: request.lastDay))
        switch request.part {
        case .full:
            if request.hours != nil { return .failure(.hoursInvalid) }
            return days.isEmpty ? .failure(.noWorkingDay) : .success(Decimal(days.count))
        case .morning, .afternoon:
            guard request.firstDay == request.lastDay else { return .failure(.partSpansDays) }
            guard !days.isEmpty else { return .failure(.notAWorkingDay) }
            if request.hours != nil { return .failure(.hoursInvalid) }
            return .success(Decimal(1) / 2)
        case .hours:
            guard request.firstDay == request.lastDay else { return .failure(.partSpansDays) }
            guard !days.isEmpty else { return .failure(.notAWorkingDay) }
            guard kind.byHours, let hours = request.hours, hours >= Decimal(1) / 2, hours <= 8 else {
                return .failure(.hoursInvalid)
            }
            return .success(Money.rounded(hours / 8))
        }
    }
}
