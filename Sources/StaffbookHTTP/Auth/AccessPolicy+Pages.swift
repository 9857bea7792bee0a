import StaffbookCore

extension AccessPolicy {
    /// Whether a signed-in person with `roles` may call `operation`: a page that does what an
    /// operation does asks this, so the desk allows exactly what the API allows the same person.
    package static func allows(_ operation: String, roles: Set<Role>) -> Bool {
        switch operations[operation] {
        case .anyone, .signedIn: true
        case .anyOf(let required): !roles.isDisjoint(with: required)
        case nil: false
        }
    }
}

/// What a page needs of the request being answered: its id, the client's address (as the API's
/// throttles see it) and language, as `RequestScopeMiddleware` set them.
package enum PageScope {
    package static var requestId: String { RequestScope.current.requestId }
    package static var clientAddress: String { RequestScope.current.clientAddress }
    package static var language: Language { RequestScope.current.language }
    package static var userAgent: String? { RequestScope.current.userAgent }
}
