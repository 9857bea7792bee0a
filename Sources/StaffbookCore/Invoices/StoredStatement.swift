import Foundation

/// A generated statement as stored: where its hours came from and its lines.
package struct StoredStatement: Sendable, Equatable {
    package var basis: StatementCalculator.HoursBasis
    package var lines: [StatementCalculator.Line]

    package init(basis: StatementCalculator.HoursBasis, lines: [StatementCalculator.Line]) {
        self.basis = basis
        self.lines = lines
    }
}
