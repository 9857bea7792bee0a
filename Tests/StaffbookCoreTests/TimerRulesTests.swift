import Foundation
import Testing

@testable import StaffbookCore

@Suite("Timer presses become entries")
struct TimerRulesTests {
    private let nine = Date(timeIntervalSince1970: 1_795_000_000)
    private let code = TimerWork(projectId: UUID(), description: "Vývoj", tags: ["a"], billable: true)
    private let meeting = TimerWork(projectId: UUID(), description: "Porada", tags: [], billable: false)

    private func at(_ minutes: Double) -> Date { nine.addingTimeInterval(minutes * 60) }

    @Test func aRepeatedStartOfTheSameWorkIsIgnoredAndOtherWorkSplitsAtThePress() {
        let spans = TimerRules.spans(
            running: nil,
            presses: [
                TimerPress(.start(code), at: at(0)), TimerPress(.start(code), at: at(10)), TimerPress(.start(meeting), at: at(30)),
                TimerPress(.stop, at: at(45)), TimerPress(.stop, at: at(50)),
            ])
        #expect(spans == [TimerSpan(start: at(0), end: at(30), work: code), TimerSpan(start: at(30), end: at(45), work: meeting)])
    }

    @Test func billableAloneDoesNotMakeAStartOtherWork() {
        var sameButNotBillable = code
        sameButNotBillable.billable = false
        let spans = TimerRules.spans(running: (at(0), code), presses: [TimerPress(.start(sameButNotBillable), at: at(5))])
        #expect(spans == [TimerSpan(start: at(0), end: nil, work: code)])
    }

    @Test func aCancelDiscardsWhatRunsAndAStopAtTheStartKeepsNothing() {
        #expect(TimerRules.spans(running: (at(0), code), presses: [TimerPress(.cancel, at: at(20)), TimerPress(.stop, at: at(30))]).isEmpty)
        #expect(TimerRules.spans(running: (at(0), code), presses: [TimerPress(.stop, at: at(0))]).isEmpty)
    }

    @Test func aStopOverADayLaterEndsTheEntryAt24Hours() {
        let spans = TimerRules.spans(running: (at(0), code), presses: [TimerPress(.stop, at: at(30 * 60))])
        #expect(spans == [TimerSpan(start: at(0), end: at(24 * 60), work: code, capped: true)])
    }

    @Test func aPressMomentIsNowWithinTheSkewAndRefusedBeyondIt() throws {
        let now = at(0).addingTimeInterval(0.7)
        #expect(try TimerRules.moment(of: nil, now: now) == at(0))
        #expect(try TimerRules.moment(of: now.addingTimeInterval(TimerRules.clockSkew), now: now) == at(0), "ahead within the skew: now")
        #expect(try TimerRules.moment(of: at(-24 * 60 + 1), now: now) == at(-24 * 60 + 1))
        #expect(throws: TimeError.pressInFuture) { try TimerRules.moment(of: now.addingTimeInterval(TimerRules.clockSkew + 1), now: now) }
        #expect(throws: TimeError.pressTooOld) { try TimerRules.moment(of: at(-24 * 60 - 1), now: now) }
    }

    @Test func aLateStopThatEndedNothingYetChangedThePressesKeptButASecondTapOrARepeatedStartDidNot() {
        let now = at(0).addingTimeInterval(0.4)
        let work = TimerWork(projectId: UUID(), description: "", tags: [], billable: true)
        #expect(TimerRules.changed(entriesWritten: false, action: .stop, endedNothing: true, at: at(-10), now: now), "kept for a start sent later")
        #expect(TimerRules.changed(entriesWritten: false, action: .cancel, endedNothing: true, at: at(-10), now: now))
        #expect(!TimerRules.changed(entriesWritten: false, action: .stop, endedNothing: true, at: at(0), now: now), "a second tap, now")
        #expect(!TimerRules.changed(entriesWritten: false, action: .stop, endedNothing: false, at: at(-10), now: now), "inside an entry by hand")
        #expect(!TimerRules.changed(entriesWritten: false, action: .start(work), endedNothing: true, at: at(-10), now: now), "a repeated start")
        #expect(TimerRules.changed(entriesWritten: true, action: .start(work), endedNothing: false, at: at(0), now: now))
    }
}
