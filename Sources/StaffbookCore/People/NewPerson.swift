import Foundation

package struct NewPerson: Sendable {
    package var email: String
    package var firstName: String
    package var lastName: String
    package var academicTitle: String?
    package var position: String?
    package var capacityHoursPerWeek: Decimal?
    package var phone: String?
    package var personalEmail: String?
    package var roles: Set<Role>
    package var teamIds: [UUID]
    package var contract: NewContract
    package var rate: NewRateEntry
    package var language: Language = .cs

    package init(
        email: String, firstName: String, lastName: String, academicTitle: String? = nil, position: String? = nil,
        capacityHoursPerWeek: Decimal? = nil, phone: String? = nil, personalEmail: String? = nil, roles: Set<Role>, teamIds: [UUID],
        contract: NewContract, rate: NewRateEntry, language: Language = .cs
    ) {
        self.language = language
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.academicTitle = academicTitle
        self.position = position
        self.capacityHoursPerWeek = capacityHoursPerWeek
        self.phone = phone
        self.personalEmail = personalEmail
        self.roles = roles
        self.teamIds = teamIds
        self.contract = contract
        self.rate = rate
    }
}
