import HTTPTypes
import Hummingbird
import StaffbookCore

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
            guard let token = Self.bearerToken(header) else { throw Problem.unauthenticated(invalidToken: true) }
            caller = try await auth.authenticate(bearer: token)
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

    /// The credentials of `Bearer <token>` (scheme in any case, spaces around the token ignored).
    /// Works on the UTF-8 bytes: Foundation's trimming bridges through UTF-16 and cost more than
    /// checking the token's signature.
    static func bearerToken(_ header: String) -> String? {
        let bytes = header.utf8
        guard bytes.count > 7, String(header[..<bytes.index(bytes.startIndex, offsetBy: 7)]).lowercased() == "bearer " else { return nil }
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
