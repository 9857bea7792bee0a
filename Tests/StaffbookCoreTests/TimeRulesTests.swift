import Foundation
import Testing

@testable import StaffbookCore

@Suite("Time rules and files")
struct TimeRulesTests {
    static func day(_ text: String) -> CalendarDay {
        CalendarDay(text) ?? CalendarDay(year: 1970, month: 1, day: 1)
    }

    @Test func weeksAreISOWeeksAcrossTheNewYear() {
        #expect(TimeRules.isoWeek(Self.day("2026-11-02")) == "2026-W45")
        #expect(TimeRules.isoWeek(Self.day("2026-12-31")) == "2026-W53")
        #expect(TimeRules.isoWeek(Self.day("2027-01-03")) == "2026-W53", "Sunday belongs to the week that began in 2026")
        #expect(TimeRules.isoWeek(Self.day("2027-01-04")) == "2027-W01")
    }

    @Test func capacityCountsWorkingDaysWithoutPublicHolidays() {
        let range = DayRange(from: Self.day("2026-11-16"), to: Self.day("2026-11-22"))
        let days = TimeRules.workingDays(range)
        #expect(days.count == 4, "Tuesday 17 November is a holiday")
        #expect(TimeRules.capacityHours(workingDays: days, weeklyCapacity: 40, covered: { _ in true }) == 32)
        #expect(TimeRules.utilisation(hours: 30, capacity: 32) == Decimal(string: "0.94"))
        #expect(TimeRules.utilisation(hours: 5, capacity: 0) == nil)
    }

    @Test func aPersonsCapacityFollowsTheWeeklyHoursOfEachMonthTheContractAndTheTimeAway() {
        func away(_ first: String, _ last: String, _ part: AbsencePart, hours: Decimal? = nil) -> Absence {
            Absence(
                id: UUID(), personId: UUID(), kind: "vacation", firstDay: Self.day(first), lastDay: Self.day(last), part: part, hours: hours,
                workingDays: 1, state: .approved, note: nil, reason: nil, decidedBy: nil, decidedAt: nil, createdAt: Date())
        }
        // October 2026 has 21 working days (28 October is a holiday), November 1 to 13 ten
        // (17 November is later). 32 hours a week in October (6.4 a day), 37.5 from November
        // (7.5 a day); the contract ends on 13 November.
        let days = TimeRules.workingDays(DayRange(from: Self.day("2026-10-01"), to: Self.day("2026-11-30")))
        let basis = CapacityBasis(
            personId: UUID(), name: "Svobodová Petra", weeklyCapacity: 40,
            weeklyByMonth: [CalendarMonth(year: 2026, month: 10): 32, CalendarMonth(year: 2026, month: 11): Decimal(string: "37.5") ?? 0],
            contractRanges: [(from: Self.day("2026-10-01"), to: Self.day("2026-11-13"))],
            timeOff: [
                away("2026-10-05", "2026-10-06", .full),  // two whole days: 12.8 hours
                away("2026-10-07", "2026-10-07", .morning),  // half a day: 3.2
                away("2026-11-02", "2026-11-02", .hours, hours: 2),  // two hours of 7.5
                away("2026-11-03", "2026-11-03", .hours, hours: 9),  // more than the day: all of it
            ])

        // October: 21 × 6.4 − 12.8 − 3.2 = 118.4; November: 10 × 7.5 − 2 − 7.5 = 65.5.
        #expect(basis.hours(workingDays: days) == Decimal(string: "183.9"))
        #expect(TimeRules.capacityHours(workingDays: days, weeklyCapacity: 40, covered: { _ in false }) == 0)
        let thirds = TimeRules.capacityHours(workingDays: Array(days.prefix(3)), weeklyCapacity: 10, covered: { _ in true })
        #expect(thirds == 6, "three days of 2 hours")
    }

    @Test func aStoppedTimerIsCappedAtADayAndDroppedWhenItRanNoWholeSecond() {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(TimeRules.stop(start: start, now: start.addingTimeInterval(0.9)) == .drop)
        #expect(TimeRules.stop(start: start, now: start.addingTimeInterval(90.5)) == .end(start.addingTimeInterval(90), capped: false))
        #expect(TimeRules.stop(start: start, now: start.addingTimeInterval(30 * 3600)) == .end(start.addingTimeInterval(86400), capped: true))
    }

