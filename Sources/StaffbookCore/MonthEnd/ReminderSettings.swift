import Foundation

/// When contractors are reminded of a missing invoice: from day `first` of the following month,
/// every `every` days, at most `max` times.
package struct ReminderSettings: Codable, Sendable, Equatable {
    package var first: Int
    package var every: Int
    package var max: Int

    package init(first: Int = 3, every: Int = 3, max: Int = 4) {
        self.first = first
        self.every = every
        self.max = max
    }

    package static let allowedFirst = 1...28
    package static let allowedEvery = 1...14
    package static let allowedMax = 1...10

    /// The days in `month` on which reminders for the month before go out, in order.
    package func reminderDays(in month: CalendarMonth) -> [CalendarDay] {
        (0..<max).map { first + $0 * every }.filter { $0 <= month.dayCount }
            .map { CalendarDay(year: month.year, month: month.month, day: $0) }
    }

    /// Which reminder `day` is for the month before it (1-based, of how many), or nil when it is
    /// not a reminder day.
    package func reminder(on day: CalendarDay) -> (sequence: Int, of: Int)? {
        let days = reminderDays(in: day.calendarMonth)
        guard let index = days.firstIndex(of: day) else { return nil }
        return (index + 1, days.count)
    }
}

/// Someone whose invoice for a month is missing.
package struct MissingInvoice: Sendable, Equatable {
    package var personId: UUID
    package var firstName: String
    package var lastName: String
    package var teams: [String]
    /// What they invoiced the month before, for scale in the digest.
    package var previousAmount: Decimal?

    package init(personId: UUID, firstName: String, lastName: String, teams: [String], previousAmount: Decimal?) {
        self.personId = personId
        self.firstName = firstName
        self.lastName = lastName
        self.teams = teams
        self.previousAmount = previousAmount
    }
}
