import Foundation

/// What a person is expected to work: their weekly capacity, when they are under contract, and
/// the time off that takes from it.
package struct CapacityBasis: Sendable {
    package var personId: UUID
    /// "Last First", as reports list people.
    package var name: String
    /// The weekly hours in force in the months of the range (a capacity changes from a month's
    /// first day); `weeklyCapacity` for a month not listed.
    package var weeklyCapacity: Decimal
    package var weeklyByMonth: [CalendarMonth: Decimal]
    package var contractRanges: [(from: CalendarDay, to: CalendarDay?)]
    /// Their absences in the range that count (`AbsenceWorkflow.capacityStates`).
    package var timeOff: [Absence]

    package init(
        personId: UUID, name: String, weeklyCapacity: Decimal, weeklyByMonth: [CalendarMonth: Decimal] = [:],
        contractRanges: [(from: CalendarDay, to: CalendarDay?)], timeOff: [Absence] = []
    ) {
        self.personId = personId
        self.name = name
        self.weeklyCapacity = weeklyCapacity
        self.weeklyByMonth = weeklyByMonth
        self.contractRanges = contractRanges
        self.timeOff = timeOff
    }

    /// Over `TimeRules.workingDays` of a range, computed once for everyone.
    package func hours(workingDays: [CalendarDay]) -> Decimal {
        TimeRules.capacityHours(
            workingDays: workingDays, weeklyCapacity: { weeklyByMonth[$0.calendarMonth] ?? weeklyCapacity },
            covered: { day in contractRanges.contains { day >= $0.from && $0.to.map { day <= $0 } ?? true } },
            away: { day, daily in
                // Most days nobody is away: no decimal sum for them.
                timeOff.contains { day >= $0.firstDay && day <= $0.lastDay }
                    ? timeOff.reduce(Decimal(0)) { $0 + $1.hoursAway(on: day, daily: daily) } : 0
            }
        )
    }
}
