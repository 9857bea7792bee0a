import Foundation
import Synchronization
import StaffbookCore

/// A clock tests move by hand.
package final class TestClock: AppClock {
    private let current: Mutex<Date>

    package init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        current = Mutex(start)
    }

    package func now() -> Date { current.withLock { $0 } }

    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Moves to a wall-clock time in Prague (`2026-12-03 09:00`).
    package func set(_ day: String, _ hour: Int, _ minute: Int = 0) {
        guard let date = CalendarDay(day).flatMap({ Schedule.instant($0, hour: hour, minute: minute) }) else {
            preconditionFailure("not a day: \(day)")
        }
        current.withLock { $0 = date }
    }
}
