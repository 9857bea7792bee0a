import Foundation

/// People's time: entries, the timer, sums.
package protocol TimeEntryRepository: Sendable {
    /// A person's entries newest first, started within `range` (all when nil), on one project
    /// or any (fetches `page.fetchLimit`).
    func entries(personId: UUID, range: DayRange?, projectId: UUID?, page: PageRequest<EntryPosition>) async throws -> [TimeEntry]
    func entry(id: UUID) async throws -> TimeEntry?
    func running(personId: UUID) async throws -> TimeEntry?
    /// Which of these months are settled for the person (their invoice or statement settled, or
    /// their timesheet approved): read-only to them.
    func settledMonths(personId: UUID, among months: Set<CalendarMonth>) async throws -> Set<CalendarMonth>
    /// Writes a finished entry under `id`, in one transaction with the checks of its month's
    /// lock and of overlaps (`TimeError`; `.entryIdTaken` when an entry has that id).
    func create(id: UUID, personId: UUID, fields: TimeEntryFields, actor: TimeActor, now: Date) async throws -> TimeEntry
    /// Replaces an entry's fields if its version meets `condition`; the old and new months'
    /// locks and overlaps are checked in the same transaction.
    func update(
        entryId: UUID, personId: UUID, condition: VersionCondition, fields: TimeEntryFields, actor: TimeActor, now: Date
    ) async throws -> Versioned<TimeEntry>
    func delete(entryId: UUID, personId: UUID, condition: VersionCondition, actor: TimeActor, now: Date) async throws -> Versioned<TimeEntry>
    /// Keeps a press and applies it in the order the person's presses were made (see
    /// `TimerRules.spans`), reshaping the timer's entries since the one running at the press;
    /// an entry edited by hand is not reshaped. A press whose id was kept before changes
    /// nothing. Throws `TimeError` for a locked month or an
    /// entry in the way.
    func press(personId: UUID, press: TimerPress, now: Date) async throws -> TimerState
    /// Changes the running timer `entryId`; nil when it is no longer running.
    func editTimer(personId: UUID, entryId: UUID, start: Date, work: TimerWork, now: Date) async throws -> TimerState?
    /// A person's finished entries that started in `range`, summed by day, week or project.
    func totals(personId: UUID, range: DayRange, groupBy: SummaryGrouping) async throws -> [TimeTotal]
    /// Everyone's finished entries that started in `range`, summed by client, project, person or
    /// team; people and teams with their capacity over `workingDays` (the range's). By person,
    /// everyone under contract in the range has a row, with time or not.
    func report(range: DayRange, groupBy: ReportGrouping, workingDays: [CalendarDay]) async throws -> ReportTotals
    /// The same report written as the contract's JSON by the store: each row's hours rounded by
    /// `TimeRules.hours`, its utilisation by `TimeRules.utilisation`, as `TimeReportRow` has them.
    func reportJSON(range: DayRange, groupBy: ReportGrouping, workingDays: [CalendarDay]) async throws -> WrittenReport
    /// The capacity of these people (everyone under contract in `range` when nil).
    func capacity(personIds: [UUID]?, range: DayRange) async throws -> [CapacityBasis]
    /// Finished entries that started in `range`, of one person or everyone, oldest first, with
    /// their people's names and e-mails.
    func export(personId: UUID?, range: DayRange) async throws -> [ExportedEntry]
    /// What the person has recorded that touches `start..<end` (entries reach back at most a
    /// day), and which months of it are settled.
    func importContext(personId: UUID, start: Date, end: Date) async throws -> (recorded: [RecordedSpan], settledMonths: Set<CalendarMonth>)
    /// Writes an import's entries in one transaction, with the clients and projects it names
    /// that do not exist yet (open to everyone). Throws `TimeError.overlap` or
    /// `.periodLocked` when the person's time changed since the plan was made.
    func writeImport(personId: UUID, entries: [ImportedEntry], now: Date) async throws
}
