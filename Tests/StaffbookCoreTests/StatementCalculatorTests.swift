import Foundation
import Testing
@testable import StaffbookCore

@Suite("Statement arithmetic")
struct StatementCalculatorTests {
    @Test func aRateChangeWithinTheMonthPaysEachDayAtItsOwnRate() {
        // 2026-03: 22 working days; capacity 40 h → 8 h a day; the rate changes on Monday 16th.
        let month = CalendarMonth(year: 2026, month: 3)
        let result = StatementCalculator.compute(
            month: month, covered: { _ in true }, weeklyCapacity: 40,
            rates: [(CalendarDay(year: 2025, month: 1, day: 1), 500), (CalendarDay(year: 2026, month: 3, day: 16), 600)],
            givenHours: nil
        )

        guard case .success(let statement) = result else { Issue.record("\(result)"); return }
        // 1–13 March: 10 working days × 8 h × 500 = 40 000; 16–31: 12 days × 8 h × 600 = 57 600.
        #expect(statement.segments.map(\.workingDays) == [10, 12])
        #expect(statement.segments.map(\.amount) == [40000, 57600])
        #expect(statement.hours == 176)
        #expect(statement.amount == 97600)
        #expect(statement.rate == Decimal(string: "554.55"))
    }

    @Test func givenHoursAreSpreadOverTheWorkingDaysUnderTheContract() {
        // DPP from 2026-03-23: 7 working days (23–27, 30, 31); 21 hours given → 3 h a day at 300.
        let result = StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 3), covered: { $0 >= CalendarDay(year: 2026, month: 3, day: 23) },
            weeklyCapacity: 10, rates: [(CalendarDay(year: 2026, month: 1, day: 1), 300)], givenHours: 21
        )

        guard case .success(let statement) = result else { Issue.record("\(result)"); return }
        #expect(statement.segments.map(\.workingDays) == [7])
        #expect(statement.amount == 6300)
        #expect(StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 3), covered: { _ in true }, weeklyCapacity: 10, rates: [], givenHours: nil
        ) == .failure(.noRate(CalendarDay(year: 2026, month: 3, day: 2))))
    }
}
