import Foundation

/// A recurring job at a wall-clock time in Prague: each occurrence becomes one job, keyed by its
/// date, so however many instances schedule it, it exists once.
package struct Schedule: Sendable, Equatable {
    package enum Frequency: Sendable, Equatable {
        /// On this day of every month.
        case monthly(day: Int)
        case daily
    }

    package var kind: JobKind
    package var frequency: Frequency
    package var hour: Int
    package var minute: Int

    package init(kind: JobKind, frequency: Frequency, hour: Int, minute: Int = 0) {
        self.kind = kind
        self.frequency = frequency
        self.hour = hour
        self.minute = minute
    }

    /// The month-end: statements on the 1st at 06:00, reminders every day at 09:00; and
    /// housekeeping every night at 03:30, retention at 03:45.
    package static let monthEnd: [Schedule] = [
        Schedule(kind: .statements, frequency: .monthly(day: 1), hour: 6),
        Schedule(kind: .reminders, frequency: .daily, hour: 9),
        Schedule(kind: .housekeeping, frequency: .daily, hour: 3, minute: 30),
        Schedule(kind: .retention, frequency: .daily, hour: 3, minute: 45),
    ]

    /// The occurrences whose time falls in `from...to`, as jobs.
    package func occurrences(from: Date, to: Date) -> [NewJob] {
        var jobs: [NewJob] = []
        var day = CalendarDay(from)
        let last = CalendarDay(to)
        while day <= last {
            if case .monthly(let wanted) = frequency, day.day != wanted {
                day = day.adding(days: 1)
                continue
            }
            if let at = Self.instant(day, hour: hour, minute: minute), at >= from, at <= to {
                jobs.append(NewJob(kind: kind, key: day.iso, payload: ["day": day.iso], runAt: at))
            }
            day = day.adding(days: 1)
        }
        return jobs
    }

    /// The instant of a Prague wall-clock time on a day.
    package static func instant(_ day: CalendarDay, hour: Int, minute: Int) -> Date? {
        Calendar.prague.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))
    }
}
