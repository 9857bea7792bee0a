import Foundation

/// How a person's time is summed up.
package enum SummaryGrouping: String, Sendable, CaseIterable {
    case day, week, month, project
}

/// A period a summary has a row for (a day, an ISO week, a month), with its days in the range.
package struct SummaryPeriod: Sendable, Equatable {
    package var key: String
    package var label: String
    package var days: [CalendarDay]

    /// Every period of the range, in order, empty ones too; none for a grouping by project.
    package static func periods(of range: DayRange, by grouping: SummaryGrouping) -> [SummaryPeriod] {
        guard grouping != .project else { return [] }
        var periods: [SummaryPeriod] = []
        for day in range.days {
            let (key, label): (String, String) =
                switch grouping {
                case .day: (day.iso, day.iso)
                case .week: (TimeRules.isoWeek(day), day.adding(days: -day.weekday).iso)
                case .month, .project: (day.calendarMonth.iso, day.calendarMonth.iso)
                }
            if periods.last?.key == key {
                periods[periods.count - 1].days.append(day)
            } else {
                periods.append(SummaryPeriod(key: key, label: label, days: [day]))
            }
        }
        return periods
    }
}

/// How the company's time is summed up.
package enum ReportGrouping: String, Sendable, CaseIterable {
    case client, project, person, team
}

/// Seconds worked under one key (a day, a week, a project, a person…), as stored.
package struct TimeTotal: Sendable, Equatable {
    package var key: String
    package var label: String
    package var seconds: Int
    package var billableSeconds: Int
    /// Billable hours × the project's price, summed where the project has one.
    package var billableAmount: Decimal?
    /// For a person or a team, the hours of the range they are expected to work.
    package var capacityHours: Decimal?

    package init(
        key: String, label: String, seconds: Int, billableSeconds: Int, billableAmount: Decimal? = nil, capacityHours: Decimal? = nil
    ) {
        self.key = key
        self.label = label
        self.seconds = seconds
        self.billableSeconds = billableSeconds
        self.billableAmount = billableAmount
        self.capacityHours = capacityHours
    }
}

/// The company's report as the store sums it: a row per client, project, person or team and,
/// for people and teams, everyone's capacity. The store computes each person's capacity by
/// `CapacityBasis.hours` (weekly capacity ÷ 5 on each working day under contract, less the
/// hours of approved time off, rounded to two decimals) for all of them at once, from the
/// range's working days it is given; a team's is the sum of its members'.
package struct ReportTotals: Sendable, Equatable {
    package var rows: [TimeTotal]
    /// People: everyone under contract in the range; teams: everyone in a team (once).
    package var capacityHours: Decimal?

    package init(rows: [TimeTotal], capacityHours: Decimal?) {
        self.rows = rows
        self.capacityHours = capacityHours
    }
}

extension DayRange {
    /// The whole months inside the range, as the first day of the first and the first day after
    /// the last (half-open); nil when the range holds no whole month. Sums kept by the month
    /// serve these, sums by the day the rest.
    package var wholeMonths: (from: CalendarDay, to: CalendarDay)? {
        let first = from.day == 1 ? from.calendarMonth : from.calendarMonth.adding(months: 1)
        let last = to == to.calendarMonth.lastDay ? to.calendarMonth : to.calendarMonth.adding(months: -1)
        guard first <= last else { return nil }
        return (first.firstDay, last.adding(months: 1).firstDay)
    }
}

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
            away: { day, daily in timeOff.reduce(Decimal(0)) { $0 + $1.hoursAway(on: day, daily: daily) } }
        )
    }
}

/// One row of a summary or report, in hours.
package struct TimeReportRow: Sendable, Equatable {
    package var key: String
    package var label: String
    package var hours: Decimal
    package var billableHours: Decimal
    package var billableAmount: Decimal?
    package var capacityHours: Decimal?
    package var utilisation: Decimal?

    package init(total: TimeTotal, capacity: Decimal?) {
        key = total.key
        label = total.label
        hours = TimeRules.hours(total.seconds)
        billableHours = TimeRules.hours(total.billableSeconds)
        billableAmount = total.billableAmount.map { Money.rounded($0) }
        capacityHours = capacity
        utilisation = TimeRules.utilisation(hours: hours, capacity: capacity)
    }
}

/// A summary or report: its rows and their totals.
package struct TimeReport: Sendable, Equatable {
    package var range: DayRange
    package var rows: [TimeReportRow]
    package var hours: Decimal
    package var billableHours: Decimal
    package var billableAmount: Decimal?
    package var capacityHours: Decimal?
    package var utilisation: Decimal?

    package init(range: DayRange, rows: [TimeReportRow], capacityHours: Decimal?) {
        self.range = range
        self.rows = rows
        hours = Money.sum(rows.lazy.map(\.hours))
        billableHours = Money.sum(rows.lazy.map(\.billableHours))
        let amounts = rows.compactMap(\.billableAmount)
        billableAmount = amounts.isEmpty ? nil : Money.sum(amounts)
        self.capacityHours = capacityHours
        utilisation = TimeRules.utilisation(hours: hours, capacity: capacityHours)
    }
}
