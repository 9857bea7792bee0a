import HTTPTypes
import Hummingbird

/// Authenticates a bearer token when one is sent and puts the caller, with the request id and
/// client address, into `RequestScope` for the generated handlers. Whether an operation needs
/// a caller is `AccessPolicy`'s business, not this middleware's.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let auth: AuthService
    let trustForwardedFor: Bool

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var caller: Caller?
        if let header = request.headers[.authorization] {
            guard header.count > 7, header.prefix(7).lowercased() == "bearer " else {
                throw Problem.unauthenticated(invalidToken: true)
            }
            caller = try await auth.authenticate(bearer: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        let scope = RequestScope(
            requestId: context.requestId,
            uri: request.uri.description,
            clientAddress: clientAddress(request, context),
            userAgent: request.headers[.userAgent].map { String($0.prefix(200)) },
            caller: caller
        )
        return try await RequestScope.$current.withValue(scope) {
            try await next(request, context)
        }
    }

    private func clientAddress(_ request: Request, _ context: AppRequestContext) -> String {
        if trustForwardedFor, let forwarded = request.headers[.xForwardedFor],
           let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            return String(last.prefix(64))
        }
        return context.peerAddress ?? "unknown"
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
