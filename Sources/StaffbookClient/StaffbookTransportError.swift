import Foundation
import OpenAPIRuntime

/// A request that got no answer from the server (no connection, a timeout, a cancelled task,
/// an answer that could not be read). Its description names the operation and the kind of
/// failure only: never the request's input, its URL or a token.
public struct StaffbookTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The contract's operation, e.g. `signInWithPassword`.
    public var operationID: String
    /// The kind of the underlying failure: AsyncHTTPClient's error as it names itself
    /// (`HTTPClientError.connectTimeout`, which carries no request data), else its type's name
    /// (`URLError`, whose description would carry the URL).
    public var cause: String

    public var description: String { "Staffbook: \(operationID) got no usable answer (\(cause))" }
}

enum StaffbookErrors {
    /// Runs a generated operation and throws what it failed with as Staffbook's own errors.
    static func unwrapping<Output>(_ operation: () async throws -> Output) async throws -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            throw clean(error)
        }
    }

    /// The error an app should see for a failed operation: the problem or `SignedOut` the
    /// middlewares threw, or a transport failure without the request's details.
    static func clean(_ error: ClientError) -> any Error {
        switch error.underlyingError {
        case let problem as StaffbookProblem: problem
        case let signedOut as SignedOut: signedOut
        case let cancelled as CancellationError: cancelled
        case let underlying:
            StaffbookTransportError(
                operationID: error.operationID,
                cause: String(describing: type(of: underlying)) == "HTTPClientError"
                    ? String(describing: underlying) : String(describing: type(of: underlying))
            )
        }
    }
}
