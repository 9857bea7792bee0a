import Foundation

/// Runs CPU-bound work on input from outside (a parser of an uploaded document) where it cannot
/// hold the threads that serve requests. The work brings its own budget; a runner may refuse it
/// at once when too much is waiting already (`BlockingWorkError.busy`).
package protocol BlockingWork: Sendable {
    func run<Result: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> Result) async throws -> Result
}

package enum BlockingWorkError: Error, Sendable, Equatable {
    /// As much work as the runner takes is running or waiting: come back in a few seconds.
    case busy
}

/// Runs the work where it is called: for tools and tests that have no server to keep responsive.
package struct InlineWork: BlockingWork {
    package init() {}

    package func run<Result: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> Result) async throws -> Result {
        try work()
    }
}
