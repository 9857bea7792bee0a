import Foundation
import StaffbookAPI
import StaffbookCore

/// `/v1/users*` and `/v1/me/rate`: reading and changing people.
extension PeopleAPI {
    func listUsers(_ input: Operations.ListUsers.Input) async throws -> Operations.ListUsers.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<NamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let search = validation.optionalText(query.q, field: "query.q", maxLength: 100)
        var teamId: UUID?
        if let text = query.teamId {
            teamId = UUID(uuidString: text)
            if teamId == nil { validation.fail("query.teamId", "uuid", PeopleTexts.notATeamId) }
        }
        try validation.check()
        let scope: PeopleScope = caller.has(.admin) ? .everyone : .ledBy(caller.accountId)
        let filter = PeopleFilter(query: search?.isEmpty == true ? nil : search, active: query.active, teamId: teamId)
        let rows = try await people.list(scope: scope, filter: filter, page: page)
        let result = Page(rows: rows, limit: page.limit) { NamePosition(lastName: $0.lastName, firstName: $0.firstName, id: $0.id) }
        let body = Components.Schemas.UserList(items: result.items.map(PeopleSchemas.summary), nextCursor: result.nextCursor)
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(WrittenJSON.body(body, placeholder: .init(items: [], nextCursor: body.nextCursor)))
            ))
    }

    func getUser(_ input: Operations.GetUser.Input) async throws -> Operations.GetUser.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        try await visibility.requireVisible(id, to: caller)
        let profile = try await requireProfile(id)
        return .ok(.init(headers: .init(eTag: profile.etag), body: .json(try await answer(profile, caller: caller))))
    }

    func getMyRate(_ input: Operations.GetMyRate.Input) async throws -> Operations.GetMyRate.Output {
        let caller = try RequestScope.requireCaller()
        let found = try await rates.currentAndUpcoming(personId: caller.accountId, today: today)
        return .ok(.init(body: .json(.init(current: found.current.map(PeopleSchemas.rate), upcoming: found.upcoming.map(PeopleSchemas.rate)))))
    }

    func createUser(_ input: Operations.CreateUser.Input) async throws -> Operations.CreateUser.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let email = validation.requiredText(body.email, field: "body.email", maxLength: 254)
        _ = validation.email(email, field: "body.email")
        let firstName = validation.requiredText(body.firstName, field: "body.firstName", maxLength: 100)
        let lastName = validation.requiredText(body.lastName, field: "body.lastName", maxLength: 100)
        let title = validation.optionalText(body.academicTitle, field: "body.academicTitle", maxLength: 50)
        let position = validation.optionalText(body.position, field: "body.position", maxLength: 100)
        let capacity = validation.capacity(body.capacityHoursPerWeek, field: "body.capacityHoursPerWeek")
        let phone = validation.phone(body.phone, field: "body.phone")
        let personalEmail = validation.email(body.personalEmail, field: "body.personalEmail")
        var teamIds: [UUID] = []
        for (index, text) in (body.teamIds ?? []).enumerated() {
            if let id = UUID(uuidString: text) {
                teamIds.append(id)
            } else {
                validation.fail("body.teamIds[\(index)]", "uuid", PeopleTexts.notATeamId)
            }
        }
        let (contract, rate) = try validation.values {
            ($0.contract(body.contract, field: "body.contract"), $0.rate(body.rate, field: "body.rate"))
        }
        let now = clock.now()
        let created = try await people.create(
            NewPerson(
                email: email, firstName: firstName, lastName: lastName,
                academicTitle: title.nilIfEmpty, position: position.nilIfEmpty, capacityHoursPerWeek: capacity,
                phone: phone.nilIfEmpty, personalEmail: personalEmail.nilIfEmpty,
                roles: Set((body.roles ?? []).compactMap { Role(rawValue: $0.rawValue) }),
                teamIds: Array(Set(teamIds)), contract: contract, rate: rate, language: body.language == .en ? .en : .cs
            ),
            invitation: accountLinks.grant(.invitation, now: now),
            by: caller.accountId, fourEyes: fourEyes.settings, now: now
        )
        let profile = try await requireProfile(created.id)
        let headers = Operations.CreateUser.Output.Created.Headers(
            eTag: profile.etag, location: "/v1/users/\(PeopleSchemas.id(created.id))")
        let answer = try await answer(profile, caller: caller)
        guard created.requested == nil else {
            return .accepted(.init(headers: .init(eTag: headers.eTag, location: headers.location), body: .json(answer)))
        }
        return .created(.init(headers: headers, body: .json(answer)))
    }

    func updateUser(_ input: Operations.UpdateUser.Input) async throws -> Operations.UpdateUser.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let condition = try EntityTags.requiredWriteCondition(ifMatch: input.headers.ifMatch)
        let changes = try PeoplePageInput.profile(
            firstName: body.firstName, lastName: body.lastName, academicTitle: body.academicTitle, position: body.position,
            capacityHoursPerWeek: body.capacityHoursPerWeek, phone: body.phone, personalEmail: body.personalEmail,
            roles: body.roles.map { $0.map(\.rawValue) }, language: body.language.map { $0 == .en ? .en : .cs })
        let written = try await people.update(
            id: id, condition: condition, changes: changes, by: caller.accountId, fourEyes: fourEyes.settings, now: clock.now())
        let profile = try await profile(after: written, id: id)
        let answer = try await answer(profile, caller: caller)
        if case .requested = written { return .accepted(.init(headers: .init(eTag: profile.etag), body: .json(answer))) }
        return .ok(.init(headers: .init(eTag: profile.etag), body: .json(answer)))
    }

    func deactivateUser(_ input: Operations.DeactivateUser.Input) async throws -> Operations.DeactivateUser.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard id != caller.accountId else { throw PeopleError.cannotDeactivateSelf }
        let written = try await people.setActive(id: id, active: false, by: caller.accountId, fourEyes: fourEyes.settings, now: clock.now())
        let profile = try await profile(after: written, id: id)
        let answer = try await answer(profile, caller: caller)
        if case .requested = written { return .accepted(.init(headers: .init(eTag: profile.etag), body: .json(answer))) }
        return .ok(.init(headers: .init(eTag: profile.etag), body: .json(answer)))
    }

    func reactivateUser(_ input: Operations.ReactivateUser.Input) async throws -> Operations.ReactivateUser.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        let written = try await people.setActive(id: id, active: true, by: caller.accountId, fourEyes: fourEyes.settings, now: clock.now())
        let profile = try await profile(after: written, id: id)
        let answer = try await answer(profile, caller: caller)
        if case .requested = written { return .accepted(.init(headers: .init(eTag: profile.etag), body: .json(answer))) }
        return .ok(.init(headers: .init(eTag: profile.etag), body: .json(answer)))
    }

    func listPendingAdminChanges(_ input: Operations.ListPendingAdminChanges.Input) async throws -> Operations.ListPendingAdminChanges.Output {
        _ = try RequestScope.requireCaller()
        let pending = try await fourEyes.pendingChanges(personId: nil)
        return .ok(.init(body: .json(.init(items: pending.map(PeopleSchemas.pending)))))
    }

    func withdrawPendingAdminChange(
        _ input: Operations.WithdrawPendingAdminChange.Input
    ) async throws -> Operations.WithdrawPendingAdminChange.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.changeId)
        guard try await fourEyes.withdraw(changeId: id, by: caller.accountId) else { throw Problem(.notFound) }
        return .noContent(.init())
    }

    /// The profile after a write, or the problem the write's outcome is.
    private func profile(after written: PersonWrite, id: UUID) async throws -> PersonProfile {
        switch written {
        case .notFound: throw Problem(.notFound)
        case .stale: throw Problem(.preconditionFailed)
        case .written, .requested: return try await requireProfile(id)
        }
    }

    /// A profile as the caller reads it: an admin sees what waits for a second admin about the person.
    private func answer(_ profile: PersonProfile, caller: Caller) async throws -> Components.Schemas.UserProfile {
        var body = PeopleSchemas.profile(profile)
        if caller.has(.admin) {
            let pending = try await fourEyes.pendingChanges(personId: profile.id)
            if !pending.isEmpty { body.awaitingSecondAdmin = pending.map(PeopleSchemas.pending) }
        }
        return body
    }

    func addContract(_ input: Operations.AddContract.Input) async throws -> Operations.AddContract.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let contract = try validation.values { $0.contract(body, field: "body") }
        guard let created = try await people.addContract(personId: id, contract: contract, by: caller.accountId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .created(.init(body: .json(PeopleSchemas.contract(created))))
    }

    func endContract(_ input: Operations.EndContract.Input) async throws -> Operations.EndContract.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        let contractId = try InputValidation.pathID(input.path.contractId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let validTo = try validation.values { $0.day(body.validTo, field: "body.validTo") }
        guard
            let ended = try await people.endContract(
                personId: id, contractId: contractId, validTo: validTo, by: caller.accountId, now: clock.now()
            )
        else { throw Problem(.notFound) }
        return .ok(.init(body: .json(PeopleSchemas.contract(ended))))
    }

    private func requireProfile(_ id: UUID) async throws -> PersonProfile {
        guard let profile = try await people.profile(id: id, today: today) else { throw Problem(.notFound) }
        return profile
    }
}

