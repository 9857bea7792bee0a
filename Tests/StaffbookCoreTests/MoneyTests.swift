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
}
