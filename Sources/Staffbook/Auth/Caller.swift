import Foundation

/// The authenticated account behind a request.
public struct Caller: Sendable, Equatable {
    public var accountId: UUID
    public var sessionId: UUID
    public var roles: Set<Role>

    public func has(_ role: Role) -> Bool { roles.contains(role) }
}
