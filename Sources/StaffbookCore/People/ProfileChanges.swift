import Foundation

/// The editable profile fields. For optional text, `nil` keeps the value and `""` clears it.
package struct ProfileChanges: Sendable {
    package var firstName: String?
    package var lastName: String?
    package var academicTitle: String?
    package var position: String?
    package var capacityHoursPerWeek: Decimal?
    package var phone: String?
    package var personalEmail: String?
    package var roles: Set<Role>?
    package var language: Language?

    package init(
        firstName: String? = nil, lastName: String? = nil, academicTitle: String? = nil, position: String? = nil,
        capacityHoursPerWeek: Decimal? = nil, phone: String? = nil, personalEmail: String? = nil, roles: Set<Role>? = nil,
        language: Language? = nil
    ) {
        self.language = language
        self.firstName = firstName
        self.lastName = lastName
        self.academicTitle = academicTitle
        self.position = position
        self.capacityHoursPerWeek = capacityHoursPerWeek
        self.phone = phone
        self.personalEmail = personalEmail
        self.roles = roles
    }
}
