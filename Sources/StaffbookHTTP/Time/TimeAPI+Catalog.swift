import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/clients*` and `/v1/projects*`: what time is tracked on.
extension TimeAPI {
    func listClients(_ input: Operations.ListClients.Input) async throws -> Operations.ListClients.Output {
        let query = input.query
        let page = try PageRequest<SingleNamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        let rows = try await catalog.clients(includeInactive: query.includeInactive ?? false, page: page)
        let result = Page(rows: rows, limit: page.limit) { SingleNamePosition(name: $0.name, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(TimeSchemas.client), nextCursor: result.nextCursor))
            ))
    }

    func createClient(_ input: Operations.CreateClient.Input) async throws -> Operations.CreateClient.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let name = validation.requiredText(body.name, field: "body.name", maxLength: 200)
        let address = validation.optionalText(body.billingAddress, field: "body.billingAddress", maxLength: 1000)
        try validation.check()
        let client = try await catalog.createClient(name: name, billingAddress: address.nilIfEmpty, now: clock.now())
        return .created(.init(headers: .init(eTag: client.etag), body: .json(TimeSchemas.client(client))))
    }

    func updateClient(_ input: Operations.UpdateClient.Input) async throws -> Operations.UpdateClient.Output {
        let id = try InputValidation.pathID(input.path.clientId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let name = body.name.map { validation.requiredText($0, field: "body.name", maxLength: 200) }
        let address = validation.optionalText(body.billingAddress, field: "body.billingAddress", maxLength: 1000)
        try validation.check()
        let condition = try EntityTags.requiredWriteCondition(ifMatch: input.headers.ifMatch)
        switch try await catalog.updateClient(
            id: id, condition: condition, fields: ClientFields(name: name, billingAddress: address, active: body.active), now: clock.now()
        ) {
        case .notFound: throw Problem(.notFound)
        case .stale: throw Problem(.preconditionFailed)
        case .written(let client): return .ok(.init(headers: .init(eTag: client.etag), body: .json(TimeSchemas.client(client))))
        }
    }

    func listProjects(_ input: Operations.ListProjects.Input) async throws -> Operations.ListProjects.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<SingleNamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let clientId = query.clientId.flatMap { validation.uuid($0, field: "query.clientId") }
        try validation.check()
        let manages = caller.has(.admin) || caller.has(.teamLeader)
        var filter = ProjectFilter(clientId: clientId, includeInactive: manages && (query.includeInactive ?? false))
        if !caller.has(.admin) {
            filter.openToTeams = try await catalog.teams(of: caller.accountId).member
        }
        let rows = try await catalog.projects(filter: filter, page: page)
        let result = Page(rows: rows, limit: page.limit) { SingleNamePosition(name: $0.name, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(
                    .init(items: result.items.map { TimeSchemas.project($0, showPrice: manages) }, nextCursor: result.nextCursor)
                )
            ))
    }

    func createProject(_ input: Operations.CreateProject.Input) async throws -> Operations.CreateProject.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let clientId = validation.uuid(body.clientId, field: "body.clientId")
        let name = validation.requiredText(body.name, field: "body.name", maxLength: 200)
        let price = body.hourlyPrice.flatMap { validation.money($0, field: "body.hourlyPrice") }
        let teams = validation.teamIds(body.teamIds, field: "body.teamIds")
        try validation.check()
        let led = try await catalog.teams(of: caller.accountId).led
        guard CatalogRules.mayAssign(teams: teams ?? [], current: [], caller: caller, ledTeams: led) else {
            throw Problem.teamsNotYours
        }
        guard
            let project = try await catalog.createProject(
                ProjectFields(clientId: clientId, name: name, billable: body.billable, hourlyPrice: price, teamIds: teams), now: clock.now()
            )
        else {
            throw Problem(.validationFailed, fieldErrors: [.init(field: "body.clientId", code: "unknown", message: TimeTexts.noSuchClient)])
        }
        return .created(.init(headers: .init(eTag: project.etag), body: .json(TimeSchemas.project(project, showPrice: true))))
    }

    func updateProject(_ input: Operations.UpdateProject.Input) async throws -> Operations.UpdateProject.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.projectId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let name = body.name.map { validation.requiredText($0, field: "body.name", maxLength: 200) }
        var price: Decimal??
        if let text = body.hourlyPrice {
            price = text.isEmpty ? .some(nil) : validation.money(text, field: "body.hourlyPrice").map { .some($0) }
        }
        let teams = validation.teamIds(body.teamIds, field: "body.teamIds")
        try validation.check()
        let condition = try EntityTags.requiredWriteCondition(ifMatch: input.headers.ifMatch)
        guard let current = try await catalog.project(id: id) else { throw Problem(.notFound) }
        let led = try await catalog.teams(of: caller.accountId).led
        guard CatalogRules.mayManage(current, caller: caller, ledTeams: led) else { throw Problem(.notFound) }
        if let teams, !CatalogRules.mayAssign(teams: teams, current: current.teamIds, caller: caller, ledTeams: led) {
            throw Problem.teamsNotYours
        }
        let fields = ProjectFields(name: name, billable: body.billable, hourlyPrice: price, active: body.active, teamIds: teams)
        switch try await catalog.updateProject(id: id, condition: condition, fields: fields, now: clock.now()) {
        case .notFound: throw Problem(.notFound)
        case .stale: throw Problem(.preconditionFailed)
        case .written(let project):
            return .ok(.init(headers: .init(eTag: project.etag), body: .json(TimeSchemas.project(project, showPrice: true))))
        }
    }

}

extension Problem {
    /// A team leader may give projects only teams they lead, and not leave one open to everyone.
    static let teamsNotYours = Problem(
        .validationFailed,
        fieldErrors: [
            .init(
                field: "body.teamIds", code: "not_led",
                message: TimeTexts.teamsToAssign)
        ])
}

extension InputValidation {
    mutating func teamIds(_ values: [String]?, field: String) -> [UUID]? {
        guard let values else { return nil }
        return values.enumerated().compactMap { uuid($0.element, field: "\(field)[\($0.offset)]") }
    }
}
