import Foundation

/// The company's report written by the store as the contract's JSON: its rows as one JSON
/// array (the fields `TimeReportRow` has for the same totals), and the totals of the rows, from
/// which the report's utilisation is decided here as `TimeReport` decides it.
package struct WrittenReport: Sendable, Equatable {
    package var range: DayRange
    /// The rows' JSON array as UTF-8, as the store wrote it: sent as it is, not read again.
    package var items: [UInt8]
    /// The sums of the rows' rounded hours, as `TimeReport` adds them.
    package var hours: Decimal
    package var billableHours: Decimal
    /// Nil when no row has an amount.
    package var billableAmount: Decimal?
    /// People and teams: everyone's capacity; nil by client or project.
    package var capacityHours: Decimal?
    package var utilisation: Decimal?
    /// Set when the report was read from a replica that is behind by more than allowed.
    package var freshness: ReadFreshness?

    package init(
        range: DayRange, items: [UInt8], hours: Decimal, billableHours: Decimal, billableAmount: Decimal?, capacityHours: Decimal?,
        freshness: ReadFreshness? = nil
    ) {
        self.range = range
        self.items = items
        self.hours = hours
        self.billableHours = billableHours
        self.billableAmount = billableAmount
        self.capacityHours = capacityHours
        self.freshness = freshness
        utilisation = TimeRules.utilisation(hours: hours, capacity: capacityHours)
    }
}
