import Foundation

/// A calendar day as the contract names it, "2026-11-23": a day of time off, a contract's first
/// day, an invoice's due date. It has no time of day or zone; `date(in:)` gives its start.
public struct Day: Codable, Hashable, Sendable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Nil unless the day exists in the Gregorian calendar (and the year has four digits).
    public init?(year: Int, month: Int, day: Int) {
        guard (1000...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= Day.days(in: month, of: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads "2026-11-23".
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day holding `date` in `timeZone` (the company's days are Prague's).
    public init(containing date: Date, in timeZone: TimeZone = TimeZone(identifier: "Europe/Prague") ?? .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// The moment the day starts in `timeZone`.
    public func date(in timeZone: TimeZone = TimeZone(identifier: "Europe/Prague") ?? .current) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
    }

    /// The month it is in.
    public var monthOfYear: Month { Month(year: year, month: month) ?? Month(containing: date()) }

    public var description: String {
        String(year) + (month < 10 ? "-0" : "-") + String(month) + (day < 10 ? "-0" : "-") + String(day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a day (YYYY-MM-DD): \(text.prefix(20))")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }

    private static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
