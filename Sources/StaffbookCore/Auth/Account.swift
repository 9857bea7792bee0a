import Foundation

/// A person who can sign in.
package struct Account: Sendable, Equatable {
    package var id: UUID
    package var email: String
    package var firstName: String
    package var lastName: String
    package var roles: Set<Role>
    package var isActive: Bool
    package var passwordHash: String?

    package init(
        id: UUID, email: String, firstName: String, lastName: String, roles: Set<Role>, isActive: Bool, passwordHash: String?
    ) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.roles = roles
        self.isActive = isActive
        self.passwordHash = passwordHash
    }
}

/// What creating an account needs.
package struct NewAccount: Sendable {
    package var email: String
    package var firstName: String
    package var lastName: String
    package var roles: Set<Role>
    package var passwordHash: String?

    package init(email: String, firstName: String, lastName: String, roles: Set<Role>, passwordHash: String?) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.roles = roles
        self.passwordHash = passwordHash
    }
}
