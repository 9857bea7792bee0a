import Foundation
import Testing
@testable import StaffbookCore

@Suite("Statement arithmetic")
struct StatementCalculatorTests {
    static func day(_ text: String) -> CalendarDay {
        CalendarDay(text) ?? CalendarDay(year: 1970, month: 1, day: 1)
    }

    @Test func aRateChangeWithinTheMonthPaysEachDayAtItsOwnRateOnItsOwnLine() throws {
        // 2026-03: 22 working days, no holiday; capacity 40 h → 8 h a day; the rate changes on Monday 16th.
        let result = StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 3), covered: { _ in true }, weeklyCapacity: 40,
            rates: [(Self.day("2025-01-01"), 500), (Self.day("2026-03-16"), 600)], givenHours: nil
        )

        let statement = try result.get()
        // 2–13 March: 10 working days × 8 h × 500 = 40 000; 16–31: 12 days × 8 h × 600 = 57 600.
        #expect(statement.lines.map(\.from) == [Self.day("2026-03-02"), Self.day("2026-03-16")])
        #expect(statement.lines.map(\.to) == [Self.day("2026-03-13"), Self.day("2026-03-31")])
        #expect(statement.lines.map(\.days) == [10, 12])
        #expect(statement.lines.map(\.hours) == [80, 96])
        #expect(statement.lines.map(\.rate) == [500, 600])
        #expect(statement.lines.map(\.amount) == [40000, 57600])
        #expect(statement.lines.allSatisfy { $0.holiday == nil })
        #expect(statement.hours == 176)
        #expect(statement.amount == 97600)
        #expect(statement.basis == .capacity)
    }

    @Test func october28th2020IsPaidAsAHolidayOnALineOfItsOwnAtThatDaysRate() throws {
        // The tester's case: 80 h at 300, then 96 h at 330 from Thursday 15th; Wednesday 28th is a holiday.
        let result = StatementCalculator.compute(
            month: CalendarMonth(year: 2020, month: 10), covered: { _ in true }, weeklyCapacity: 40,
            rates: [(Self.day("2019-01-01"), 300), (Self.day("2020-10-15"), 330)], givenHours: nil
        )

        let statement = try result.get()
        #expect(statement.lines.count == 3)
        let work = statement.lines.filter { $0.holiday == nil }
        #expect(work.map(\.days) == [10, 11])
        #expect(work.map(\.hours) == [80, 88])
        #expect(work.map(\.amount) == [24000, 29040])
        let holiday = try #require(statement.lines.first { $0.holiday != nil })
        #expect(holiday.from == Self.day("2020-10-28") && holiday.to == holiday.from && holiday.days == 1)
        #expect(holiday.hours == 8 && holiday.rate == 330 && holiday.amount == 2640)
        #expect(holiday.holiday?.cs == "Den vzniku samostatného československého státu")
        // In date order: the holiday sits after the line that starts before it.
        #expect(statement.lines.map(\.from) == [Self.day("2020-10-01"), Self.day("2020-10-15"), Self.day("2020-10-28")])
        #expect(statement.hours == 176)
        #expect(statement.amount == 55680)
        // The blended mean (316.36) is only kept for old clients; no line has it.
        #expect(statement.meanRate == Decimal(string: "316.36"))
        #expect(!statement.lines.contains { $0.rate == statement.meanRate })
    }

    @Test func givenHoursAreSpreadOverTheWorkingDaysUnderTheContractHolidaysIncluded() throws {
        // DPP from 2026-03-23: 7 working days (23–27, 30, 31); 21 hours given → 3 h a day at 300.
        let march = try StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 3), covered: { $0 >= Self.day("2026-03-23") },
            weeklyCapacity: 10, rates: [(Self.day("2026-01-01"), 300)], givenHours: 21
        ).get()
        // April 2026: 22 weekdays, two of them holidays (Good Friday 3rd, Easter Monday 6th); 44 hours given.
        let april = try StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 4), covered: { _ in true },
            weeklyCapacity: 40, rates: [(Self.day("2026-01-01"), 300)], givenHours: 44
        ).get()

        #expect(march.lines.map(\.days) == [7])
        #expect(march.amount == 6300)
        #expect(march.basis == .given)
        #expect(april.lines.filter { $0.holiday != nil }.map(\.hours) == [2, 2])
        #expect(april.hours == 44)
        #expect(april.amount == 13200)
        #expect(
            StatementCalculator.compute(
                month: CalendarMonth(year: 2026, month: 3), covered: { _ in true }, weeklyCapacity: 10, rates: [], givenHours: nil
            ) == .failure(.noRate(Self.day("2026-03-02"))))
    }

    @Test func trackedHoursAreWhatIsPaidWithHolidaysOnTopAndWeekendsCounted() throws {
        // May 2026: Friday 1st and Friday 8th are holidays; tracked 6 h on Monday 4th, 3 h on Saturday 9th.
        let statement = try StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 5), covered: { _ in true }, weeklyCapacity: 20,
            rates: [(Self.day("2026-01-01"), 400)], givenHours: nil,
            trackedHours: [Self.day("2026-05-04"): 6, Self.day("2026-05-09"): 3, Self.day("2026-06-01"): 9]
        ).get()

        #expect(statement.basis == .tracked)
        #expect(statement.lines.filter { $0.holiday != nil }.map(\.from) == [Self.day("2026-05-01"), Self.day("2026-05-08")])
        #expect(statement.lines.filter { $0.holiday != nil }.map(\.hours) == [4, 4])
        #expect(statement.lines.filter { $0.holiday == nil }.map(\.hours) == [9])
        // 4 + 4 holiday hours and 9 tracked (June's entry is not this month's).
        #expect(statement.hours == 17)
        #expect(statement.amount == 6800)
    }
}