extension InputValidation {
    mutating func contract(_ body: Components.Schemas.NewContract, field: String) -> NewContract? {
        let from = day(body.validFrom, field: "\(field).validFrom")
        let to = body.validTo.flatMap { day($0, field: "\(field).validTo") }
        if let from, let to, to < from {
            fail("\(field).validTo", "before_start", PeopleTexts.notBeforeValidFrom)
            return nil
        }
        guard let from, let type = ContractType(rawValue: body._type.rawValue) else { return nil }
        return NewContract(type: type, validFrom: from, validTo: to)
    }

    mutating func rate(_ body: Components.Schemas.NewRate, field: String) -> NewRateEntry? {
        let amount = money(body.amount, field: "\(field).amount")
        let from = day(body.effectiveFrom, field: "\(field).effectiveFrom")
        let reason = optionalText(body.reason, field: "\(field).reason", maxLength: 500)
        guard let amount, let from else { return nil }
        return NewRateEntry(amount: amount, effectiveFrom: from, reason: reason.nilIfEmpty)
    }

    mutating func rateCorrection(_ body: Components.Schemas.RateCorrection, field: String) -> RateCorrection? {
        let amount = body.amount.flatMap { money($0, field: "\(field).amount") }
        let from = body.effectiveFrom.flatMap { day($0, field: "\(field).effectiveFrom") }
        let reason = requiredText(body.reason, field: "\(field).reason", maxLength: 500)
        if body.amount == nil && body.effectiveFrom == nil {
            fail(field, "one_of", PeopleTexts.correctionNeedsAValue)
        }
        guard errors.isEmpty else { return nil }
        return RateCorrection(amount: amount, effectiveFrom: from, reason: reason)
    }
}

extension Optional where Wrapped == String {
    /// Creation treats an empty optional text as absent.
    var nilIfEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
