import Foundation
import OpenAPIRuntime

/// A request that got no answer from the server (no connection, a timeout, an answer that
/// could not be read): the one error type `Staffbook.api` throws besides `StaffbookProblem`,
/// `SignedOut` and `CancellationError`. Its description names the operation and the kind of
/// failure only: never the request's input, its URL or a token.
public struct StaffbookTransportError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The contract's operation, e.g. `signInWithPassword`.
    public var operationID: String
    /// The kind of the underlying failure: `URLError` with its code (`URLError(-1004)`), else
    /// the failure's type name (a description might carry the URL).
    public var cause: String
    /// The language of `localizedDescription` (`cs` or `en`), as the client asked.
    public var language: String?

    public var description: String { "Staffbook: \(operationID) got no usable answer (\(cause))" }

    public var errorDescription: String? {
        language?.lowercased().hasPrefix("cs") == true
            ? "Staffbook teď není dostupný. Zkontrolujte připojení a zkuste to znovu."
            : "Staffbook cannot be reached right now. Check the connection and try again."
    }
}

enum StaffbookErrors {
    /// Runs a generated operation and throws what it failed with as Staffbook's own errors.
    static func unwrapping<Output>(language: String?, _ operation: () async throws -> Output) async throws -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            throw clean(error, language: language)
        }
    }

    /// The error an app should see for a failed operation: the problem or `SignedOut` the
    /// middlewares threw, or a transport failure without the request's details.
    static func clean(_ error: ClientError, language: String?) -> any Error {
        switch error.underlyingError {
        case let problem as StaffbookProblem: problem
        case let signedOut as SignedOut: signedOut
        case let cancelled as CancellationError: cancelled
        case let urlError as URLError where urlError.code == .cancelled: CancellationError()
        case let urlError as URLError:
            StaffbookTransportError(operationID: error.operationID, cause: "URLError(\(urlError.code.rawValue))", language: language)
        case let underlying:
            StaffbookTransportError(operationID: error.operationID, cause: String(describing: type(of: underlying)), language: language)
        }
    }
}
