import Foundation

/// An answer read as a case it is not: `.ok` of an answer that was `.created`, `.json` of a
/// CSV. Its description names the two cases only, never the answer's headers or body.
public struct UnexpectedAnswer: LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The case the code asked for: a status (`ok`, `created`) or a media type (`text/csv`).
    public var expected: String
    /// The case the answer is, e.g. `created`, or `undocumented` for a status the contract does
    /// not list.
    public var received: String

    public init(expected: String, received: some Sendable) {
        self.expected = expected
        self.received = Mirror(reflecting: received).children.first?.label ?? String(describing: type(of: received))
    }

    public var description: String { "Staffbook: the answer is \(received), not \(expected)" }
    public var errorDescription: String? { description }
}
