import Foundation

/// Why time could not be recorded or changed.
package enum TimeError: Error, Equatable {
    /// The person already has an entry then (its id and times, when known).
    case overlap(entryId: UUID?, start: Date?, end: Date?)
    case endsInFuture
    case startsInFuture
    case notAfterStart
    /// Before `TimeRules.earliestDay`.
    case startsTooEarly
    case longerThanADay
    /// The month's statement or invoice is approved: the person's entries of it are read-only.
    case periodLocked(CalendarMonth)
    /// The project is inactive, or not open to the person's teams.
    case projectUnavailable
    case clientNameTaken
    case projectNameTaken
    /// An admin writing in a locked month must say why.
    case reasonRequired
    case notATimeCSV
    /// A running timer is stopped or cancelled through the timer, not changed as an entry.
    case timerRunning
    /// A press claims a moment ahead of the server's clock by more than the skew it allows.
    case pressInFuture
    /// A press claims a moment more than a day ago.
    case pressTooOld
    /// A running timer moved to start more than a day ago.
    case timerStartTooOld
    /// A device's id for a new entry names an entry that is not the person's.
    case entryIdTaken
    /// The day is one of an approved whole-day absence of the person (its kind and days).
    case onAbsence(kind: String, firstDay: CalendarDay, lastDay: CalendarDay)
}