@Suite("Czech public holidays")
struct CzechHolidaysTests {
    static let expected: [(String, String)] = [
        ("2020-01-01", "Restoration Day of the Independent Czech State"), ("2020-04-10", "Good Friday"),
        ("2020-04-13", "Easter Monday"), ("2020-05-01", "Labour Day"), ("2020-05-08", "Liberation Day"),
        ("2020-07-05", "Saints Cyril and Methodius Day"), ("2020-07-06", "Jan Hus Day"), ("2020-09-28", "St. Wenceslas Day"),
        ("2020-10-28", "Independent Czechoslovak State Day"), ("2020-11-17", "Struggle for Freedom and Democracy Day"),
        ("2020-12-24", "Christmas Eve"), ("2020-12-25", "Christmas Day"), ("2020-12-26", "St. Stephen's Day"),
        ("2026-01-01", "Restoration Day of the Independent Czech State"), ("2026-04-03", "Good Friday"),
        ("2026-04-06", "Easter Monday"), ("2026-05-01", "Labour Day"), ("2026-05-08", "Liberation Day"),
        ("2026-07-05", "Saints Cyril and Methodius Day"), ("2026-07-06", "Jan Hus Day"), ("2026-09-28", "St. Wenceslas Day"),
        ("2026-10-28", "Independent Czechoslovak State Day"), ("2026-11-17", "Struggle for Freedom and Democracy Day"),
        ("2026-12-24", "Christmas Eve"), ("2026-12-25", "Christmas Day"), ("2026-12-26", "St. Stephen's Day"),
    ]

    @Test func theYears2020And2026HaveExactlyTheirThirteenHolidays() {
        for year in [2020, 2026] {
            let listed = CzechHolidays.holidays(in: year).map { "\($0.day.iso) \($0.name.en)" }
            let wanted = Self.expected.filter { $0.0.hasPrefix("\(year)") }.map { "\($0.0) \($0.1)" }
            #expect(listed == wanted)
        }
    }

    @Test func easterSundayMatchesTheChurchCalendar() {
        let known = [(2016, "2016-03-27"), (2019, "2019-04-21"), (2020, "2020-04-12"), (2024, "2024-03-31"), (2026, "2026-04-05"), (2038, "2038-04-25")]
        for (year, sunday) in known {
            #expect(CzechHolidays.easterSunday(year).iso == sunday)
        }
    }

    @Test func goodFridayIsAHolidayOnlySince2016() {
        #expect(CzechHolidays.holiday(on: CalendarDay(year: 2015, month: 4, day: 3)) == nil)
        #expect(CzechHolidays.holiday(on: CalendarDay(year: 2016, month: 3, day: 25))?.name.en == "Good Friday")
    }

    /// Every holiday of 2020 and 2026 in a statement of its month: a working-day holiday is its
    /// own line at the day's rate, one on a weekend pays nothing extra.
    @Test(arguments: expected.map(\.0))
    func eachHolidayOnAWorkingDayGetsItsOwnPaidLine(_ text: String) throws {
        let day = try #require(CalendarDay(text))
        let statement = try StatementCalculator.compute(
            month: day.calendarMonth, covered: { _ in true }, weeklyCapacity: 40,
            rates: [(CalendarDay(year: 2000, month: 1, day: 1), 250), (day, 300)], givenHours: nil
        ).get()
        let lines = statement.lines.filter { $0.from == day && $0.holiday != nil }
        if StatementCalculator.isWorkingDay(day) {
            #expect(lines.count == 1)
            #expect(lines.first?.hours == 8 && lines.first?.rate == 300 && lines.first?.amount == 2400)
            #expect(lines.first?.holiday == CzechHolidays.holiday(on: day)?.name)
        } else {
            #expect(lines.isEmpty)
        }
        // Either way the month pays every working day once: holidays are not counted twice.
        let workingDays = day.calendarMonth.days.filter(StatementCalculator.isWorkingDay).count
        #expect(statement.lines.reduce(0) { $0 + $1.days } == workingDays)
        #expect(statement.hours == Decimal(workingDays * 8))
    }
}
