import Foundation
import Testing
@testable import StaffbookCore

@Suite("Values")
struct ValuesTests {
    @Test func textLengthsAreCountedInUnicodeScalarsAsPostgreSQLCountsThem() {
        let combining = "a" + String(repeating: "\u{0301}", count: 199)

        #expect(combining.count == 1)
        #expect(TextInput.length(combining) == 200)
        #expect(TextInput.length("Řehoř") == 5)
    }

    @Test(arguments: ["a\u{0}b", "\u{1}", "line\u{1B}[31m", "bell\u{7}"])
    func controlCharactersOtherThanTabAndLineBreaksAreRefused(text: String) {
        #expect(TextInput.hasControlCharacters(text))
    }

    @Test(arguments: ["Jan Novák", "tab\there", "two\nlines", "crlf\r\n", "🦊"])
    func ordinaryTextIsAccepted(text: String) {
        #expect(!TextInput.hasControlCharacters(text))
    }

    @Test func versionConditionsMatchAnyOrTheNamedVersions() {
        #expect(VersionCondition.any.matches(7))
        #expect(VersionCondition.oneOf([3, 4]).matches(4))
        #expect(!VersionCondition.oneOf([3, 4]).matches(5))
        #expect(!VersionCondition.oneOf([]).matches(1))
    }

    @Test func daysConvertToAndFromTheirNumberAndKnowTheirWeekday() {
        let day = CalendarDay(year: 2026, month: 11, day: 23)

        #expect(CalendarDay(daysSinceEpoch: day.daysSinceEpoch) == day)
        #expect(CalendarDay(daysSinceEpoch: 0) == CalendarDay(year: 1970, month: 1, day: 1))
        #expect(day.weekday == 0)  // a Monday
        #expect(CalendarDay(year: 2024, month: 2, day: 28).adding(days: 1) == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(CalendarDay(year: 2023, month: 12, day: 31).adding(days: 1) == CalendarDay(year: 2024, month: 1, day: 1))
    }

    @Test func malformedDatesMonthsAndStoredNumbersAreRefusedNotTrapped() {
        #expect(CalendarDay("2026-02-30") == nil)
        #expect(CalendarDay("2026-13-01") == nil)
        #expect(CalendarMonth("2026-1") == nil)
        for text in ["2026-001", "2026/01", "20260-1", "2026-13", "1989-12", "2101-01", "2026-1a", "٢٠٢٦-01", "2026-01 "] {
            #expect(CalendarMonth(text) == nil, "\(text)")
        }
        #expect(CalendarMonth("2026-09") == CalendarMonth(year: 2026, month: 9))
        #expect(CalendarMonth("1990-01"[...]) == CalendarMonth(year: 1990, month: 1))
        #expect(Money.parseStored("12.50") == Decimal(string: "12.50"))
        #expect(Money.parseStored("") == nil)
        #expect(Money.parseStored("12,50") == nil)
    }

    @Test func base64URLIsStandardBase64WithTheURLAlphabetAndNoPadding() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")

            let encoded = Base64URL.encode(bytes)

            #expect(encoded == expected)
            #expect(Base64URL.decode(encoded) == Data(bytes))
        }
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("ab$c") == nil)
    }

    @Test func cursorPositionsFromClientsAreCheckedBeforeUse() {
        #expect(MonthPosition(month: "2026-11").isValid)
        #expect(!MonthPosition(month: "2026-13").isValid)
        #expect(!InvoicePosition(lastName: "Novák", firstName: "Jan", personId: UUID(), period: "2026-02-31").isValid)
        #expect(!NamePosition(lastName: "No\u{0}vák", firstName: "Jan", id: UUID()).isValid)
        #expect(!DayPosition(effectiveFrom: "yesterday").isValid)
        #expect(NamePosition(lastName: "Novák", firstName: "Jan", id: UUID()).isValid)
    }
}
