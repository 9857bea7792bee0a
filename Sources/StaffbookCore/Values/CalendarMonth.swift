/// A month (`2020-12`): the period of invoices and of rate analytics.
package struct CalendarMonth: Comparable, Hashable, Sendable {
    package var year: Int
    package var month: Int

    /// Strict `YYYY-MM` between 1990 and 2100.
    package init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]),
            (1990...2100).contains(year), (1...12).contains(month)
        else { return nil }
        self.init(year: year, month: month)
    }

    package init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// `YYYY-MM` (years are 1990...2100, so four digits); built without `String(format:)`,
    /// which goes through NSString and showed in the month lists' profile.
    package var iso: String { String(year) + (month < 10 ? "-0" : "-") + String(month) }

    package func adding(months: Int) -> CalendarMonth {
        let index = year * 12 + (month - 1) + months
        return CalendarMonth(year: index / 12, month: index % 12 + 1)
    }

    /// Months from `other` to this month (negative when `other` is later).
    package func months(since other: CalendarMonth) -> Int {
        (year - other.year) * 12 + month - other.month
    }

    package var firstDay: CalendarDay { CalendarDay(year: year, month: month, day: 1) }
    package var lastDay: CalendarDay { CalendarDay(year: year, month: month, day: dayCount) }
    package var days: [CalendarDay] { (1...dayCount).map { CalendarDay(year: year, month: month, day: $0) } }

    package var dayCount: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
