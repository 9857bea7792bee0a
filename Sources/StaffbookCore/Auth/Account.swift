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

/// What a person reads about themselves: the account and their profile's own fields (contracts,
/// teams and rates have their own routes).
package struct OwnProfile: Sendable, Equatable {
    package var account: Account
    package var academicTitle: String?
    package var position: String?
    package var capacityHoursPerWeek: Decimal?
    package var phone: String?
    package var personalEmail: String?
    package var language: Language

    package init(
        account: Account, academicTitle: String?, position: String?, capacityHoursPerWeek: Decimal?, phone: String?,
        personalEmail: String?, language: Language
    ) {
        self.account = account
        self.academicTitle = academicTitle
        self.position = position
        self.capacityHoursPerWeek = capacityHoursPerWeek
        self.phone = phone
        self.personalEmail = personalEmail
        self.language = language
    }
}
