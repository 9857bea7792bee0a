import Foundation

/// The files of the two time trackers people move between: Toggl Track's import columns and
/// Clockify's detailed report. Times are Prague wall-clock times, to the second.
package enum TimeFileFormat: String, Sendable, CaseIterable {
    case toggl, clockify
}

/// One entry read from a file, not yet matched to a project.
package struct ImportRow: Sendable, Equatable {
    /// The line in the file (the header is line 1).
    package var line: Int
    package var clientName: String
    package var projectName: String
    package var description: String
    package var start: Date
    package var end: Date
    package var tags: [String]
    /// Nil: as the project is.
    package var billable: Bool?

    package init(
        line: Int, clientName: String, projectName: String, description: String, start: Date, end: Date, tags: [String], billable: Bool?
    ) {
        self.line = line
        self.clientName = clientName
        self.projectName = projectName
        self.description = description
        self.start = start
        self.end = end
        self.tags = tags
        self.billable = billable
    }
}

package enum TimeCSV {
    package static let togglColumns = [
        "User", "Email", "Client", "Project", "Task", "Description", "Billable", "Start date", "Start time", "Duration", "Tags",
    ]
    package static let clockifyColumns = [
        "Project", "Client", "Description", "Task", "User", "Email", "Tags", "Billable", "Start Date", "Start Time", "End Date",
        "End Time", "Duration (h)", "Duration (decimal)",
    ]
    /// More lines than this are refused as a whole: a year of a busy person is some 3,000.
    package static let maximumRows = 20000

    // MARK: Writing

    package static func write(_ entries: [ExportedEntry], format: TimeFileFormat) -> Data {
        let rows = entries.compactMap { exported -> [String]? in
            let entry = exported.entry
            guard let end = entry.end else { return nil }
            let seconds = Int(end.timeIntervalSince(entry.start))
            let start = wallClock(entry.start), finish = wallClock(end)
            let billable = entry.billable ? "Yes" : "No"
            let tags = entry.tags.joined(separator: ", ")
            switch format {
            case .toggl:
                return [
                    exported.personName, exported.email, entry.clientName, entry.projectName, "", entry.description, billable,
                    start.day.iso, start.time, clock(seconds), tags,
                ]
            case .clockify:
                return [
                    entry.projectName, entry.clientName, entry.description, "", exported.personName, exported.email, tags, billable,
                    usDate(start.day), start.time, usDate(finish.day), finish.time, clock(seconds),
                    "\(Money.format(Decimal(seconds) / 3600))",
                ]
            }
        }
        return CSVDocument(header: format == .toggl ? togglColumns : clockifyColumns, rows: rows, byteOrderMark: false).data()
    }

    /// `2026-11-23` and `09:05:00` in Prague.
    static func wallClock(_ date: Date) -> (day: CalendarDay, time: String) {
        let parts = Calendar.prague.dateComponents([.hour, .minute, .second], from: date)
        return (CalendarDay(date), "\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0)):\(two(parts.second ?? 0))")
    }

    /// `01:30:00`.
    static func clock(_ seconds: Int) -> String {
        "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// `11/23/2026`, as Clockify writes dates by default.
    static func usDate(_ day: CalendarDay) -> String {
        "\(two(day.month))/\(two(day.day))/\(day.year)"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    // MARK: Reading

    /// The format (from the header) and the rows; lines that cannot be read come back as problems.
    package static func read(_ data: Data) throws(TimeError) -> (format: TimeFileFormat, rows: [ImportRow], problems: [ImportProblem]) {
        guard let text = String(data: data, encoding: .utf8), let table = CSVReader.rows(text), let header = table.first else {
            throw .notATimeCSV
        }
        let names = header.map { $0.trimmingCharacters(in: .whitespaces) }
        let column = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let format: TimeFileFormat
        if column["Start date"] != nil, column["Start time"] != nil, column["Duration"] != nil {
            format = .toggl
        } else if column["Start Date"] != nil, column["Start Time"] != nil,
            column["End Date"] != nil || column["Duration (h)"] != nil || column["Duration (decimal)"] != nil
        {
            format = .clockify
        } else {
            throw .notATimeCSV
        }
        guard table.count - 1 <= maximumRows else { throw .notATimeCSV }
        var rows: [ImportRow] = []
        var problems: [ImportProblem] = []
        let dateColumns = (format == .toggl ? ["Start date"] : ["Start Date", "End Date"]).compactMap { column[$0] }
        // Slashed dates are month first (Clockify's default) unless the file shows otherwise:
        // a workspace set to day first writes 23/11/2026, and one such date settles the file.
        let dayFirst = table.dropFirst().contains { fields in
            dateColumns.contains { $0 < fields.count && (Int(fields[$0].split(separator: "/").first ?? "") ?? 0) > 12 }
        }
        for (offset, fields) in table.dropFirst().enumerated() {
            let line = offset + 2
            func cell(_ name: String) -> String {
                guard let index = column[name], index < fields.count else { return "" }
                return CSVReader.unneutralized(fields[index].trimmingCharacters(in: .whitespaces))
            }
            switch row(line: line, format: format, dayFirst: dayFirst, cell: cell) {
            case .success(let row): rows.append(row)
            case .failure(let problem): problems.append(problem)
            }
        }
        return (format, rows, problems)
    }

    private static func row(
        line: Int, format: TimeFileFormat, dayFirst: Bool, cell: (String) -> String
    ) -> Result<ImportRow, ImportProblem> {
        let (dateColumn, timeColumn) = format == .toggl ? ("Start date", "Start time") : ("Start Date", "Start Time")
        guard let day = date(cell(dateColumn), dayFirst: dayFirst), let time = timeOfDay(cell(timeColumn)),
            let start = TimeRules.instant(day, hour: time.hour, minute: time.minute, second: time.second)
        else {
            return .failure(ImportProblem(line: line, code: .unreadableStart))
        }
        var end: Date?
        if format == .clockify, let endDay = date(cell("End Date"), dayFirst: dayFirst), let endTime = timeOfDay(cell("End Time")) {
            end = TimeRules.instant(endDay, hour: endTime.hour, minute: endTime.minute, second: endTime.second)
        }
        if end == nil, let seconds = duration(cell(format == .toggl ? "Duration" : "Duration (h)")) {
            end = start.addingTimeInterval(TimeInterval(seconds))
        }
        if end == nil, format == .clockify, let seconds = decimalHours(cell("Duration (decimal)")) {
            end = start.addingTimeInterval(TimeInterval(seconds))
        }
        guard let end else { return .failure(ImportProblem(line: line, code: .unreadableEnd)) }
        let project = cell("Project"), client = cell("Client")
        guard !project.isEmpty, !client.isEmpty else {
            return .failure(ImportProblem(line: line, code: .noClientOrProject))
        }
        let billable: Bool? =
            switch cell("Billable").lowercased() {
            case "yes", "true", "y", "1", "ano": true
            case "no", "false", "n", "0", "ne": false
            default: nil
            }
        return .success(
            ImportRow(
                line: line, clientName: client, projectName: project, description: cell("Description"), start: start, end: end,
                tags: TimeRules.tags(cell("Tags").split(separator: ",").map(String.init)), billable: billable
            ))
    }

    /// `2026-11-23`, `11/23/2026` (Clockify's default; `23/11/2026` when `dayFirst`) or
    /// `23.11.2026` (Czech).
    package static func date(_ text: String, dayFirst: Bool = false) -> CalendarDay? {
        if let day = CalendarDay(text) { return day }
        let slash = text.split(separator: "/"), dots = text.split(separator: ".")
        let (month, day, year): (Substring, Substring, Substring)
        if slash.count == 3 {
            (month, day, year) = dayFirst ? (slash[1], slash[0], slash[2]) : (slash[0], slash[1], slash[2])
        } else if dots.count == 3 {
            (day, month, year) = (dots[0], dots[1], dots[2])
        } else {
            return nil
        }
        guard let y = Int(year), let m = Int(month), let d = Int(day), year.count == 4 else { return nil }
        return CalendarDay(String(format: "%04d-%02d-%02d", y, m, d))
    }

    /// `09:05:00`, `9:05`, or `09:05:00 AM`.
    package static func timeOfDay(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        var text = text.uppercased()
        var shift: Int?
        for (suffix, add) in [("AM", 0), ("PM", 12)] where text.hasSuffix(suffix) {
            text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces)
            shift = add
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), let hour = parts[0], let minute = parts[1] else { return nil }
        let second = parts.count == 3 ? parts[2] : 0
        // Out-of-range parts would roll into the next hour or day instead of being refused.
        guard let second, (0..<60).contains(minute), (0..<60).contains(second), (0..<24).contains(hour) else { return nil }
        if let shift {
            guard (1...12).contains(hour) else { return nil }
            return (hour % 12 + shift, minute, second)
        }
        return (hour, minute, second)
    }

    /// Longer durations are not read at all: no entry may last over a day, and a bound here keeps
    /// the arithmetic on a file's numbers far from overflowing.
    static let maximumDurationHours = 10_000

    /// `01:30:00` or `1:30` in seconds.
    package static func duration(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), let hours = parts[0], let minutes = parts[1], (0..<60).contains(minutes) else { return nil }
        let seconds = parts.count == 3 ? parts[2] : 0
        guard let seconds, (0..<60).contains(seconds), (0...maximumDurationHours).contains(hours) else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// `1.5` (hours, as Clockify's decimal column) in whole seconds.
    package static func decimalHours(_ text: String) -> Int? {
        guard let hours = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !hours.isNaN,
            hours >= 0, hours <= Decimal(maximumDurationHours)
        else { return nil }
        var seconds = hours * 3600, whole = Decimal()
        NSDecimalRound(&whole, &seconds, 0, .down)
        return NSDecimalNumber(decimal: whole).intValue
    }
}
