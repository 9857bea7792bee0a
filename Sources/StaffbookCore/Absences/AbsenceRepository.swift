import Foundation

/// Time off: the kinds, people's requests and their decisions.
package protocol AbsenceRepository: Sendable {
    func kinds() async throws -> [AbsenceKind]
    /// Creates the kind or replaces what it says, audited; true when it was new.
    func saveKind(_ kind: AbsenceKind, by: UUID, now: Date) async throws -> Bool
    /// The contract types the person has on some day of `first...last`.
    func contractTypes(personId: UUID, from first: CalendarDay, to last: CalendarDay) async throws -> Set<ContractType>
    /// Stores a request (`state` as its kind says); throws `AbsenceError.overlap` when another
    /// holding request of the person covers one of its days (the database's exclusion decides
    /// between two racing requests). With `admit`, the person's vacation basis (the request's
    /// years and the one before) is read and the request refused with what `admit` returns, one
    /// request of the person at a time.
    func create(
        personId: UUID, request: AbsenceRequest, workingDays: Decimal, state: AbsenceState, now: Date,
        admit: (@Sendable (VacationBasis) -> (any Error)?)?
    ) async throws -> Absence
    /// What the person's vacation balances in `years` are computed from.
    func vacationBasis(personId: UUID, years: ClosedRange<Int>) async throws -> VacationBasis
    func absence(id: UUID) async throws -> Absence?
    /// Moves the absence to `to` if it is still in one of `from`; nil when it moved meanwhile.
    func transition(
        id: UUID, action: AbsenceAction, from: Set<AbsenceState>, to: AbsenceState, reason: String?, by: UUID, now: Date
    ) async throws -> Absence?
    /// A person's absences touching the days, newest first.
    func absences(personId: UUID, from: CalendarDay?, to: CalendarDay?) async throws -> [Absence]
    /// The absences (requested or approved) of active people touching the days, with their
    /// names: a team's members, or everyone when `teamId` is nil; nil when there is no such team.
    func calendar(teamId: UUID?, from: CalendarDay, to: CalendarDay) async throws -> [(absence: Absence, name: String)]?
    /// The same, of requests only: what waits for a decision.
    func requests(teamId: UUID?, from: CalendarDay, to: CalendarDay) async throws -> [(absence: Absence, name: String)]?
    /// Sets (or with nil clears) the person's vacation days for `year`, audited; false when there
    /// is no such person.
    func setEntitlement(personId: UUID, year: Int, days: Decimal?, by: UUID, now: Date) async throws -> Bool
}
