import Foundation

/// Everything a profile shows.
package struct PersonProfile: Sendable, Equatable {
    package var id: UUID
    package var email: String
    package var firstName: String
    package var lastName: String
    package var academicTitle: String?
    package var position: String?
    package var capacityHoursPerWeek: Decimal?
    package var phone: String?
    package var personalEmail: String?
    package var language: Language = .cs
    package var roles: Set<Role>
    package var isActive: Bool
    package var version: Int
    package var teams: [TeamRef]
    package var contracts: [Contract]
    package var currentRate: RateEntry?
    package var upcomingRate: RateEntry?

    /// A strong validator for `ETag`/`If-Match`: the account's version.
    package var etag: String { "\"v\(version)\"" }

    package init(
        id: UUID, email: String, firstName: String, lastName: String, academicTitle: String? = nil, position: String? = nil,
        capacityHoursPerWeek: Decimal? = nil, phone: String? = nil, personalEmail: String? = nil, roles: Set<Role>, isActive: Bool, version: Int,
        teams: [TeamRef], contracts: [Contract], currentRate: RateEntry? = nil, upcomingRate: RateEntry? = nil
    ) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.academicTitle = academicTitle
        self.position = position
        self.capacityHoursPerWeek = capacityHoursPerWeek
        self.phone = phone
        self.personalEmail = personalEmail
        self.roles = roles
        self.isActive = isActive
        self.version = version
        self.teams = teams
        self.contracts = contracts
        self.currentRate = currentRate
        self.upcomingRate = upcomingRate
    }
}
