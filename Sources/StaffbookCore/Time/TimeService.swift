import Foundation

/// The use cases of time tracking that take several steps: checking a project is open to the
/// person before writing, the timer with idempotency keys, sums with capacity, imports.
package struct TimeService: Sendable {
    package let catalog: any CatalogRepository
    package let entries: any TimeEntryRepository
    package let idempotency: any IdempotencyStore
    package let clock: any AppClock
    /// Where imported files are parsed: off the threads that serve requests.
    package let parsing: any BlockingWork

    package init(
        catalog: any CatalogRepository, entries: any TimeEntryRepository, idempotency: any IdempotencyStore, clock: any AppClock,
        parsing: any BlockingWork = InlineWork()
    ) {
        self.catalog = catalog
        self.entries = entries
        self.idempotency = idempotency
        self.clock = clock
        self.parsing = parsing
    }

    // MARK: Entries

    package func create(id: UUID = UUID(), personId: UUID, fields: TimeEntryFields, actor: TimeActor) async throws -> TimeEntry {
        let fields = try checked(fields)
        let project = try await availableProject(fields.projectId, to: personId)
        var write = fields
        write.billable = fields.billable ?? project.billable
        return try await entries.create(id: id, personId: personId, fields: write, actor: actor, now: clock.now())
    }

    package func update(
        entryId: UUID, personId: UUID, condition: VersionCondition, patch: TimeEntryPatch, actor: TimeActor
    ) async throws -> Versioned<TimeEntry> {
        guard let current = try await entries.entry(id: entryId), current.personId == personId else { return .notFound }
        guard let end = current.end else { throw TimeError.timerRunning }
        var fields = TimeEntryFields(
            projectId: patch.projectId ?? current.projectId, description: patch.description ?? current.description,
            start: patch.start ?? current.start, end: patch.end ?? end, tags: patch.tags ?? current.tags,
            billable: patch.billable ?? current.billable
        )
        fields = try checked(fields)
        // A closed project (or one no longer open to the person) takes no more time: moving an
        // entry onto it, or resizing one on it, is refused; an admin correcting history may.
        let changesTime = fields.projectId != current.projectId || fields.start != current.start || fields.end != end
        if changesTime, !actor.isAdmin || fields.projectId != current.projectId {
            let project = try await availableProject(fields.projectId, to: personId)
            if fields.projectId != current.projectId, patch.billable == nil { fields.billable = project.billable }
        }
        return try await entries.update(entryId: entryId, personId: personId, condition: condition, fields: fields, actor: actor, now: clock.now())
    }

    package func delete(entryId: UUID, personId: UUID, condition: VersionCondition, actor: TimeActor) async throws -> Versioned<TimeEntry> {
        guard let current = try await entries.entry(id: entryId), current.personId == personId else { return .notFound }
        guard current.end != nil else { throw TimeError.timerRunning }
        return try await entries.delete(entryId: entryId, personId: personId, condition: condition, actor: actor, now: clock.now())
    }

    /// Whole seconds, tidy tags, and the rules of time.
    func checked(_ fields: TimeEntryFields) throws -> TimeEntryFields {
        var fields = fields
        fields.start = TimeRules.wholeSeconds(fields.start)
        fields.end = TimeRules.wholeSeconds(fields.end)
        fields.tags = TimeRules.tags(fields.tags)
        if let problem = TimeRules.problem(start: fields.start, end: fields.end, now: clock.now()) { throw problem }
        return fields
    }

    /// The projects a person may track time on, by client and name (the first hundred): those
    /// `availableProject` lets an entry or the timer use.
    package func projectsOpen(to personId: UUID) async throws -> [Project] {
        let teams = try await catalog.teams(of: personId)
        return try await catalog.projects(filter: ProjectFilter(openToTeams: teams.member), page: PageRequest(limit: 100))
    }

    private func availableProject(_ projectId: UUID, to personId: UUID) async throws -> Project {
        guard let project = try await catalog.project(id: projectId) else { throw TimeError.projectUnavailable }
        let teams = try await catalog.teams(of: personId)
        guard CatalogRules.isOpen(project, toMemberOf: teams.member) else { throw TimeError.projectUnavailable }
        return project
    }

    // MARK: The timer

    /// A timer button as pressed: what to start, or a stop or cancel.
    package enum TimerButton: String, Sendable {
        case start, stop, cancel
    }

    /// What a start asks to record.
    package struct TimerRequest: Sendable {
        package var projectId: UUID
        package var description: String
        package var tags: [String]

        package init(projectId: UUID, description: String, tags: [String]) {
            self.projectId = projectId
            self.description = description
            self.tags = tags
        }
    }

    /// Presses a timer button, at `at` (when the button was pressed; now when nil). With an
    /// idempotent request, a retry gets the first answer and changes nothing more; without one,
    /// pressing again asks for the state the timer is already in, which changes nothing. A press
    /// with the id a device made for it is made once.
    package func press(
        _ button: TimerButton, personId: UUID, at: Date? = nil, start: TimerRequest? = nil, pressId: UUID? = nil,
        idempotency request: IdempotentRequest? = nil
    ) async throws -> TimerState {
        let now = clock.now()
        let moment = try TimerRules.moment(of: at, now: now)
        if let request, case .replay(let answer) = try await idempotency.claim(request, now: now) {
            guard let body = answer.body, let state = try? JSONDecoder().decode(TimerState.self, from: body) else {
                throw StoreError.malformedRow(column: "idempotency_keys.response_body")
            }
            return state
        }
        do {
            let action: TimerPress.Action
            switch button {
            case .start:
                guard let start else { throw TimeError.projectUnavailable }
                let project = try await availableProject(start.projectId, to: personId)
                action = .start(
                    TimerWork(projectId: project.id, description: start.description, tags: TimeRules.tags(start.tags), billable: project.billable))
            case .stop: action = .stop
            case .cancel: action = .cancel
            }
            let state = try await entries.press(personId: personId, press: TimerPress(action, at: moment, id: pressId), now: now)
            if let request {
                try await idempotency.complete(request, answer: IdempotentAnswer(outcome: button.rawValue, body: try JSONEncoder().encode(state)))
            }
            return state
        } catch {
            if let request { try? await idempotency.release(request) }
            throw error
        }
    }

    /// Changes the running timer as the tracker's screen does (nil: unchanged); nil when nothing runs.
    package func editTimer(
        personId: UUID, start: Date?, projectId: UUID?, description: String?, tags: [String]?
    ) async throws -> TimerState? {
        guard let current = try await entries.running(personId: personId) else { return nil }
        let now = clock.now()
        let newStart = start.map(TimeRules.wholeSeconds) ?? current.start
        if newStart != current.start {
            if newStart > now { throw TimeError.startsInFuture }
            if now.timeIntervalSince(newStart) > TimeRules.maximumEntry { throw TimeError.timerStartTooOld }
        }
        var work = TimerWork(
            projectId: current.projectId, description: description ?? current.description, tags: tags.map(TimeRules.tags) ?? current.tags,
            billable: current.billable)
        if let projectId, projectId != current.projectId {
            let project = try await availableProject(projectId, to: personId)
            work.projectId = project.id
            work.billable = project.billable
        } else if newStart != current.start {
            // Moving the start resizes the entry: a project closed since the timer started takes
            // no more time, as an entry's edit is refused.
            _ = try await availableProject(current.projectId, to: personId)
        }
        return try await entries.editTimer(personId: personId, entryId: current.id, start: newStart, work: work, now: now)
    }

    // MARK: Sums

    /// A person's hours in the days, by day, week, month or project, with their capacity. By
    /// period, every period of the range has a row (with no hours too) and its own capacity.
    package func summary(personId: UUID, range: DayRange, groupBy: SummaryGrouping) async throws -> TimeReport {
        let totals = try await entries.totals(personId: personId, range: range, groupBy: groupBy)
        let capacity = try await entries.capacity(personIds: [personId], range: range).first
        let workingDays = TimeRules.workingDays(range)
        let total = capacity?.hours(workingDays: workingDays) ?? 0
        guard groupBy != .project else {
            return TimeReport(range: range, rows: totals.map { TimeReportRow(total: $0, capacity: nil) }, capacityHours: total)
        }
        let working = Set(workingDays)
        let byKey = Dictionary(totals.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = SummaryPeriod.periods(of: range, by: groupBy).map { period in
            TimeReportRow(
                total: byKey[period.key] ?? TimeTotal(key: period.key, label: period.label, seconds: 0, billableSeconds: 0),
                capacity: capacity?.hours(workingDays: period.days.filter { working.contains($0) }) ?? 0
            )
        }
        return TimeReport(range: range, rows: rows, capacityHours: total)
    }

    /// The company's hours in the days. By person, everyone under contract has a row (with no
    /// hours too) and their capacity; by team, a team's capacity is its members'.
    package func report(range: DayRange, groupBy: ReportGrouping) async throws -> TimeReport {
        let needsCapacity = groupBy == .person || groupBy == .team
        let totals = try await entries.report(range: range, groupBy: groupBy, workingDays: needsCapacity ? TimeRules.workingDays(range) : [])
        return TimeReport(
            range: range, rows: totals.rows.map { TimeReportRow(total: $0, capacity: needsCapacity ? $0.capacityHours ?? 0 : nil) },
            capacityHours: totals.capacityHours, freshness: totals.freshness)
    }

    /// The same report written by the store as the contract's JSON.
    package func writtenReport(range: DayRange, groupBy: ReportGrouping) async throws -> WrittenReport {
        let needsCapacity = groupBy == .person || groupBy == .team
        return try await entries.reportJSON(range: range, groupBy: groupBy, workingDays: needsCapacity ? TimeRules.workingDays(range) : [])
    }

    // MARK: Files

    package struct ImportResult: Sendable, Equatable {
        package var format: TimeFileFormat
        package var rows: Int
        package var confirmed: Bool
        /// Whether the caller may create the clients and projects the file names.
        package var mayCreate: Bool
        package var outcome: ImportOutcome
    }

    /// Reads a Toggl or Clockify file and imports it into the person's entries, or only tells
    /// what it would do (writing nothing). Clients and projects it names that do not exist are
    /// created for an admin; for anyone else their lines are refused until an admin creates them.
    /// The file is checked and matched in memory against what the store holds (three reads),
    /// then written in one transaction: its size does not hold a connection line by line.
    package func importFile(_ data: Data, personId: UUID, mayCreate: Bool, confirm: Bool) async throws -> ImportResult {
        let file = try await parsing.run { () throws(TimeError) in try TimeCSV.read(data) }
        let now = clock.now()
        var context = ImportContext(matches: [], memberTeams: [], recorded: [], settledMonths: [])
        if let span = ImportPlan.span(of: file.rows) {
            let plausible = file.rows.filter {
                TextProblem.of($0.clientName, maxLength: CatalogRules.maximumNameLength) == nil
                    && TextProblem.of($0.projectName, maxLength: CatalogRules.maximumNameLength) == nil
            }
            context.matches = try await catalog.match(names: ImportPlan.names(of: plausible))
            context.memberTeams = try await catalog.teams(of: personId).member
            if InstantRange.contains(span.start), InstantRange.contains(span.end) {
                (context.recorded, context.settledMonths) = try await entries.importContext(personId: personId, start: span.start, end: span.end)
            }
        }
        let plan = ImportPlan(rows: file.rows, problems: file.problems, context: context, createMissing: mayCreate, now: now)
        if confirm, !plan.entries.isEmpty {
            try await entries.writeImport(personId: personId, entries: plan.entries, now: now)
        }
        return ImportResult(
            format: file.format, rows: file.rows.count + file.problems.count, confirmed: confirm, mayCreate: mayCreate, outcome: plan.outcome)
    }
}
