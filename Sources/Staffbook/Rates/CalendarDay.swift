import Foundation

/// A calendar date (`2024-01-31`), as PostgreSQL's `date`: no time, no zone.
struct CalendarDay: Comparable, Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    /// Strict `YYYY-MM-DD` of a real date between 1900 and 2200.
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1900...2200).contains(year), (1...12).contains(month),
              (1...CalendarMonth(year: year, month: month).dayCount).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in Prague, where the company works.
    init(_ date: Date) {
        let components = Calendar.prague.dateComponents([.year, .month, .day], from: date)
        self.init(year: components.year!, month: components.month!, day: components.day!)
    }

    var iso: String { CalendarMonth(year: year, month: month).iso + (day < 10 ? "-0" : "-") + String(day) }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A month (`2020-12`): the period of invoices and of rate analytics.
struct CalendarMonth: Comparable, Hashable, Sendable {
    var year: Int
    var month: Int

    /// Strict `YYYY-MM` between 1990 and 2100.
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]),
              (1990...2100).contains(year), (1...12).contains(month)
        else { return nil }
        self.init(year: year, month: month)
    }

    init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// `YYYY-MM` (years are 1990...2100, so four digits); built without `String(format:)`,
    /// which goes through NSString and showed in the month lists' profile.
    var iso: String { String(year) + (month < 10 ? "-0" : "-") + String(month) }

    func adding(months: Int) -> CalendarMonth {
        let index = year * 12 + (month - 1) + months
        return CalendarMonth(year: index / 12, month: index % 12 + 1)
    }
    var firstDay: CalendarDay { CalendarDay(year: year, month: month, day: 1) }
    var lastDay: CalendarDay { CalendarDay(year: year, month: month, day: dayCount) }

    var dayCount: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

extension Calendar {
    static let prague: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Prague")!
        return calendar
    }()
}
