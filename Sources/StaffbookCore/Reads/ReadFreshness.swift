import Foundation

/// How current an answer read from a replica is: given with the answer when the replica is
/// further behind the primary than the deployment allows, so a reader knows the last minutes'
/// changes may be missing.
package struct ReadFreshness: Sendable, Equatable {
    /// How far the replica was behind the primary when it answered.
    package var lagSeconds: Double
    /// The primary's last change the answer includes.
    package var asOf: Date

    package init(lagSeconds: Double, asOf: Date) {
        self.lagSeconds = lagSeconds
        self.asOf = asOf
    }
}
