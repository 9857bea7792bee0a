import Foundation
import HTTPTypes
import OpenAPIRuntime
import StaffbookCore

/// Who may call each operation of the contract. An operation missing here is refused (and a
/// test fails), so a new route cannot be exposed by accident.
enum Access: Sendable, Equatable {
    /// No token needed (sign-in, health).
    case anyone
    /// Any signed-in account: every account is a worker.
    case signedIn
    /// Only accounts holding one of these roles; others get 404, as if the route did not exist.
    case anyOf(Set<Role>)
}

/// Who may call each operation and which token scopes reach it: the tables are written from the
/// contract's `x-staffbook-access` and `x-staffbook-token-scopes` (AccessPolicy+Operations.swift).
package enum AccessPolicy {}

/// Enforces `AccessPolicy` before any generated handler runs. Operations open to anyone ignore
/// the `Authorization` header; the others authenticate it here and hand the caller on.
struct AccessPolicyMiddleware: ServerMiddleware {
    let auth: AuthService
    let visibility: PersonVisibility

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let required: Set<Role>?
        switch AccessPolicy.operations[operationID] {
        case .anyone:
            return try await next(request, body, metadata)
        case .signedIn:
            required = nil
        case .anyOf(let roles):
            required = roles
        case nil:
            throw Problem(.notFound)
        }
        var scope = RequestScope.current
        let caller: Caller
        switch scope.credentials {
        case nil:
            throw Problem.unauthenticated(invalidToken: false)
        case .malformed:
            throw Problem.unauthenticated(invalidToken: true)
        case .bearer(let token):
            caller = try await auth.authenticate(bearer: token, address: scope.clientAddress)
        }
        if let required, caller.roles.isDisjoint(with: required) { throw Problem(.notFound) }
        if let scopes = caller.scopes {
            let needed = AccessPolicy.tokenScopes[operationID] ?? []
            guard PersonalTokenRules.allows(scopes, operationNeeding: needed) else {
                // Someone the owner may not see is not there for their token either: the same
                // 404 the owner's session gets, not a hint to sign in.
                if let named = metadata.pathParameters["userId"].flatMap({ UUID(uuidString: String($0)) }) {
                    do {
                        try await visibility.requireVisible(named, to: caller)
                    } catch PeopleError.personNotFound {
                        throw Problem(.notFound)
                    }
                }
                throw AuthError.insufficientScope(needed: needed)
            }
        }
        scope.caller = caller
        return try await RequestScope.$current.withValue(scope) {
            try await next(request, body, metadata)
        }
    }
}
