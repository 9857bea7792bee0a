import StaffbookCore

/// Time tracking: entries and the timer, clients and projects, summaries, reports and files.
struct TimeAPI: AreaHandler {
    let timeEntries: any TimeEntryRepository
    let timeService: TimeService
    let catalog: any CatalogRepository
    let teams: any TeamsRepository
    let visibility: PersonVisibility
    let idempotencyKeys: IdempotencyKeyHeader
    /// Time files being imported at once in this instance.
    let importing: ConcurrencyGate
    /// At the top of reports.
    let companyName: String
    let clock: any AppClock
}
