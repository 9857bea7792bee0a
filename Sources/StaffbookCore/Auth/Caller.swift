import Foundation

/// The authenticated account behind a request.
package struct Caller: Sendable, Equatable {
    package var accountId: UUID
    package var sessionId: UUID
    package var roles: Set<Role>

    package init(accountId: UUID, sessionId: UUID, roles: Set<Role>) {
        self.accountId = accountId
        self.sessionId = sessionId
        self.roles = roles
    }

    package func has(_ role: Role) -> Bool { roles.contains(role) }
}
