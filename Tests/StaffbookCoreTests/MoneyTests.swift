import Foundation
import Testing
@testable import StaffbookCore

@Suite("Money and rate increases")
struct MoneyTests {
    @Test func theAverageArithmeticRoundsHalfUp() {
        let increases = [
            RateIncrease(amount: Decimal(string: "100.01")!, previous: 100),
            RateIncrease(amount: Decimal(string: "100.00")!, previous: 100),
        ]

        let average = RateIncrease.average(increases)

        // (0.01 + 0) / 2 = 0.005 → 0.01 half-up; percent (0.01 + 0) / 2 = 0.005 → 0.01.
        #expect(average?.absolute == Decimal(string: "0.01"))
        #expect(average?.percent == Decimal(string: "0.01"))
        #expect(RateIncrease.average([]) == nil)
        #expect(Money.format(Decimal(string: "2.345")!) == "2.35")
        #expect(Money.format(Decimal(string: "-2.345")!) == "-2.35")
        #expect(Money.format(Decimal(string: "1250.5")!) == "1250.50")
    }

    @Test(arguments: [
        "0", "0.00", "-0", "1", "100", "42000.50", "-1250.5", "0.05", "007.10", "123456789012345678", "1234567890.12345678",
        "99999999999999999999.99", "1234567890123456789", "12.000000000000000000001",
    ])
    func storedNumbersParseAsFoundationParsesThem(text: String) throws {
        let ours = try #require(Money.parseStored(text))
        let foundation = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))

        #expect(ours == foundation)
        #expect(ours.description == foundation.description)
    }

    @Test(arguments: ["", "1e5", " 1", "NaN", "١٢", "12,50"])
    func anythingButAPlainStoredNumberIsRefused(text: String) {
        #expect(Money.parseStored(text) == nil)
    }

    /// How `format` wrote every value before it read whole hundredths as integers.
    static func decimalFormat(_ value: Decimal) -> String {
        let rounded = Money.rounded(value)
        let negative = rounded < 0
        let cents = NSDecimalNumber(decimal: (negative ? -rounded : rounded) * 100).int64Value
        let fraction = cents % 100
        return (negative ? "-" : "") + "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Values of every shape the integer paths meet or must leave alone: whole hundredths, more
    /// decimals, trailing zeros in the exponent, the 10^12 bound, and significands past 2^53.
    static func samples() -> [Decimal] {
        var values = [
            "0", "0.00", "1", "-1", "0.01", "-0.01", "0.005", "-0.005", "2.345", "1250.5", "1e3", "160.00", "99999999999.99",
            "999999999999.99", "1000000000000", "1000000000000.01", "12345678901234567890", "9007199254740993", "0.0000001",
            "123456.789", "-98765.4321", "5e12", "1e-5",
        ].compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let significand = Decimal(Int64.random(in: -1_000_000_000_000_000...1_000_000_000_000_000, using: &generator))
            let exponent = Int.random(in: -6...4, using: &generator)
            values.append(Decimal(sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: significand.magnitude))
        }
        return values
    }

    @Test func formattingWholeHundredthsAsIntegersWritesWhatDecimalArithmeticWrites() {
        for value in Self.samples() {
            #expect(Money.format(value) == Self.decimalFormat(value), "\(value)")
        }
        // The integer path is the one taken for whole hundredths, and only for them.
        let read = ["160.00", "-0.01", "1e3", "999999999999.99", "0.005", "1000000000000", "9007199254740993"].map {
            Money.wholeHundredths(Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) ?? .nan)
        }
        #expect(read == [16_000, -1, 100_000, 99_999_999_999_999, nil, nil, nil])
    }

    @Test func sumsInHundredthsEqualDecimalSumsAndKeepWhatIsNotWholeHundredths() {
        let values = Self.samples()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let some = (0..<Int.random(in: 0...50, using: &generator)).compactMap { _ in values.randomElement(using: &generator) }
            #expect(Money.sum(some) == some.reduce(Decimal(0), +), "\(some)")
        }
        // Past Int64 in hundredths the rest is added exactly.
        let big = Decimal(string: "900000000000")!
        #expect(Money.sum(Array(repeating: big, count: 20_000)) == big * 20_000)
        #expect(Money.sum([Decimal(string: "0.1")!, Decimal(string: "0.005")!, Decimal(string: "-0.1")!]) == Decimal(string: "0.005")!)
    }
}
