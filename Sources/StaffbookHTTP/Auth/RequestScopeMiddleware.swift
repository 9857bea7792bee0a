import HTTPTypes
import Hummingbird
import StaffbookCore

/// Puts the request id, the client address and the sent credentials into `RequestScope` for the
/// generated handlers. The credentials are not checked here: only an operation that needs a
/// caller looks at them (`AccessPolicyMiddleware`), so a stale token sent to sign-in, refresh or
/// a health check is ignored rather than refused.
struct RequestScopeMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let trustForwardedFor: Bool

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let credentials = request.headers[.authorization].map { header in
            Self.bearerToken(header).map(RequestScope.Credentials.bearer) ?? .malformed
        }
        var scope = RequestScope(
            requestId: context.requestId,
            uri: request.uri.description,
            clientAddress: clientAddress(request, context),
            userAgent: request.headers[.userAgent].map { String($0.prefix(200)) },
            credentials: credentials
        )
        scope.language = Language(acceptLanguage: request.headers[.acceptLanguage])
        return try await RequestScope.$current.withValue(scope) {
            try await AuditContext.$requestId.withValue(context.requestId) {
                try await next(request, context)
            }
        }
    }

    /// The credentials of `Bearer <token>` (scheme in any case, spaces around the token ignored).
    /// Works on the UTF-8 bytes: Foundation's trimming bridges through UTF-16 and cost more than
    /// checking the token's signature.
    static func bearerToken(_ header: String) -> String? {
        let bytes = header.utf8
        guard bytes.count > 7, String(header[..<bytes.index(bytes.startIndex, offsetBy: 7)]).lowercased() == "bearer " else {
            return nil
        }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let value = bytes.dropFirst(7).drop(while: isBlank)
        let end = value.lastIndex(where: { !isBlank($0) }).map(bytes.index(after:)) ?? value.startIndex
        return String(header[value.startIndex..<end])
    }

    private func clientAddress(_ request: Request, _ context: AppRequestContext) -> String {
        if trustForwardedFor, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return String(last.prefix(64))
        }
        return context.peerAddress ?? "unknown"
    }
}
