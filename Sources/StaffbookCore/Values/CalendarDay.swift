import Foundation

/// A calendar date (`2024-01-31`), as PostgreSQL's `date`: no time, no zone.
package struct CalendarDay: Comparable, Hashable, Sendable {
    package var year: Int
    package var month: Int
    package var day: Int

    /// Strict `YYYY-MM-DD` of a real date between 1900 and 2200.
    package init?(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// The same for a `String`, read without the generic path: a page of a team's month reads a
    /// few thousand days from the database.
    package init?(_ text: String) {
        self.init(utf8: text.utf8)
    }

    /// Ten bytes, digits where the format has them and `-` between; anything else is not a day.
    private init?(utf8: some Collection<UInt8>) {
        var (year, month, day, index) = (0, 0, 0, 0)
        for byte in utf8 {
            switch index {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 0...9:
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if index < 4 {
                    year = year * 10 + digit
                } else if index < 7 {
                    month = month * 10 + digit
                } else {
                    day = day * 10 + digit
                }
            default:
                return nil
            }
            index += 1
        }
        guard index == 10, (1900...2200).contains(year), (1...12).contains(month),
            (1...CalendarMonth(year: year, month: month).dayCount).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in Prague, where the company works.
    package init(_ date: Date) {
        let components = Calendar.prague.dateComponents([.year, .month, .day], from: date)
        self.init(year: components.year ?? 1970, month: components.month ?? 1, day: components.day ?? 1)
    }

    package var iso: String { CalendarMonth(year: year, month: month).iso + (day < 10 ? "-0" : "-") + String(day) }

    package var calendarMonth: CalendarMonth { CalendarMonth(year: year, month: month) }

    /// Days since 1970-01-01 (Howard Hinnant's days-from-civil algorithm).
    package var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `days` after 1970-01-01 (Howard Hinnant's civil-from-days algorithm).
    package init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    package func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    package var weekday: Int { ((daysSinceEpoch % 7) + 7 + 3) % 7 }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension Calendar {
    package static let prague: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Prague") ?? TimeZone(secondsFromGMT: 3600) ?? .current
        return calendar
    }()
}
