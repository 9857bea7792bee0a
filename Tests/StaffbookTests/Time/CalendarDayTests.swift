import Foundation
import Testing

@testable import StaffbookCore

@Suite("A day as YYYY-MM-DD")
struct CalendarDayTests {
    @Test func onlyARealDayBetween1900And2200InExactlyTenASCIICharactersIsADay() {
        #expect(CalendarDay("2026-10-05") == CalendarDay(year: 2026, month: 10, day: 5))
        #expect(CalendarDay("2024-02-29") == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(CalendarDay("1900-01-01") != nil && CalendarDay("2200-12-31") != nil)
        #expect(CalendarDay("2026-10-05".dropFirst(0)) == CalendarDay(year: 2026, month: 10, day: 5), "a substring reads the same")
        for text in [
            "2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-10-00", "1899-12-31", "2201-01-01", "2026-1-05", "2026-10-5",
            "2026-10-05 ", " 2026-10-05", "2026/10/05", "+026-10-05", "２026-10-05", "2026-10-05x", "", "20261005", "2026-10-0٥",
        ] {
            #expect(CalendarDay(text) == nil, "\(text)")
        }
    }
}
