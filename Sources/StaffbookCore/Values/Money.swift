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
        if let value = parseShort(text) { return value }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "-" }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `-?digits(.digits)?` with at most 18 significant digits, without `Decimal(string:)`,
    /// whose locale-aware parser cost more than decoding the rest of an invoice row. The value
    /// is built as that parser leaves it (trailing zeros moved into the exponent), so both give
    /// the same `Decimal`; anything else is left to it.
    static func parseShort(_ text: String) -> Decimal? {
        var significand: UInt64 = 0
        var (digits, fractionDigits, trailingZeros) = (0, 0, 0)
        var (negative, point, position) = (false, false, 0)
        for byte in text.utf8 {
            defer { position += 1 }
            switch byte {
            case UInt8(ascii: "-") where position == 0:
                negative = true
            case UInt8(ascii: ".") where !point && digits > 0:
                point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if significand == 0 && digit == 0 && !point {
                    // A leading zero: nothing to count.
                    digits = max(digits, 1)
                } else {
                    guard digits < 18 else { return nil }
                    significand = significand * 10 + digit
                    digits += 1
                }
                if point { fractionDigits += 1 }
                trailingZeros = digit == 0 ? trailingZeros + 1 : 0
            default:
                return nil
            }
        }
        guard digits > 0, !(point && fractionDigits == 0) else { return nil }
        guard significand != 0 else { return Decimal(0) }
        var exponent = -fractionDigits
        for _ in 0..<trailingZeros where significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// `hundredths` ÷ 100 as a `Decimal`, built as `Decimal`'s own arithmetic leaves it
    /// (trailing zeros of the fraction moved into the exponent).
    static func hundredths(_ hundredths: UInt64, negative: Bool) -> Decimal {
        guard hundredths != 0 else { return Decimal(0) }
        var (significand, exponent) = (hundredths, -2)
        while exponent < 0, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// The value in hundredths when it is a whole number of them below 10^12 (a sum of hours or
    /// of money); nil otherwise, for the caller's exact `Decimal` path. Read from the exponent
    /// and the significand, without `Decimal` comparisons (each cost more than a row's JSON).
    static func wholeHundredths(_ value: Decimal) -> Int64? {
        guard !value.isNaN else { return nil }
        let exponent = value.exponent
        guard exponent >= -2, exponent <= 12 else { return value.isZero ? 0 : nil }
        let significand = NSDecimalNumber(decimal: value.significand)
        // A Double holds integers below 2^53 exactly: the bound is safe to test on it, and the
        // integer read below it is the significand.
        guard significand.doubleValue < 1e14 else { return nil }
        var whole = significand.int64Value
        for _ in 0..<(exponent + 2) {
            guard case (let next, false) = whole.multipliedReportingOverflow(by: 10) else { return nil }
            whole = next
        }
        guard whole < 100_000_000_000_000 else { return nil }
        return value.sign == .minus ? -whole : whole
    }

    /// The sum, added in whole hundredths while the values are (a report's ten thousand rows
    /// each cost a `Decimal` addition of some 5,000 instructions), exactly for the others.
    package static func sum(_ values: some Sequence<Decimal>) -> Decimal {
        var (cents, others) = (Int64(0), Decimal(0))
        for value in values {
            if let whole = wholeHundredths(value), case (let next, false) = cents.addingReportingOverflow(whole) {
                cents = next
            } else {
                others += value
            }
        }
        let whole = hundredths(cents.magnitude, negative: cents < 0)
        return others.isZero ? whole : whole + others
    }

    /// Two decimals, half-up (away from zero), dot as separator: "1250.50".
    package static func format(_ value: Decimal) -> String {
        if let cents = wholeHundredths(value) { return text(hundredths: cents) }
        return String(format2(rounded(value)))
    }

    /// "-12.05" for -1205.
    static func text(hundredths cents: Int64) -> String {
        // Digits from the right into a small buffer: a few parts joined as strings cost ten
        // times as much, once for each figure of a report.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var (magnitude, index) = (cents.magnitude, 24)
            func put(_ byte: UInt8) {
                index -= 1
                buffer[index] = byte
            }
            for place in 0..<2 {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
                if place == 1 { put(UInt8(ascii: ".")) }
            }
            repeat {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if cents < 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
        }
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
