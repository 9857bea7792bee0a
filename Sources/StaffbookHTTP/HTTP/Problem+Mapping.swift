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
                    detail: LocalizedText(
                        en: "The request's HTTP framing could not be read (for example a malformed chunk).",
                        cs: "Rámování HTTP požadavku nelze přečíst (například chybný blok chunked)."
                    )), false
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
                            message: LocalizedText(en: "This value cannot be stored.", cs: "Tuto hodnotu nelze uložit.")
                        )
                    ]), false
            )
        case .unexpectedConstraint, .malformedRow, .failed:
            return (Problem(.internalError), true)
        }
    }

    /// The OpenAPI runtime wraps what the handler or the request decoding threw.
    private static func fromServerError(_ error: ServerError) -> (Problem, Bool) {
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
                            message: LocalizedText(en: "The query string is malformed.", cs: "Řetězec dotazu je poškozený.")
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
                (context.codingPath + [key], "required", LocalizedText(en: "This field is required.", cs: "Toto pole je povinné."))
            case .valueNotFound(_, let context):
                (context.codingPath, "required", LocalizedText(en: "This field must not be null.", cs: "Toto pole nesmí být null."))
            case .typeMismatch(let type, let context):
                (
                    context.codingPath, "type",
                    LocalizedText(
                        en: "Expected a value of type \(Self.typeName(type)).",
                        cs: "Očekávána hodnota typu \(Self.typeName(type))."
                    )
                )
            case .dataCorrupted(let context) where context.debugDescription == LenientDateTranscoder.outOfRange:
                // The runtime's date decoding does not tell where the date was.
                ([], "date_time", LocalizedText(en: "A date-time between 1900 and 2200.", cs: "Datum a čas mezi lety 1900 a 2200."))
            case .dataCorrupted(let context) where context.debugDescription == LenientDateTranscoder.unreadable:
                ([], "date_time", LocalizedText(en: "A date-time as RFC 3339.", cs: "Datum a čas podle RFC 3339."))
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                ([], "syntax", LocalizedText(en: "The body is not valid JSON.", cs: "Tělo není platný JSON."))
            case .dataCorrupted(let context) where context.debugDescription.hasPrefix("Additional properties"):
                (
                    context.codingPath, "unknown",
                    LocalizedText(
                        en: "This field is not part of the request.", cs: "Toto pole do požadavku nepatří."
                    )
                )
            case .dataCorrupted(let context):
                (context.codingPath, "invalid", LocalizedText(en: "This value is not valid here.", cs: "Tato hodnota zde není platná."))
            @unknown default:
                ([], "invalid", LocalizedText(en: "The body could not be read.", cs: "Tělo nelze přečíst."))
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
