import Foundation

/// Why a line of a time file was not imported.
package enum ImportProblemCode: String, Sendable, Equatable {
    case unreadableStart = "unreadable_start"
    case unreadableEnd = "unreadable_end"
    case noClientOrProject = "no_client_or_project"
    case endsBeforeStart = "ends_before_start"
    case longerThanADay = "longer_than_a_day"
    case inFuture = "in_future"
    case tooEarly = "too_early"
    /// The description or a tag breaks the text rules of entries.
    case text
    /// A client or project name over 200 characters or with control characters.
    case name
    case projectNotOpen = "project_not_open"
    case unknownClient = "unknown_client"
    case unknownProject = "unknown_project"
    /// The line's month is approved or paid.
    case settled
    /// It overlaps an earlier line of the same file.
    case overlapsFile = "overlaps_file"
}

/// A line that was not imported, and why.
package struct ImportProblem: Error, Sendable, Equatable {
    package var line: Int
    package var code: ImportProblemCode
    /// The settled month, for `settled`.
    package var month: CalendarMonth?

    package init(line: Int, code: ImportProblemCode, month: CalendarMonth? = nil) {
        self.line = line
        self.code = code
        self.month = month
    }
}

/// What an import did (or, as a preview, would do).
package struct ImportOutcome: Sendable, Equatable {
    package struct NewProject: Sendable, Equatable, Hashable {
        package var client: String
        package var project: String
    }

    package struct Overlap: Sendable, Equatable {
        package var line: Int
        package var entryId: UUID
    }

    package var imported = 0
    package var seconds = 0
    /// Lines equal to an entry the person has (the same file again): nothing added.
    package var alreadyThere = 0
    package var newClients: [String] = []
    package var newProjects: [NewProject] = []
    package var problems: [ImportProblem] = []
    /// Lines that overlap an entry the person has, with its id.
    package var overlaps: [Overlap] = []

    package init() {}
}

/// A client and project a file names, as the store matched them (names compared as the store
/// compares them: case and accents aside).
package struct NameMatch: Sendable, Equatable {
    package var clientName: String
    package var projectName: String
    /// The names as the store keys them, so two spellings of one new project are one.
    package var clientKey: String
    package var projectKey: String
    package var clientId: UUID?
    package var project: Project?

    package init(clientName: String, projectName: String, clientKey: String, projectKey: String, clientId: UUID?, project: Project?) {
        self.clientName = clientName
        self.projectName = projectName
        self.clientKey = clientKey
        self.projectKey = projectKey
        self.clientId = clientId
        self.project = project
    }
}

/// A span of time a person already has recorded.
package struct RecordedSpan: Sendable, Equatable {
    package var id: UUID
    package var projectId: UUID
    package var start: Date
    /// Nil: the running timer, which holds from its start on.
    package var end: Date?

    package init(id: UUID, projectId: UUID, start: Date, end: Date?) {
        self.id = id
        self.projectId = projectId
        self.start = start
        self.end = end
    }
}

/// What the store knows that a file is checked against.
package struct ImportContext: Sendable {
    package var matches: [NameMatch]
    /// The teams the person is a member of (which projects are open to them).
    package var memberTeams: Set<UUID>
    /// The person's entries that touch the file's span.
    package var recorded: [RecordedSpan]
    /// Months of the file's span whose invoice or statement is settled.
    package var settledMonths: Set<CalendarMonth>

    package init(matches: [NameMatch], memberTeams: Set<UUID>, recorded: [RecordedSpan], settledMonths: Set<CalendarMonth>) {
        self.matches = matches
        self.memberTeams = memberTeams
        self.recorded = recorded
        self.settledMonths = settledMonths
    }
}

/// An entry an import writes: to a project that exists, or to one it creates (by names).
package struct ImportedEntry: Sendable, Equatable {
    package var line: Int
    package var projectId: UUID?
    package var clientName: String
    package var projectName: String
    package var description: String
    package var start: Date
    package var end: Date
    package var tags: [String]
    /// Nil: as the project is (a new project is billable).
    package var billable: Bool?
}

