import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Adds `Authorization: Bearer` from the vault. On a 401 that challenges the token
/// (`WWW-Authenticate`), waits for one shared refresh and sends the request again, once.
struct AuthMiddleware: ClientMiddleware {
    let vault: TokenVault
    let maxReplayBytes: Int

    /// Operations whose 401 is about the credentials in their body, not about a bearer token.
    static let signInOperations: Set<String> = ["signInWithPassword", "signInWithGoogle", "refreshTokens"]

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.signInOperations.contains(operationID), let token = await vault.current?.accessToken else {
            return try await next(request, body, baseURL)
        }
        let body = try await HTTPBody.replayable(body, limit: maxReplayBytes)
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status == .unauthorized, response.headerFields[.wwwAuthenticate] != nil else {
            return (response, responseBody)
        }
        await HTTPBody.discard(responseBody)
        request.headerFields[.authorization] = "Bearer \(try await vault.accessToken(replacing: token))"
        return try await next(request, body, baseURL)
    }
}
