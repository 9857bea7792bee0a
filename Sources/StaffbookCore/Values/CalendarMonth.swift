/// A month (`2020-12`): the period of invoices and of rate analytics.
package struct CalendarMonth: Comparable, Hashable, Sendable {
    package var year: Int
    package var month: Int

    /// Strict `YYYY-MM` between 1990 and 2100. Read byte by byte: every invoice row carries
    /// its period as text, and splitting it into substrings cost more than the rest of the row.
    package init?(_ text: some StringProtocol) {
        var (year, month, position) = (0, 0, 0)
        for byte in text.utf8 {
            if position == 4 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard position < 7, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int(byte &- UInt8(ascii: "0"))
                if position < 4 { year = year * 10 + digit } else { month = month * 10 + digit }
            }
            position += 1
        }
        guard position == 7, (1990...2100).contains(year), (1...12).contains(month) else { return nil }
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
