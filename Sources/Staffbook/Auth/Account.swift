import Foundation

/// A person who can sign in.
public struct Account: Sendable, Equatable {
    public var id: UUID
    public var email: String
    public var firstName: String
    public var lastName: String
    public var roles: Set<Role>
    public var isActive: Bool
    public var passwordHash: String?
}

/// What creating an account needs.
public struct NewAccount: Sendable {
    public var email: String
    public var firstName: String
    public var lastName: String
    public var roles: Set<Role>
    public var passwordHash: String?

    public init(email: String, firstName: String, lastName: String, roles: Set<Role>, passwordHash: String?) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.roles = roles
        self.passwordHash = passwordHash
    }
}
