import Foundation

/// The company's report as the store sums it: a row per client, project, person or team and,
/// for people and teams, everyone's capacity. The store computes each person's capacity by
/// `CapacityBasis.hours` (weekly capacity ÷ 5 on each working day under contract, less the
/// hours of approved time off, rounded to two decimals) for all of them at once, from the
/// range's working days it is given; a team's is the sum of its members'.
package struct ReportTotals: Sendable, Equatable {
    package var rows: [TimeTotal]
    /// People: everyone under contract in the range; teams: everyone in a team (once).
    package var capacityHours: Decimal?
    /// Set when the totals come from a replica that is behind by more than allowed.
    package var freshness: ReadFreshness?

    package init(rows: [TimeTotal], capacityHours: Decimal?, freshness: ReadFreshness? = nil) {
        self.rows = rows
        self.capacityHours = capacityHours
        self.freshness = freshness
    }
}
