import Foundation

package enum ContractType: String, Sendable, CaseIterable {
    case ico = "ICO"
    case hpp = "HPP"
    case dpp = "DPP"
    case dpc = "DPC"
}

package struct Contract: Sendable, Equatable {
    package var id: UUID
    package var type: ContractType
    package var validFrom: CalendarDay
    package var validTo: CalendarDay?

    package init(id: UUID, type: ContractType, validFrom: CalendarDay, validTo: CalendarDay? = nil) {
        self.id = id
        self.type = type
        self.validFrom = validFrom
        self.validTo = validTo
    }
}

/// A team as seen from one of its members.
package struct TeamRef: Sendable, Equatable {
    package var id: UUID
    package var name: String
    package var leader: Bool

    package init(id: UUID, name: String, leader: Bool) {
        self.id = id
        self.name = name
        self.leader = leader
    }
}

/// A rate and when it takes effect.
package struct RateEntry: Sendable, Equatable {
    package var id: UUID
    package var amount: Decimal
    package var effectiveFrom: CalendarDay

    package init(id: UUID, amount: Decimal, effectiveFrom: CalendarDay) {
        self.id = id
        self.amount = amount
        self.effectiveFrom = effectiveFrom
    }
}

/// A row of a people list.
package struct PersonSummary: Sendable, Equatable {
    package var id: UUID
    package var email: String
    package var firstName: String
    package var lastName: String
    package var academicTitle: String?
    package var position: String?
    package var isActive: Bool
    package var teams: [TeamRef]

    package init(
        id: UUID, email: String, firstName: String, lastName: String, academicTitle: String? = nil, position: String? = nil, isActive: Bool,
        teams: [TeamRef]
    ) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.academicTitle = academicTitle
        self.position = position
        self.isActive = isActive
        self.teams = teams
    }
}

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

/// The keyset position of a person in Czech name order.
package struct NamePosition: PagePosition {
    package var lastName: String
    package var firstName: String
    package var id: UUID

    package enum CodingKeys: String, CodingKey {
        case lastName = "l", firstName = "f", id = "i"
    }

    package init(lastName: String, firstName: String, id: UUID) {
        self.lastName = lastName
        self.firstName = firstName
        self.id = id
    }

    package var isValid: Bool { PagePositionText.isValid(lastName) && PagePositionText.isValid(firstName) }
}

/// Which people a list may show.
package enum PeopleScope: Sendable {
    case everyone
    /// The members of the teams this person leads.
    case ledBy(UUID)
}

package struct PeopleFilter: Sendable {
    package var query: String?
    package var active: Bool?
    package var teamId: UUID?

    package init(query: String? = nil, active: Bool? = nil, teamId: UUID? = nil) {
        self.query = query
        self.active = active
        self.teamId = teamId
    }
}

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

package struct NewContract: Sendable {
    package var type: ContractType
    package var validFrom: CalendarDay
    package var validTo: CalendarDay?

    package init(type: ContractType, validFrom: CalendarDay, validTo: CalendarDay? = nil) {
        self.type = type
        self.validFrom = validFrom
        self.validTo = validTo
    }
}

package struct NewRateEntry: Sendable {
    package var amount: Decimal
    package var effectiveFrom: CalendarDay
    /// Why the rate changes (a review, a promotion): shown in the history and the increases.
    package var reason: String?

    package init(amount: Decimal, effectiveFrom: CalendarDay, reason: String? = nil) {
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.reason = reason
    }
}

/// Someone named by id and name.
package struct PersonRef: Sendable, Equatable {
    package var id: UUID
    package var firstName: String
    package var lastName: String

    package init(id: UUID, firstName: String, lastName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }
}
