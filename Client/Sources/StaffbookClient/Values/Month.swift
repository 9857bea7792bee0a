import Foundation

/// A calendar month as the contract names it, "2026-11": what invoices, statements and
/// timesheets are for.
public struct Month: Codable, Hashable, Sendable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    public var year: Int
    /// 1 to 12.
    public var month: Int

    /// Nil unless `month` is 1 to 12 and `year` has four digits.
    public init?(year: Int, month: Int) {
        guard (1...12).contains(month), (1000...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
    }

    /// Reads "2026-11".
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// The month holding `date` in `timeZone` (the company's months are Prague's).
    public init(containing date: Date, in timeZone: TimeZone = TimeZone(identifier: "Europe/Prague") ?? .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
    }

    public var description: String {
        String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) + (month < 10 ? "-0" : "-") + String(month)
    }

    /// The month before.
    public var previous: Month { month == 1 ? Month(unchecked: year - 1, 12) : Month(unchecked: year, month - 1) }
    /// The month after.
    public var next: Month { month == 12 ? Month(unchecked: year + 1, 1) : Month(unchecked: year, month + 1) }

    private init(unchecked year: Int, _ month: Int) {
        self.year = year
        self.month = month
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let month = Month(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a month (YYYY-MM): \(text.prefix(20))")
        }
        self = month
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
