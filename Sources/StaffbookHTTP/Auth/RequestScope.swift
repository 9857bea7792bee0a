import Foundation
import StaffbookCore

/// What generated handlers need to know about the request they answer, carried as a task
/// local from the middleware (the OpenAPI handler signatures have no room for it).
struct RequestScope: Sendable {
    @TaskLocal static var current = RequestScope(requestId: "", uri: "/", clientAddress: "unknown", userAgent: nil, credentials: nil)

    /// The `Authorization` header as sent, checked only by operations that need a caller.
    enum Credentials: Sendable, Equatable {
        case bearer(String)
        /// Present but not `Bearer <token>`.
        case malformed
    }

    var requestId: String
    /// Path and query as sent, for links to further pages.
    var uri: String
    var clientAddress: String
    var userAgent: String?
    var credentials: Credentials?
    /// The language the caller asked for (`Accept-Language`), for texts inside answers.
    var language: Language = .en
    /// Set once the access policy has authenticated the credentials.
    var caller: Caller?

    /// The caller, or 401 when the request carried no access token.
    static func requireCaller() throws -> Caller {
        guard let caller = current.caller else { throw Problem.unauthenticated(invalidToken: false) }
        return caller
    }
}
