import Foundation

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
