import Foundation

/// Requesting and deciding time off.
package struct AbsenceService: Sendable {
    package let absences: any AbsenceRepository
    package let visibility: PersonVisibility
    package let policy: VacationPolicy
    package let clock: any AppClock

    package init(absences: any AbsenceRepository, visibility: PersonVisibility, policy: VacationPolicy = VacationPolicy(), clock: any AppClock) {
        self.absences = absences
        self.visibility = visibility
        self.policy = policy
        self.clock = clock
    }

    /// Asks for time off: the kind must exist for the person's contracts then, the days must be
    /// working days, vacation must fit the balance of each year it touches; a kind without
    /// approval (sick leave) is approved at once.
    package func request(_ request: AbsenceRequest, personId: UUID) async throws -> Absence {
        guard let kind = try await absences.kinds().first(where: { $0.code == request.kind }) else { throw AbsenceError.unknownKind }
        let days = try AbsenceWorkflow.workingDays(request, kind: kind).get()
        let contracts = try await absences.contractTypes(personId: personId, from: request.firstDay, to: request.lastDay)
        guard !contracts.isDisjoint(with: kind.contractTypes) else { throw AbsenceError.kindNotForContract }
        let now = clock.now()
        let state: AbsenceState = kind.needsApproval ? .requested : .approved
        var admit: (@Sendable (VacationBasis) -> (any Error)?)?
        if kind.countsAgainstBalance {
            let (policy, today) = (self.policy, TimeRules.day(of: now))
            let asked = Absence(
                id: UUID(), personId: personId, kind: request.kind, firstDay: request.firstDay, lastDay: request.lastDay, part: request.part,
                hours: request.hours, workingDays: days, state: state, note: nil, reason: nil, decidedBy: nil, decidedAt: nil, createdAt: now)
            admit = { basis in VacationRules.check(asked, basis: basis, policy: policy, today: today) }
        }
        return try await absences.create(personId: personId, request: request, workingDays: days, state: state, now: now, admit: admit)
    }

    /// Creates a kind of time off or changes one as an admin; true when it was new. A change
    /// applies to requests from now on and to statements generated after it: requests already
    /// made keep their days and parts.
    package func saveKind(_ kind: AbsenceKind, caller: Caller) async throws -> Bool {
        try await absences.saveKind(kind, by: caller.accountId, now: clock.now())
    }

    /// A person's vacation in `year`, for themselves, a leader of one of their teams or an
    /// admin; nil when the caller may not see the person.
    package func balance(personId: UUID, year: Int, caller: Caller) async throws -> VacationBalance? {
        do {
            try await visibility.requireVisible(personId, to: caller)
        } catch PeopleError.personNotFound {
            return nil
        }
        let basis = try await absences.vacationBasis(personId: personId, years: year - 1...year)
        return try VacationRules.balance(year: year, basis: basis, policy: policy, asOf: TimeRules.day(of: clock.now())).get()
    }

    /// Sets (or with nil clears) a person's vacation days for `year` as an admin, and answers the
    /// year's balance; nil when there is no such person. A year before their first contract has
    /// no balance to set (`VacationError.beforeStart`).
    package func setEntitlement(personId: UUID, year: Int, days: Decimal?, caller: Caller) async throws -> VacationBalance? {
        do {
            try await visibility.requireVisible(personId, to: caller)
        } catch PeopleError.personNotFound {
            return nil
        }
        let today = TimeRules.day(of: clock.now())
        let basis = try await absences.vacationBasis(personId: personId, years: year - 1...year)
        if case .failure(let error) = VacationRules.balance(year: year, basis: basis, policy: policy, asOf: today) { throw error }
        guard try await absences.setEntitlement(personId: personId, year: year, days: days, by: caller.accountId, now: clock.now()) else {
            return nil
        }
        let updated = try await absences.vacationBasis(personId: personId, years: year - 1...year)
        return try VacationRules.balance(year: year, basis: updated, policy: policy, asOf: today).get()
    }

    /// Decides on a request as `caller`: leaders of one of the person's teams and admins approve
    /// or reject; the person (before it starts) or an admin cancels. Someone the caller may not
    /// see is not found.
    package func act(_ action: AbsenceAction, absenceId: UUID, reason: String?, caller: Caller) async throws -> Absence? {
        guard let absence = try await absences.absence(id: absenceId) else { return nil }
        do {
            try await visibility.requireVisible(absence.personId, to: caller)
        } catch PeopleError.personNotFound {
            return nil
        }
        let isPerson = caller.accountId == absence.personId
        // Only the person and admins cancel: a leader asking is told there is nothing to cancel.
        if action == .cancel, !isPerson, !caller.has(.admin) { return nil }
        if action != .cancel, !isPerson, !caller.has(.admin), !caller.has(.teamLeader) { return nil }
        let now = clock.now()
        if let problem = AbsenceWorkflow.problem(
            action, on: absence, reason: reason, callerIsPerson: isPerson, isAdmin: caller.has(.admin), today: TimeRules.day(of: now)
        ) {
            throw problem
        }
        let rule = AbsenceWorkflow.rule(action)
        guard
            let written = try await absences.transition(
                id: absenceId, action: action, from: rule.from, to: rule.to, reason: reason, by: caller.accountId, now: now)
        else {
            let moved = try await absences.absence(id: absenceId)
            throw AbsenceError.notAllowed(action, moved?.state ?? absence.state)
        }
        return written
    }
}
