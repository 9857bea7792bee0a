import Foundation

/// Clients and projects.
package protocol CatalogRepository: Sendable {
    /// Clients by name (fetches `page.fetchLimit`).
    func clients(includeInactive: Bool, page: PageRequest<SingleNamePosition>) async throws -> [Client]
    func client(id: UUID) async throws -> Client?
    /// A taken name (ignoring case and accents) throws `TimeError.clientNameTaken`.
    func createClient(name: String, billingAddress: String?, now: Date) async throws -> Client
    func updateClient(id: UUID, condition: VersionCondition, fields: ClientFields, now: Date) async throws -> Versioned<Client>
    /// Projects by client and name (fetches `page.fetchLimit`).
    func projects(filter: ProjectFilter, page: PageRequest<SingleNamePosition>) async throws -> [Project]
    func project(id: UUID) async throws -> Project?
    /// Nil for an unknown client; a taken name under the client throws `TimeError.projectNameTaken`.
    func createProject(_ fields: ProjectFields, now: Date) async throws -> Project?
    func updateProject(id: UUID, condition: VersionCondition, fields: ProjectFields, now: Date) async throws -> Versioned<Project>
    /// The teams a person leads, and those they are a member of.
    func teams(of personId: UUID) async throws -> (led: Set<UUID>, member: Set<UUID>)
    /// Each client and project name pair as the store keys and finds it (in one query).
    func match(names: [(client: String, project: String)]) async throws -> [NameMatch]
}

package enum Versioned<Value: Sendable & Equatable>: Sendable, Equatable {
    case written(Value)
    case stale
    case notFound
}

/// Which projects a list shows.
package struct ProjectFilter: Sendable, Equatable {
    /// Only those a member of these teams may track time on (nil: any).
    package var openToTeams: Set<UUID>?
    package var clientId: UUID?
    package var includeInactive: Bool

    package init(openToTeams: Set<UUID>? = nil, clientId: UUID? = nil, includeInactive: Bool = false) {
        self.openToTeams = openToTeams
        self.clientId = clientId
        self.includeInactive = includeInactive
    }
}

/// Keyset position in a person's entries, newest first.
package struct EntryPosition: PagePosition {
    /// Seconds since 1970 of the entry's start.
    package var start: Int
    package var id: UUID

    package enum CodingKeys: String, CodingKey {
        case start = "s", id = "i"
    }

    package init(start: Int, id: UUID) {
        self.start = start
        self.id = id
    }

    package var isValid: Bool { InstantRange.date(secondsSince1970: start) != nil }

    /// The entry's start; nil for a position no list gave out.
    package var startDate: Date? { InstantRange.date(secondsSince1970: start) }
}

/// People's time: entries, the timer, sums.
package protocol TimeEntryRepository: Sendable {
    /// A person's entries newest first, started within `range` (all when nil), on one project
    /// or any (fetches `page.fetchLimit`).
    func entries(personId: UUID, range: DayRange?, projectId: UUID?, page: PageRequest<EntryPosition>) async throws -> [TimeEntry]
    func entry(id: UUID) async throws -> TimeEntry?
    func running(personId: UUID) async throws -> TimeEntry?
    /// Writes a finished entry, in one transaction with the checks of its month's lock and of
    /// overlaps (`TimeError`).
    func create(personId: UUID, fields: TimeEntryFields, actor: TimeActor, now: Date) async throws -> TimeEntry
    /// Replaces an entry's fields if its version meets `condition`; the old and new months'
    /// locks and overlaps are checked in the same transaction.
    func update(
        entryId: UUID, personId: UUID, condition: VersionCondition, fields: TimeEntryFields, actor: TimeActor, now: Date
    ) async throws -> Versioned<TimeEntry>
    func delete(entryId: UUID, personId: UUID, condition: VersionCondition, actor: TimeActor, now: Date) async throws -> Versioned<TimeEntry>
    /// Stops the running timer (as `stop` does) and starts a new one at `now`, in one transaction.
    func startTimer(personId: UUID, projectId: UUID, description: String, tags: [String], billable: Bool, now: Date) async throws -> TimerState
    /// Ends the running timer at `now` (see `TimeRules.stop`); nothing runs: nothing changes.
    func stopTimer(personId: UUID, now: Date) async throws -> TimerState
    /// Discards the running timer; nothing runs: nothing changes.
    func cancelTimer(personId: UUID, now: Date) async throws -> TimerState
    /// A person's finished entries that started in `range`, summed by day, week or project.
    func totals(personId: UUID, range: DayRange, groupBy: SummaryGrouping) async throws -> [TimeTotal]
    /// Everyone's finished entries that started in `range`, summed by client, project, person or team.
    func report(range: DayRange, groupBy: ReportGrouping) async throws -> [TimeTotal]
    /// The capacity of these people (everyone under contract in `range` when nil).
    func capacity(personIds: [UUID]?, range: DayRange) async throws -> [CapacityBasis]
    /// The members of each team (for capacity by team).
    func teamMembers() async throws -> [UUID: [UUID]]
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

/// An entry with whose it is, for a file.
package struct ExportedEntry: Sendable, Equatable {
    package var entry: TimeEntry
    package var personName: String
    package var email: String

    package init(entry: TimeEntry, personName: String, email: String) {
        self.entry = entry
        self.personName = personName
        self.email = email
    }
}
