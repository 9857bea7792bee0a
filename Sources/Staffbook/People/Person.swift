import Foundation

enum ContractType: String, Sendable, CaseIterable {
    case ico = "ICO"
    case hpp = "HPP"
    case dpp = "DPP"
    case dpc = "DPC"
}

struct Contract: Sendable, Equatable {
    var id: UUID
    var type: ContractType
    var validFrom: CalendarDay
    var validTo: CalendarDay?
}

/// A team as seen from one of its members.
struct TeamRef: Sendable, Equatable {
    var id: UUID
    var name: String
    var leader: Bool
}

/// A rate and when it takes effect.
struct RateEntry: Sendable, Equatable {
    var id: UUID
    var amount: Decimal
    var effectiveFrom: CalendarDay
}

/// A row of a people list.
struct PersonSummary: Sendable, Equatable {
    var id: UUID
    var email: String
    var firstName: String
    var lastName: String
    var academicTitle: String?
    var position: String?
    var isActive: Bool
    var teams: [TeamRef]
}

/// Everything a profile shows.
struct PersonProfile: Sendable, Equatable {
    var id: UUID
    var email: String
    var firstName: String
    var lastName: String
    var academicTitle: String?
    var position: String?
    var capacityHoursPerWeek: Decimal?
    var phone: String?
    var personalEmail: String?
    var roles: Set<Role>
    var isActive: Bool
    var version: Int
    var teams: [TeamRef]
    var contracts: [Contract]
    var currentRate: RateEntry?
    var upcomingRate: RateEntry?

    /// A strong validator for `ETag`/`If-Match`: the account's version.
    var etag: String { "\"v\(version)\"" }
}

/// The keyset position of a person in Czech name order.
struct NamePosition: Codable, Sendable {
    var lastName: String
    var firstName: String
    var id: UUID

    enum CodingKeys: String, CodingKey {
        case lastName = "l", firstName = "f", id = "i"
    }
}

/// Which people a list may show.
enum PeopleScope: Sendable {
    case everyone
    /// The members of the teams this person leads.
    case ledBy(UUID)
}

struct PeopleFilter: Sendable {
    var query: String?
    var active: Bool?
    var teamId: UUID?
}

/// The editable profile fields. For optional text, `nil` keeps the value and `""` clears it.
struct ProfileChanges: Sendable {
    var firstName: String?
    var lastName: String?
    var academicTitle: String?
    var position: String?
    var capacityHoursPerWeek: Decimal?
    var phone: String?
    var personalEmail: String?
    var roles: Set<Role>?
}

struct NewPerson: Sendable {
    var email: String
    var firstName: String
    var lastName: String
    var academicTitle: String?
    var position: String?
    var capacityHoursPerWeek: Decimal?
    var phone: String?
    var personalEmail: String?
    var roles: Set<Role>
    var teamIds: [UUID]
    var contract: NewContract
    var rate: NewRateEntry
}

struct NewContract: Sendable {
    var type: ContractType
    var validFrom: CalendarDay
    var validTo: CalendarDay?
}

struct NewRateEntry: Sendable {
    var amount: Decimal
    var effectiveFrom: CalendarDay
}