    @Test func datesAndTimesAreReadAsTogglAndClockifyWriteThem() {
        #expect(TimeCSV.date("2026-11-23") == Self.day("2026-11-23"))
        #expect(TimeCSV.date("11/03/2026") == Self.day("2026-11-03"), "month first by default")
        #expect(TimeCSV.date("11/03/2026", dayFirst: true) == Self.day("2026-03-11"))
        #expect(TimeCSV.date("23.11.2026") == Self.day("2026-11-23"))
        #expect(TimeCSV.date("23.11.26") == nil, "a two-digit year is not guessed")
        #expect(TimeCSV.timeOfDay("09:05:30").map { [$0.hour, $0.minute, $0.second] } == [9, 5, 30])
        #expect(TimeCSV.timeOfDay("9:05").map { [$0.hour, $0.minute, $0.second] } == [9, 5, 0])
        #expect(TimeCSV.timeOfDay("12:15:00 AM").map { [$0.hour, $0.minute, $0.second] } == [0, 15, 0])
        #expect(TimeCSV.timeOfDay("01:15 PM").map { [$0.hour, $0.minute, $0.second] } == [13, 15, 0])
        #expect(TimeCSV.timeOfDay("25:00") == nil)
    }

    @Test func aWrittenFileReadsBackToTheSameEntries() throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let entry = TimeEntry(
            id: UUID(), personId: UUID(), projectId: UUID(), projectName: "Mobilní bankovnictví", clientId: UUID(),
            clientName: "Česká spořitelna, a.s.", description: "=SUM(A1) \"revize\"\nřádek 2", start: start,
            end: start.addingTimeInterval(5400), tags: ["vývoj", "revize"], billable: true, version: 1
        )
        for format in [TimeFileFormat.toggl, .clockify] {
            let data = TimeCSV.write([ExportedEntry(entry: entry, personName: "Jan Novák", email: "jan.novak@staffbook.example")], format: format)
            let file = try TimeCSV.read(data)
            #expect(file.format == format)
            #expect(file.problems.isEmpty)
            let row = try #require(file.rows.first)
            #expect(row.clientName == "Česká spořitelna, a.s.")
            #expect(row.description == entry.description, "quotes, new lines and a formula-like text survive")
            #expect(row.start == start && row.end == entry.end)
            #expect(row.tags == ["vývoj", "revize"])
            #expect(row.billable == true)
        }
    }

    @Test func aFileWithoutTheColumnsOfEitherToolIsNotATimeFile() {
        #expect(throws: TimeError.notATimeCSV) { try TimeCSV.read(Data("Jméno,Částka\nJan,100\n".utf8)) }
        #expect(throws: TimeError.notATimeCSV) { try TimeCSV.read(Data("\"unterminated\n".utf8)) }
    }

    /// The reference: `Decimal` division rounded half away from zero, as the rules were first written.
    static func slowHours(_ seconds: Int) -> Decimal { Money.rounded(Decimal(seconds) / 3600) }

    @Test func hoursFromSecondsInIntegersEqualDecimalDivisionEverywhere() {
        var seconds = [0, 1, 17, 18, 35, 36, 53, 54, 1799, 1800, 1801, 3599, 3600, 27_000, 864_000, Int.max, Int.min, -18, -17, -3600]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { seconds.append(Int.random(in: -10_000_000...100_000_000, using: &generator)) }
        for value in seconds {
            let fast = TimeRules.hours(value)
            #expect(fast == Self.slowHours(value), "\(value) s")
            #expect(Money.format(fast) == Money.format(Self.slowHours(value)), "\(value) s")
        }
    }

    @Test func utilisationInIntegersEqualsDecimalDivisionAndRoundsHalfAwayFromZero() throws {
        let cases: [(String, String, String?)] = [
            ("75.00", "80.00", "0.94"), ("75", "68", "1.10"), ("0", "8", "0"), ("1", "200", "0.01"), ("1", "201", "0"),
            ("0.01", "0.02", "0.5"), ("-3", "8", "-0.38"), ("12", "0", nil), ("12", "-8", nil), ("90.5", "168", "0.54"),
            ("1.005", "1", "1.01"), ("100000000000000", "3", "33333333333333.33"),
        ]
        for (hours, capacity, expected) in cases {
            let h = try #require(Decimal(string: hours)), c = try #require(Decimal(string: capacity))
            #expect(TimeRules.utilisation(hours: h, capacity: c) == expected.flatMap { Decimal(string: $0) }, "\(hours) ÷ \(capacity)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let h = Decimal(Int.random(in: -100_000...10_000_000, using: &generator)) / 100
            let c = Decimal(Int.random(in: 1...5_000_000, using: &generator)) / 100
            #expect(TimeRules.utilisation(hours: h, capacity: c) == Money.rounded(h / c), "\(h) ÷ \(c)")
        }
    }
}
