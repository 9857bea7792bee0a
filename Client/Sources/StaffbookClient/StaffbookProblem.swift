import Foundation
import OpenAPIRuntime

/// A failure the server described (RFC 9457 `application/problem+json`), as a Swift error:
/// every operation of `Staffbook.api` throws it for an answer of 400 or more, so
/// `catch let problem as StaffbookProblem` matches. `title`, `detail`, the field messages and
/// `localizedDescription` are in the language the client asked for (`Staffbook(language:)`);
/// none of them carries the request's input.
public struct StaffbookProblem: LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// One invalid input: where (`body.amount`), a stable code (`required`), and a message.
    public struct FieldError: Sendable, Equatable, Decodable {
        public var field: String
        public var code: String
        public var message: String
    }

    /// The HTTP status of the answer.
    public var status: Int
    /// Stable identifier of the kind of problem, e.g. `urn:staffbook:problem:not-found`.
    public var type: String
    public var title: String
    public var detail: String
    public var fieldErrors: [FieldError]
    /// The `X-Request-Id` of the failed request: quote it when reporting a fault.
    public var requestID: String?
    /// Seconds the server asked to wait (`Retry-After`), for 429 and 503.
    public var retryAfter: Int?

    public var description: String {
        "\(status) \(type): \(detail)" + (requestID.map { " (request \($0))" } ?? "")
    }

    /// The server's sentence for people (the detail, else the title), in the asked language.
    public var errorDescription: String? { detail.isEmpty ? title : detail }

    /// The field messages, one a line, when the input was refused field by field.
    public var recoverySuggestion: String? {
        fieldErrors.isEmpty ? nil : fieldErrors.map(\.message).joined(separator: "\n")
    }

    /// The problem behind an error thrown by a generated operation, if the server sent one.
    public init?(_ error: any Error) {
        if let problem = error as? StaffbookProblem {
            self = problem
        } else if let problem = (error as? ClientError)?.underlyingError as? StaffbookProblem {
            self = problem
        } else {
            return nil
        }
    }

    init(status: Int, body: Data, requestID: String?, retryAfter: Int?) {
        // Read leniently: a proxy's error page in front of the server still becomes a problem.
        let decoded = try? JSONDecoder().decode(Body.self, from: body)
        self.status = status
        type = decoded?.type ?? "about:blank"
        title = decoded?.title ?? "HTTP \(status)"
        detail = decoded?.detail ?? ""
        fieldErrors = decoded?.errors ?? []
        self.requestID = decoded?.requestId ?? requestID
        self.retryAfter = retryAfter
    }

    private struct Body: Decodable {
        var type: String?
        var title: String?
        var detail: String?
        var requestId: String?
        var errors: [FieldError]?
    }
}
