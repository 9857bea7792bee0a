import Foundation

/// The authenticated account behind a request.
package struct Caller: Sendable, Equatable {
    package var accountId: UUID
    package var sessionId: UUID
    package var roles: Set<Role>
    /// A personal access token's scopes (its id is `sessionId`); nil for a signed-in session.
    package var scopes: Set<TokenScope>?

    package init(accountId: UUID, sessionId: UUID, roles: Set<Role>, scopes: Set<TokenScope>? = nil) {
        self.accountId = accountId
        self.sessionId = sessionId
        self.roles = roles
        self.scopes = scopes
    }

    package func has(_ role: Role) -> Bool { roles.contains(role) }
}
