import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends an idempotent request again on 503 (the database is away) and 429 (too many
/// attempts), waiting as `Retry-After` says, within the policy's bounds.
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy
    let maxReplayBytes: Int

    static let retriedStatuses: Set<Int> = [429, 503]

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let idempotent = request.method == .get || request.method == .head || request.headerFields[.idempotencyKey] != nil
        guard idempotent, policy.maxAttempts > 1 else { return try await next(request, body, baseURL) }
        let body = try await HTTPBody.replayable(body, limit: maxReplayBytes)
        var attempt = 1
        while true {
            let (response, responseBody) = try await next(request, body, baseURL)
            guard Self.retriedStatuses.contains(response.status.code), attempt < policy.maxAttempts else {
                return (response, responseBody)
            }
            await HTTPBody.discard(responseBody)
            let retryAfter = response.headerFields[.retryAfter].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            try await Task.sleep(for: policy.delay(afterAttempt: attempt, retryAfter: retryAfter))
            attempt += 1
        }
    }
}

extension HTTPField.Name {
    static let idempotencyKey = literal("Idempotency-Key")
    static let xRequestID = literal("X-Request-Id")

    /// A header name written in this code: a misspelt one fails the first test that uses it.
    static func literal(_ name: String) -> Self {
        guard let field = Self(name) else { preconditionFailure("'\(name)' is not an HTTP field name") }
        return field
    }
}
