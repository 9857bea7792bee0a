import Foundation

/// Wall-clock time, injected so that logic never reads `Date()` itself and tests can move time.
package protocol AppClock: Sendable {
    /// The current instant.
    func now() -> Date
}

package struct SystemClock: AppClock {
    package init() {}

    package func now() -> Date { Date() }
}
