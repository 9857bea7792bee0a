import Foundation

/// How a person's time is summed up.
package enum SummaryGrouping: String, Sendable, CaseIterable {
    case day, week, month, project
}

/// A period a summary has a row for (a day, an ISO week, a month), with its days in the range.
package struct SummaryPeriod: Sendable, Equatable {
    package var key: String
    package var label: String
    package var days: [CalendarDay]

    /// Every period of the range, in order, empty ones too; none for a grouping by project.
    package static func periods(of range: DayRange, by grouping: SummaryGrouping) -> [SummaryPeriod] {
        guard grouping != .project else { return [] }
        var periods: [SummaryPeriod] = []
        for day in range.days {
            let (key, label): (String, String) =
                switch grouping {
                case .day: (day.iso, day.iso)
                case .week: (TimeRules.isoWeek(day), day.adding(days: -day.weekday).iso)
                case .month, .project: (day.calendarMonth.iso, day.calendarMonth.iso)
                }
            if periods.last?.key == key {
                periods[periods.count - 1].days.append(day)
            } else {
                periods.append(SummaryPeriod(key: key, label: label, days: [day]))
            }
        }
        return periods
    }
}
