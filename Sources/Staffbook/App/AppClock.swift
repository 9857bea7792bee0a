import Foundation

/// Wall-clock time, injected so that logic never reads `Date()` itself and tests can move time.
public protocol AppClock: Sendable {
    /// The current instant.
    func now() -> Date
}

public struct SystemClock: AppClock {
    public init() {}

    public func now() -> Date { Date() }
}
