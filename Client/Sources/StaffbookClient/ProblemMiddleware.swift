import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Asks for problem texts in the app's language, and turns every answer of 400 or more into a
/// thrown `StaffbookProblem`, so callers handle one error type instead of a case per status of
/// each operation.
struct ProblemMiddleware: ClientMiddleware {
    let language: String?

    /// Problem documents are small; anything longer is cut, never held in full.
    static let maxProblemBytes = 64 * 1024

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let language { request.headerFields[.acceptLanguage] = language }
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var bytes = Data()
        if let responseBody { bytes = try await Data(collecting: responseBody, upTo: Self.maxProblemBytes) }
        throw StaffbookProblem(
            status: response.status.code,
            body: bytes,
            requestID: response.headerFields[.xRequestID],
            retryAfter: response.headerFields[.retryAfter].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        )
    }
}
