import Foundation
import StaffbookAPI
import StaffbookCore

/// `/v1/teams*`.
extension TeamsAPI {
    func listTeams(_ input: Operations.ListTeams.Input) async throws -> Operations.ListTeams.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<SingleNamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        let rows = try await teams.list(ledBy: caller.has(.admin) ? nil : caller.accountId, page: page)
        let result = Page(rows: rows, limit: page.limit) { SingleNamePosition(name: $0.name, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(PeopleSchemas.team), nextCursor: result.nextCursor))
            ))
    }

    func createTeam(_ input: Operations.CreateTeam.Input) async throws -> Operations.CreateTeam.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let name = validation.requiredText(body.name, field: "body.name", maxLength: 100)
        try validation.check()
        return .created(.init(body: .json(PeopleSchemas.team(try await teams.create(name: name, now: clock.now())))))
    }

    func renameTeam(_ input: Operations.RenameTeam.Input) async throws -> Operations.RenameTeam.Output {
        let id = try InputValidation.pathID(input.path.teamId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let name = validation.requiredText(body.name, field: "body.name", maxLength: 100)
        try validation.check()
        guard let team = try await teams.rename(id: id, name: name) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(PeopleSchemas.team(team))))
    }

    func putTeamMember(_ input: Operations.PutTeamMember.Input) async throws -> Operations.PutTeamMember.Output {
        let caller = try RequestScope.requireCaller()
        let teamId = try InputValidation.pathID(input.path.teamId)
        let personId = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        guard
            let team = try await teams.putMember(
                teamId: teamId, personId: personId, leader: body.leader, by: caller.accountId, now: clock.now()
            )
        else { throw Problem(.notFound) }
        return .ok(.init(body: .json(PeopleSchemas.team(team))))
    }

    func removeTeamMember(_ input: Operations.RemoveTeamMember.Input) async throws -> Operations.RemoveTeamMember.Output {
        let caller = try RequestScope.requireCaller()
        let teamId = try InputValidation.pathID(input.path.teamId)
        let personId = try InputValidation.pathID(input.path.userId)
        guard let team = try await teams.removeMember(teamId: teamId, personId: personId, by: caller.accountId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .ok(.init(body: .json(PeopleSchemas.team(team))))
    }
}