/// An import worked out in memory: what it would write and what it tells.
package struct ImportPlan: Sendable {
    package var outcome = ImportOutcome()
    package var entries: [ImportedEntry] = []

    /// Checks every row with the rules of entries, matches it to its project and to what the
    /// person has recorded, and decides: written, already there, overlapping, or a problem.
    /// Rows are taken in time order, so of two lines of the file that overlap the earlier is kept.
    package init(rows: [ImportRow], problems: [ImportProblem], context: ImportContext, createMissing: Bool, now: Date) {
        var problems = problems
        var byNames: [String: NameMatch] = [:]
        for match in context.matches { byNames[Self.pair(match.clientName, match.projectName)] = match }
        var newClientKeys: Set<String> = [], newProjectKeys: Set<String> = []
        let recorded = context.recorded.sorted { $0.start < $1.start }
        var kept: [(start: Date, end: Date)] = []
        var seen: Set<String> = []
        for row in rows.sorted(by: { ($0.start, $0.line) < ($1.start, $1.line) }) {
            let start = TimeRules.wholeSeconds(row.start), end = TimeRules.wholeSeconds(row.end)
            if let problem = Self.problem(start: start, end: end, row: row, now: now) {
                problems.append(ImportProblem(line: row.line, code: problem))
                continue
            }
            guard let match = byNames[Self.pair(row.clientName, row.projectName)] else {
                problems.append(ImportProblem(line: row.line, code: .unknownProject))
                continue
            }
            // Names that do not exist are told either way: what an admin's import would create.
            let projectKey = match.clientKey + "\u{0}" + match.projectKey
            if match.clientId == nil, newClientKeys.insert(match.clientKey).inserted { outcome.newClients.append(row.clientName) }
            if match.project == nil, newProjectKeys.insert(projectKey).inserted {
                outcome.newProjects.append(.init(client: row.clientName, project: row.projectName))
            }
            if let project = match.project {
                guard project.active, CatalogRules.isOpen(project, toMemberOf: context.memberTeams) else {
                    problems.append(ImportProblem(line: row.line, code: .projectNotOpen))
                    continue
                }
            } else if !createMissing {
                problems.append(ImportProblem(line: row.line, code: match.clientId == nil ? .unknownClient : .unknownProject))
                continue
            }
            let month = TimeRules.day(of: start).calendarMonth
            if context.settledMonths.contains(month) {
                problems.append(ImportProblem(line: row.line, code: .settled, month: month))
                continue
            }
            let identity = "\(projectKey)\u{0}\(start.timeIntervalSince1970)\u{0}\(end.timeIntervalSince1970)"
            if let projectId = match.project?.id,
                recorded.contains(where: { $0.projectId == projectId && $0.start == start && $0.end == end })
            {
                outcome.alreadyThere += 1
                continue
            }
            if seen.contains(identity) {
                outcome.alreadyThere += 1
                continue
            }
            if let entry = Self.firstOverlap(in: recorded, start: start, end: end) {
                outcome.overlaps.append(.init(line: row.line, entryId: entry.id))
                continue
            }
            // The file's own lines in time order: one overlaps a kept one only if it starts
            // before the latest end kept so far.
            if let last = kept.last, start < last.end {
                problems.append(ImportProblem(line: row.line, code: .overlapsFile))
                continue
            }
            seen.insert(identity)
            kept.append((start, max(end, kept.last?.end ?? end)))
            entries.append(
                ImportedEntry(
                    line: row.line, projectId: match.project?.id, clientName: row.clientName, projectName: row.projectName,
                    description: row.description, start: start, end: end, tags: TimeRules.tags(row.tags),
                    billable: row.billable ?? match.project?.billable
                ))
            outcome.imported += 1
            outcome.seconds += Int(end.timeIntervalSince(start))
        }
        outcome.problems = problems.sorted { ($0.line, $0.code.rawValue) < ($1.line, $1.code.rawValue) }
    }

    /// The distinct client and project names of rows, for the store to match.
    package static func names(of rows: [ImportRow]) -> [(client: String, project: String)] {
        var seen: Set<String> = []
        return rows.compactMap { seen.insert(pair($0.clientName, $0.projectName)).inserted ? ($0.clientName, $0.projectName) : nil }
    }

    /// The span the rows cover, to read what the person has recorded in it.
    package static func span(of rows: [ImportRow]) -> (start: Date, end: Date)? {
        guard let start = rows.map(\.start).min(), let end = rows.map(\.end).max() else { return nil }
        return (start, end)
    }

    private static func pair(_ client: String, _ project: String) -> String { client + "\u{0}" + project }

    private static func problem(start: Date, end: Date, row: ImportRow, now: Date) -> ImportProblemCode? {
        if let problem = TimeRules.problem(start: start, end: end, now: now) {
            switch problem {
            case .notAfterStart: return .endsBeforeStart
            case .longerThanADay: return .longerThanADay
            case .startsTooEarly: return .tooEarly
            default: return .inFuture
            }
        }
        if !TimeRules.textProblems(description: row.description, tags: row.tags).isEmpty { return .text }
        if TextProblem.of(row.clientName, maxLength: CatalogRules.maximumNameLength) != nil
            || TextProblem.of(row.projectName, maxLength: CatalogRules.maximumNameLength) != nil
        {
            return .name
        }
        return nil
    }

    /// The recorded entry that overlaps `start..<end`, if one does (`recorded` sorted by start).
    private static func firstOverlap(in recorded: [RecordedSpan], start: Date, end: Date) -> RecordedSpan? {
        // Entries last at most a day (a running timer is the one exception, at most one): only
        // those starting in the day before `end` can reach into the span.
        var low = 0, high = recorded.count
        let from = start.addingTimeInterval(-TimeRules.maximumEntry)
        while low < high {
            let middle = (low + high) / 2
            if recorded[middle].start < from { low = middle + 1 } else { high = middle }
        }
        if let running = recorded.first(where: { $0.end == nil }), running.start < end { return running }
        for entry in recorded[low...] {
            if entry.start >= end { break }
            if let entryEnd = entry.end, entryEnd > start { return entry }
        }
        return nil
    }
}
