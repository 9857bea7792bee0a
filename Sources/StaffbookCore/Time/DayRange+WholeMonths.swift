import Foundation

extension DayRange {
    /// The whole months inside the range, as the first day of the first and the first day after
    /// the last (half-open); nil when the range holds no whole month. Sums kept by the month
    /// serve these, sums by the day the rest.
    package var wholeMonths: (from: CalendarDay, to: CalendarDay)? {
        let first = from.day == 1 ? from.calendarMonth : from.calendarMonth.adding(months: 1)
        let last = to == to.calendarMonth.lastDay ? to.calendarMonth : to.calendarMonth.adding(months: -1)
        guard first <= last else { return nil }
        return (first.firstDay, last.adding(months: 1).firstDay)
    }
}
