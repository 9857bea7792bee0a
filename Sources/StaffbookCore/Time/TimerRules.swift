import Foundation

/// How timer presses become entries, without I/O.
package enum TimerRules {
    /// How far a press may claim to be in the future: the phone's clock may run ahead of ours.
    package static let clockSkew: TimeInterval = 10
    /// How far back a press may reach: a timer entry is at most a day long.
    package static let maximumDelay: TimeInterval = TimeRules.maximumEntry
    /// How long presses are kept: a late press reaches back a day, to the start of an entry that
    /// may itself have run a day.
    package static let retention: TimeInterval = 2 * TimeRules.maximumEntry

    /// When a press happened: when the button says, or now; whole seconds.
    package static func moment(of at: Date?, now: Date) throws -> Date {
        guard let at else { return TimeRules.wholeSeconds(now) }
        if at.timeIntervalSince(now) > clockSkew { throw TimeError.pressInFuture }
        if now.timeIntervalSince(at) > maximumDelay { throw TimeError.pressTooOld }
        return TimeRules.wholeSeconds(min(at, now))
    }

    /// Whether a press changed anything: the entries it wrote, or (a stop or cancel that found
    /// nothing running at its moment, pressed before now) the presses kept to end a start pressed
    /// before it that has not arrived yet. A stop pressed now with nothing running is a second
    /// tap, not a late one.
    package static func changed(entriesWritten: Bool, action: TimerPress.Action, endedNothing: Bool, at: Date, now: Date) -> Bool {
        if entriesWritten { return true }
        if case .start = action { return false }
        return endedNothing && at < TimeRules.wholeSeconds(now)
    }

    /// The entries that presses make, applied in the order they were pressed to what was running
    /// at the first of them (`running`). A start of the work already running changes nothing; a
    /// start of other work ends the running entry at that instant; a stop ends it (a day at most);
    /// a cancel discards it; an entry that ran no time is not kept.
    package static func spans(running: (start: Date, work: TimerWork)?, presses: [TimerPress]) -> [TimerSpan] {
        var spans: [TimerSpan] = []
        var current = running
        func close(at end: Date) {
            guard let open = current else { return }
            if case .end(let at, let capped) = TimeRules.stop(start: open.start, now: end) {
                spans.append(TimerSpan(start: open.start, end: at, work: open.work, capped: capped))
            }
            current = nil
        }
        for press in presses {
            switch press.action {
            case .start(let work):
                if let open = current, open.work.isSameTask(as: work) { continue }
                close(at: press.at)
                current = (press.at, work)
            case .stop:
                close(at: press.at)
            case .cancel:
                current = nil
            }
        }
        if let open = current { spans.append(TimerSpan(start: open.start, end: nil, work: open.work)) }
        return spans
    }
}
