import Foundation

/// How the company's time is summed up.
package enum ReportGrouping: String, Sendable, CaseIterable {
    case client, project, person, team
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
    /// Set when the report was read from a replica that is behind by more than allowed.
    package var freshness: ReadFreshness?

    package init(range: DayRange, rows: [TimeReportRow], capacityHours: Decimal?, freshness: ReadFreshness? = nil) {
        self.range = range
        self.freshness = freshness
        self.rows = rows
        hours = Money.sum(rows.lazy.map(\.hours))
        billableHours = Money.sum(rows.lazy.map(\.billableHours))
        let amounts = rows.compactMap(\.billableAmount)
        billableAmount = amounts.isEmpty ? nil : Money.sum(amounts)
        self.capacityHours = capacityHours
        utilisation = TimeRules.utilisation(hours: hours, capacity: capacityHours)
    }
}
