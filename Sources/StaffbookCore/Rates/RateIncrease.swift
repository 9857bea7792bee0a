import Foundation

/// An increase of a rate over the one before it: the arithmetic of `PRODUCT.md` "Hourly rates".
package struct RateIncrease: Equatable, Sendable {
    package var absolute: Decimal
    /// Unrounded; round for display with `Money.rounded`.
    package var percent: Decimal

    package init(amount: Decimal, previous: Decimal) {
        absolute = amount - previous
        percent = (amount - previous) / previous * 100
    }

    /// The average over several increases: the mean of the absolute increases and the mean of
    /// the percent increases, each rounded half-up to 2 decimals; nil for none.
    package static func average(_ increases: [RateIncrease]) -> (absolute: Decimal, percent: Decimal)? {
        guard !increases.isEmpty else { return nil }
        let count = Decimal(increases.count)
        let absolute = increases.reduce(Decimal(0)) { $0 + $1.absolute } / count
        let percent = increases.reduce(Decimal(0)) { $0 + $1.percent } / count
        return (Money.rounded(absolute), Money.rounded(percent))
    }
}
