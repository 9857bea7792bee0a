import Foundation

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
