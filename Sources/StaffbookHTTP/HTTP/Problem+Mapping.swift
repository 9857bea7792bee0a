import Foundation
import HTTPTypes
import Hummingbird
import NIOHTTP1
import OpenAPIRuntime
import StaffbookCore

extension Problem {
    /// Classifies any error thrown while answering a request. Returns whether it is the
    /// client's doing (logged quietly) or ours (logged as an error with the request id).
    static func from(_ error: any Error) -> (problem: Problem, isServerFault: Bool) {
        switch error {
        case let problem as Problem:
            return (problem, problem.type == .internalError || problem.type == .serviceUnavailable)
        case let error as StoreError:
            return fromStore(error)
        case is HTTPParserError:
            // The bytes of the request do not parse (a chunk size that is not hex, one too large):
            // the client's doing.
            return (
                Problem(
                    .malformedRequest,
                    detail: RequestTexts.framing), false
            )
        case let serverError as ServerError:
            return fromServerError(serverError)
        case let decodingError as DecodingError:
            return (Problem(decodingError: decodingError), false)
        case let httpError as HTTPError:
            return (Problem(status: httpError.status, headers: httpError.headers), httpError.status.code >= 500)
        case let httpError as any HTTPResponseError:
            return (Problem(status: httpError.status), httpError.status.code >= 500)
        default:
            if let problem = Problem(domain: error) { return (problem, problem.type == .serviceUnavailable) }
            return (Problem(.internalError), true)
        }
    }

    /// The store's trouble: an outage is worth a retry, a value it refused is the client's, and
    /// everything else is ours (500, no `Retry-After`: retrying will not help).
    private static func fromStore(_ error: StoreError) -> (Problem, Bool) {
        switch error {
        case .unavailable:
            return (Problem(.serviceUnavailable, headers: [.retryAfter: "5"]), true)
        case .invalidData(let column):
            return (
                Problem(
                    .validationFailed,
                    fieldErrors: [
                        FieldError(
                            field: column ?? "request", code: "invalid",
                            message: RequestTexts.cannotStore
                        )
                    ]), false
            )
        case .unexpectedConstraint, .malformedRow, .failed:
            return (Problem(.internalError), true)
        }
    }

    /// The OpenAPI runtime wraps what the handler or the request decoding threw.
    private static func fromServerError(_ error: ServerError) -> (Problem, Bool) {
        // A write without `If-Match` is refused before its handler runs (the contract requires
        // the header): 428, as the handlers answered when it was optional.
        if error.operationInput == nil, error.request.headerFields[.ifMatch] == nil,
            error.causeDescription == "The required header field named 'If-Match' is missing."
        {
            return (Problem(.preconditionRequired), false)
        }
        // A path segment that is not one of its parameter's values (`/v1/jobs/nonsense/run`)
        // names nothing: 404, as an unknown id does. Swift's enum decoding names the value.
        if error.operationInput == nil, case .dataCorrupted(let context) = error.underlyingError as? DecodingError,
            error.requestMetadata.pathParameters.values.contains(where: { context.debugDescription.hasSuffix("invalid String value \($0)") })
        {
            return (Problem(.notFound), false)
        }
        switch error.underlyingError {
        case is Problem, is DecodingError, is StoreError, is HTTPParserError:
            return from(error.underlyingError)
        case let underlying where Problem(domain: underlying) != nil:
            return from(underlying)
        case let underlying where String(reflecting: Swift.type(of: underlying)) == "OpenAPIRuntime.ParsingError":
            // The runtime's query parser (internal to it) refuses an empty or malformed pair
            // such as `?&limit=10` and reports it as a server fault; it is the client's.
            return (
                Problem(
                    .malformedRequest,
                    fieldErrors: [
                        FieldError(
                            field: "query", code: "unreadable",
                            message: RequestTexts.malformedQuery
                        )
                    ]), false
            )
        default:
            break
        }
        switch error.httpStatus.code {
        case 415:
            return (Problem(.unsupportedMediaType), false)
        case 406:
            return (Problem(.notAcceptable), false)
        case 400..<500:
            // The runtime's cause description is written for API users (a missing header,
            // an undecodable query value) and carries no server internals.
            let reason = error.causeDescription
            return (
                Problem(
                    .malformedRequest,
                    fieldErrors: [
                        FieldError(field: "request", code: "unreadable", message: LocalizedText(en: reason, cs: reason))
                    ]), false
            )
        default:
            return (Problem(.internalError), true)
        }
    }

    init(decodingError: DecodingError) {
        let (path, code, message): ([any CodingKey], String, LocalizedText) =
            switch decodingError {
            case .keyNotFound(let key, let context):
                (context.codingPath + [key], "required", RequestTexts.required)
            case .valueNotFound(_, let context):
                (context.codingPath, "required", RequestTexts.notNull)
            case .typeMismatch(let type, let context):
                (
                    context.codingPath, "type",
                    RequestTexts.type(Self.typeName(type))
                )
            case .dataCorrupted(let context) where context.debugDescription == LenientDateTranscoder.outOfRange:
                // The path is empty unless `DateFieldMiddleware` found where the date was.
                (context.codingPath, "date_time", RequestTexts.dateTimeRange)
            case .dataCorrupted(let context) where context.debugDescription == LenientDateTranscoder.unreadable:
                (context.codingPath, "date_time", RequestTexts.dateTime)
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                ([], "syntax", RequestTexts.notJSON)
            case .dataCorrupted(let context) where context.debugDescription.hasPrefix("Additional properties"):
                (
                    context.codingPath, "unknown",
                    RequestTexts.unknownField
                )
            case .dataCorrupted(let context):
                (context.codingPath, "invalid", RequestTexts.invalidValue)
            @unknown default:
                ([], "invalid", RequestTexts.unreadableBody)
            }
        let field = (["body"] + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue })
            .joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
        let type: ProblemType = code == "syntax" ? .malformedRequest : .validationFailed
        self.init(type, fieldErrors: [FieldError(field: field, code: code, message: message)])
    }

    init(status: HTTPResponse.Status, headers: HTTPFields = [:]) {
        let type: ProblemType =
            switch status.code {
            case 404: .notFound
            case 405: .methodNotAllowed
            case 413: .payloadTooLarge
            case 415: .unsupportedMediaType
            case 406: .notAcceptable
            case 503: .serviceUnavailable
            case 400..<500: .malformedRequest
            default: .internalError
            }
        // Keep only headers that tell the client what to do next, never internal ones.
        var kept = HTTPFields()
        for name in [HTTPField.Name.allow, .retryAfter, .wwwAuthenticate] {
            if let value = headers[name] { kept[name] = value }
        }
        self.init(type, headers: kept)
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Int.Type, is Int64.Type, is Int32.Type: "integer"
        case is Double.Type, is Float.Type, is Decimal.Type: "number"
        case is Bool.Type: "boolean"
        default:
            String(describing: type).hasPrefix("Array") ? "array" : "object"
        }
    }
}
