import Foundation
import StaffbookCore

/// Numbers, money and dates as each language writes them: `1 234,50 Kč` and `3. 4. 2026` in
/// Czech, `CZK 1,234.50` and `3 Apr 2026` in English. Figures keep their exact value: the
/// amount is formatted from its decimal text, never through a floating-point number.
struct DeskFormat: Sendable {
    let language: Language

    func money(_ amount: Decimal, currency: String) -> String {
        let text = Money.format(amount)
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", maxSplits: 1)
        let whole = String(parts.first ?? "0")
        let fraction = parts.count > 1 ? String(parts[1]) : "00"
        // A narrow no-break space keeps a figure on one line at 412 px.
        let grouped = Self.grouped(whole, separator: language == .cs ? "\u{202F}" : ",")
        let number = grouped + (language == .cs ? "," : ".") + fraction
        let sign = negative ? "−" : ""
        switch (language, currency) {
        case (.cs, "CZK"): return sign + number + "\u{00A0}Kč"
        case (.cs, "EUR"): return sign + number + "\u{00A0}€"
        case (.cs, _): return sign + number + "\u{00A0}" + currency
        case (.en, "EUR"): return sign + "€" + number
        case (.en, _): return sign + currency + "\u{00A0}" + number
        }
    }

    func hours(_ value: Decimal) -> String {
        let text = Money.format(value)
        return language == .cs ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    func day(_ day: CalendarDay) -> String {
        switch language {
        case .cs: "\(day.day). \(day.month). \(day.year)"
        case .en: "\(day.day) \(Self.shortMonths[max(0, min(11, day.month - 1))]) \(day.year)"
        }
    }

    /// A span of days, or one day when it is one.
    func days(_ first: CalendarDay, _ last: CalendarDay) -> String {
        first == last ? day(first) : day(first) + " – " + day(last)
    }

    func instant(_ date: Date) -> String {
        day(CalendarDay(date))
    }

    /// A month on a chart's axis of twelve months: `12.` in Czech, `Dec` in English.
    func shortMonth(_ month: CalendarMonth) -> String {
        language == .cs ? "\(month.month)." : Self.shortMonths[max(0, min(11, month.month - 1))]
    }

    /// The wall-clock time in Prague, `08:05`.
    func clock(_ date: Date) -> String {
        let parts = Calendar.prague.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    func month(_ month: CalendarMonth) -> String {
        let index = max(0, min(11, month.month - 1))
        return (language == .cs ? Self.czechMonths[index] : Self.englishMonths[index]) + " \(month.year)"
    }

    private static func grouped(_ digits: String, separator: String) -> String {
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.append(digits[start..<end])
            end = start
        }
        return groups.reversed().joined(separator: separator)
    }

    private static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    private static let czechMonths = [
        "leden", "únor", "březen", "duben", "květen", "červen", "červenec", "srpen", "září", "říjen", "listopad", "prosinec",
    ]
}
