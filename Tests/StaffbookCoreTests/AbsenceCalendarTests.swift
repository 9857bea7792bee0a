import Foundation
import Testing
@testable import StaffbookCore

@Suite("Absence calendar: RFC 5545 text")
struct AbsenceCalendarTests {
    @Test func textValuesEscapeBackslashSemicolonCommaAndLineBreaksAndDropOtherControls() {
        #expect(AbsenceCalendar.text("a\\b;c,d\ne\r\nf\u{7}g") == "a\\\\b\\;c\\,d\\ne\\nfg")
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingACharacter() {
        let line = "SUMMARY:" + String(repeating: "ř", count: 60)
        let folded = AbsenceCalendar.fold(line).components(separatedBy: "\r\n")

        #expect(folded.count == 2)
        #expect(folded.allSatisfy { $0.utf8.count <= 75 })
        #expect(folded[1].hasPrefix(" "))
        #expect(folded[0] + folded[1].dropFirst() == line)
    }

    @Test func aFeedEndsEveryLineWithCRLFAndCarriesPraguesRules() {
        let feed = AbsenceCalendar.render(name: "Staffbook", events: [], language: .en, now: Date(timeIntervalSince1970: 0))

        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(feed.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!feed.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(feed.contains("TZID:Europe/Prague\r\n") && feed.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"))
    }
}
