import Foundation

/// The rules of recorded time, without I/O.
package enum TimeRules {
    package static let maximumEntry: TimeInterval = 86400
    /// The first day time may be recorded on: older entries are mistakes (a year typed as 0001),
    /// whichever way they come in.
    package static let earliestDay = CalendarDay(year: 2000, month: 1, day: 1)
    package static let maximumDescriptionLength = 1000
    package static let maximumTags = 20
    package static let maximumTagLength = 50

    /// Times are kept to the whole second: what Toggl and Clockify carry, so a file exported and
    /// imported again gives the same entries.
    package static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// The first instant of a day in Prague.
    package static func midnight(_ day: CalendarDay) -> Date {
        Calendar.prague.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
            ?? Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch * 86400))
    }

    /// The instant of a Prague wall-clock time (in the autumn's repeated hour, the first one).
    package static func instant(_ day: CalendarDay, hour: Int, minute: Int, second: Int) -> Date? {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return Calendar.prague.date(
            from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
        )
    }

    /// An entry counts on the day (and in the month) it starts, in Prague.
    package static func day(of date: Date) -> CalendarDay { CalendarDay(date) }

    /// Why a finished entry cannot be recorded, if it cannot.
    package static func problem(start: Date, end: Date, now: Date) -> TimeError? {
        if start < midnight(earliestDay) { return .startsTooEarly }
        if end <= start { return .notAfterStart }
        if end.timeIntervalSince(start) > maximumEntry { return .longerThanADay }
        if start > now { return .startsInFuture }
        if end > now { return .endsInFuture }
        return nil
    }

    package enum Stop: Equatable {
        /// It ran no time at all: nothing to keep.
        case drop
        case end(Date, capped: Bool)
    }

    /// Stopping a timer that started at `start`: at `now`, or 24 hours in if it was forgotten.
    package static func stop(start: Date, now: Date) -> Stop {
        let end = wholeSeconds(now)
        if end <= start { return .drop }
        if end.timeIntervalSince(start) > maximumEntry { return .end(start.addingTimeInterval(maximumEntry), capped: true) }
        return .end(end, capped: false)
    }

    /// Whether a write may touch a month: a settled one (its invoice or statement settled, or
    /// its timesheet approved) is read-only, except to an admin who says why.
    package static func lockProblem(month: CalendarMonth, settled: Bool, actor: TimeActor) -> TimeError? {
        guard settled else { return nil }
        guard actor.isAdmin else { return .periodLocked(month) }
        return actor.reason == nil ? .reasonRequired : nil
    }

    /// Where an entry's text breaks the rules every way in shares (the JSON API, files, batches):
    /// the field (`description`, `tags[2]`, `tags`) and why.
    package static func textProblems(description: String, tags: [String]) -> [(field: String, problem: TextProblem)] {
        var problems: [(field: String, problem: TextProblem)] = []
        if let problem = TextProblem.of(description, maxLength: maximumDescriptionLength) { problems.append(("description", problem)) }
        for (index, tag) in tags.enumerated() {
            if let problem = TextProblem.of(tag, maxLength: maximumTagLength) {
                problems.append(("tags[\(index)]", problem))
            } else if tag.contains(",") {
                problems.append(("tags[\(index)]", .comma))
            }
        }
        if Self.tags(tags).count > maximumTags { problems.append(("tags", .tooMany)) }
        return problems
    }

    /// Trimmed, without empties or repeats, in the order given.
    package static func tags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The days of the range one is expected to work: Monday to Friday, not a public holiday.
    package static func workingDays(_ range: DayRange) -> [CalendarDay] {
        let holidays = Set((range.from.year...max(range.from.year, range.to.year)).flatMap { CzechHolidays.holidays(in: $0).map(\.day) })
        return range.days.filter { StatementCalculator.isWorkingDay($0) && !holidays.contains($0) }
    }

    /// Hours a person is expected to work: weekly capacity ÷ 5 on each of the working days they
    /// are under contract, less the hours of a day they are away (`away` gets the day and its
    /// hours).
    package static func capacityHours(
        workingDays: [CalendarDay], weeklyCapacity: Decimal, covered: (CalendarDay) -> Bool,
        away: (CalendarDay, Decimal) -> Decimal = { _, _ in 0 }
    ) -> Decimal {
        capacityHours(workingDays: workingDays, weeklyCapacity: { _ in weeklyCapacity }, covered: covered, away: away)
    }

    /// The same with the weekly capacity in force on each day (it changes from a month's first day,
    /// so it is asked once a month of the days).
    package static func capacityHours(
        workingDays: [CalendarDay], weeklyCapacity: (CalendarDay) -> Decimal, covered: (CalendarDay) -> Bool,
        away: (CalendarDay, Decimal) -> Decimal = { _, _ in 0 }
    ) -> Decimal {
        // Decimal arithmetic costs about a microsecond an operation and a team's month has a
        // thousand days: the daily fifth is divided once a month, and the whole days (no time
        // away) are counted and multiplied once a month instead of added one by one.
        var month: CalendarMonth?
        var daily = Decimal(0)
        var wholeDays = 0
        var sum = Decimal(0)
        for day in workingDays where covered(day) {
            if day.calendarMonth != month {
                if wholeDays > 0 { sum += daily * Decimal(wholeDays) }
                wholeDays = 0
                month = day.calendarMonth
                daily = weeklyCapacity(day) / 5
            }
            let taken = away(day, daily)
            if taken.isZero {
                wholeDays += 1
            } else {
                sum += max(0, daily - taken)
            }
        }
        if wholeDays > 0 { sum += daily * Decimal(wholeDays) }
        return Money.rounded(sum)
    }

    /// `2026-W48`: the ISO 8601 week (Monday to Sunday) and its year.
    package static func isoWeek(_ day: CalendarDay) -> String {
        let thursday = day.adding(days: 3 - day.weekday)
        let januaryFirst = CalendarDay(year: thursday.year, month: 1, day: 1)
        let week = (thursday.daysSinceEpoch - januaryFirst.daysSinceEpoch) / 7 + 1
        return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
    }

    /// Hours from seconds, to two decimals (half away from zero). In integers: a division of
    /// Foundation's `Decimal` costs about 50,000 instructions, and a report makes a few a row.
    package static func hours(_ seconds: Int) -> Decimal {
        let (scaled, overflow) = UInt64(seconds.magnitude).multipliedReportingOverflow(by: 100)
        guard !overflow, scaled <= UInt64.max - 1800 else { return Money.rounded(Decimal(seconds) / 3600) }
        return Money.hundredths((scaled + 1800) / 3600, negative: seconds < 0)
    }

    /// Hours ÷ capacity, to two decimals (0.85 is 85 %); nil without capacity. Both are whole
    /// hundredths as a rule, and then the quotient is rounded in integers.
    package static func utilisation(hours: Decimal, capacity: Decimal?) -> Decimal? {
        guard let capacity, capacity > 0 else { return nil }
        guard let numerator = Money.wholeHundredths(hours), let denominator = Money.wholeHundredths(capacity),
            case (let scaled, false) = numerator.magnitude.multipliedReportingOverflow(by: 200)
        else { return Money.rounded(hours / capacity) }
        return Money.hundredths((scaled / denominator.magnitude + 1) / 2, negative: numerator < 0)
    }
}
