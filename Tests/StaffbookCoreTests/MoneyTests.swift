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
}
