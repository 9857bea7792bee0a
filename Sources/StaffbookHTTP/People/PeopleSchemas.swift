import Foundation
import StaffbookAPI
import StaffbookCore

/// Domain values as the contract's schemas.
enum PeopleSchemas {
    static func id(_ id: UUID) -> String { id.lowercasedString }

    static func team(_ ref: TeamRef) -> Components.Schemas.TeamRef {
        .init(id: id(ref.id), name: ref.name, leader: ref.leader)
    }

    static func contract(_ contract: Contract) -> Components.Schemas.Contract {
        .init(
            id: id(contract.id),
            _type: contractType(contract.type),
            validFrom: contract.validFrom.iso,
            validTo: contract.validTo?.iso
        )
    }

    static func contractType(_ type: ContractType) -> Components.Schemas.ContractType {
        switch type {
        case .ico: .ico
        case .hpp: .hpp
        case .dpp: .dpp
        case .dpc: .dpc
        }
    }

    static func role(_ role: Role) -> Components.Schemas.Role {
        switch role {
        case .worker: .worker
        case .teamLeader: .teamLeader
        case .admin: .admin
        }
    }

    static func user(_ account: Account) -> Components.Schemas.User {
        .init(
            id: account.id.lowercasedString,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            roles: account.roles.sorted().map(role)
        )
    }

    static func rate(_ rate: RateEntry) -> Components.Schemas.Rate {
        .init(id: id(rate.id), amount: Money.format(rate.amount), effectiveFrom: rate.effectiveFrom.iso)
    }

    static func summary(_ person: PersonSummary) -> Components.Schemas.UserSummary {
        .init(
            id: id(person.id), email: person.email, firstName: person.firstName, lastName: person.lastName,
            academicTitle: person.academicTitle, position: person.position, active: person.isActive,
            teams: person.teams.map(team)
        )
    }

    static func profile(_ person: PersonProfile) -> Components.Schemas.UserProfile {
        .init(
            id: id(person.id), email: person.email, firstName: person.firstName, lastName: person.lastName,
            academicTitle: person.academicTitle, position: person.position,
            capacityHoursPerWeek: person.capacityHoursPerWeek.map { NSDecimalNumber(decimal: $0).doubleValue },
            phone: person.phone, personalEmail: person.personalEmail, language: person.language == .en ? .en : .cs,
            roles: person.roles.sorted().map(role),
            active: person.isActive, teams: person.teams.map(team), contracts: person.contracts.map(contract),
            currentRate: person.currentRate.map(rate), upcomingRate: person.upcomingRate.map(rate)
        )
    }

    static func pending(_ request: AdminChangeRequest) -> Components.Schemas.PendingAdminChange {
        let change = request.change
        return .init(
            id: id(change.id), change: Components.Schemas.PendingAdminChange.ChangePayload(rawValue: change.kind.rawValue) ?? .grantAdmin,
            personId: id(change.personId), personName: request.personName,
            askedBy: .init(id: id(request.askedBy.id), name: request.askedBy.name), askedAt: change.requestedAt, expiresAt: change.expiresAt,
            reason: change.reason)
    }

    static func increase(amount: Decimal, previous: Decimal?) -> Components.Schemas.Increase? {
        guard let previous else { return nil }
        let increase = RateIncrease(amount: amount, previous: previous)
        return .init(absolute: Money.format(increase.absolute), percent: Money.format(increase.percent))
    }

    static func team(_ team: Team) -> Components.Schemas.Team {
        .init(
            id: id(team.id), name: team.name,
            members: team.members.map {
                .init(id: id($0.id), firstName: $0.firstName, lastName: $0.lastName, leader: $0.leader)
            })
    }
}
