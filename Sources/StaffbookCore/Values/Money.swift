import Foundation

/// CZK amounts: exact decimals, parsed from and written as strings, never floating point.
package enum Money {
    /// A positive amount with at most two decimals and at most 8 integer digits.
    package static func parsePositive(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            (1...8).contains(parts[0].count), parts[0].allSatisfy(\.isASCIIDigit),
            parts.count == 1 || ((1...2).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit)),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value > 0
        else { return nil }
        return value
    }

    /// A decimal as PostgreSQL writes `numeric` (digits, an optional sign and point); nil for
    /// anything else, so a malformed stored value is an error, not a crash.
    package static func parseStored(_ text: String) -> Decimal? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "-" }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Two decimals, half-up (away from zero), dot as separator: "1250.50".
    package static func format(_ value: Decimal) -> String {
        String(format2(rounded(value)))
    }

    package static func rounded(_ value: Decimal, scale: Int = 2) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, .plain)
        return result
    }

    private static func format2(_ value: Decimal) -> String {
        let negative = value < 0
        let magnitude = negative ? -value : value
        let cents = NSDecimalNumber(decimal: magnitude * 100).int64Value
        let fraction = cents % 100
        let text = "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        return negative ? "-" + text : text
    }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
