import Foundation
import StaffbookAPI
import StaffbookCore

/// Time off: the kinds, a person's requests, the decisions, the calendars, vacation balances.
struct AbsencesAPI: AreaHandler {
    let absences: any AbsenceRepository
    let service: AbsenceService
    let teams: any TeamsRepository
    let clock: any AppClock

    func listAbsenceKinds(_ input: Operations.ListAbsenceKinds.Input) async throws -> Operations.ListAbsenceKinds.Output {
        let language = RequestScope.current.language
        let kinds = try await absences.kinds()
        return .ok(.init(body: .json(.init(items: kinds.map { AbsenceSchemas.kind($0, language: language) }))))
    }

    func putAbsenceKind(_ input: Operations.PutAbsenceKind.Input) async throws -> Operations.PutAbsenceKind.Output {
        let caller = try RequestScope.requireCaller()
        guard AbsenceKind.validCode(input.path.code) else { throw Problem.field("path.code", "pattern", AbsenceTexts.kindCode) }
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let cs = validation.requiredText(body.names.cs, field: "body.names.cs", maxLength: 100)
        let en = validation.requiredText(body.names.en, field: "body.names.en", maxLength: 100)
        let share =
            body.paidShare.count <= 10 && body.paidShare.allSatisfy({ $0.isASCIIDigit || $0 == "." })
            ? Decimal(string: body.paidShare, locale: Locale(identifier: "en_US_POSIX")) : nil
        if !(share.map(AbsenceKind.validPaidShare) ?? false) { validation.fail("body.paidShare", "range", AbsenceTexts.paidShare) }
        if !AbsenceKind.validPaidDays(body.paidDays) { validation.fail("body.paidDays", "range", AbsenceTexts.paidDays) }
        try validation.check()
        guard let share else { throw Problem(.validationFailed) }
        let current = try await absences.kinds().first { $0.code == input.path.code }
        let kind = AbsenceKind(
            code: input.path.code, name: LocalizedText(en: en, cs: cs), needsApproval: body.needsApproval,
            countsAgainstBalance: body.countsAgainstBalance, paidShare: share, paidDays: body.paidDays, byHours: body.byHours ?? false,
            contractTypes: Set(body.contractTypes.compactMap { ContractType(rawValue: $0.rawValue) }),
            isPrivate: body._private ?? current?.isPrivate ?? false
        )
        let created = try await service.saveKind(kind, caller: caller)
        let answer = AbsenceSchemas.kind(kind, language: RequestScope.current.language)
        return created ? .created(.init(body: .json(answer))) : .ok(.init(body: .json(answer)))
    }

    func listMyAbsences(_ input: Operations.ListMyAbsences.Input) async throws -> Operations.ListMyAbsences.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let range = validation.dayRange(from: input.query.from, to: input.query.to, maxDays: 3660)
        try validation.check()
        let items = try await absences.absences(personId: caller.accountId, from: range?.from, to: range?.to)
        return .ok(.init(body: .json(.init(items: items.map { AbsenceSchemas.absence($0) }))))
    }

    func requestAbsence(_ input: Operations.RequestAbsence.Input) async throws -> Operations.RequestAbsence.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let request = try AbsencePageInput.request(
            kind: body.kind, firstDay: body.firstDay, lastDay: body.lastDay, part: body.part.flatMap { AbsencePart(rawValue: $0.rawValue) } ?? .full,
            hours: body.hours, note: body.note)
        let absence = try await service.request(request, personId: caller.accountId)
        return .created(.init(body: .json(AbsenceSchemas.absence(absence))))
    }

    func approveAbsence(_ input: Operations.ApproveAbsence.Input) async throws -> Operations.ApproveAbsence.Output {
        let reason: String? = if case .json(let body)? = input.body { body.reason } else { nil }
        return .ok(.init(body: .json(try await decide(.approve, id: input.path.absenceId, reason: reason))))
    }

    func rejectAbsence(_ input: Operations.RejectAbsence.Input) async throws -> Operations.RejectAbsence.Output {
        let reason: String? = if case .json(let body)? = input.body { body.reason } else { nil }
        return .ok(.init(body: .json(try await decide(.reject, id: input.path.absenceId, reason: reason))))
    }

    func cancelAbsence(_ input: Operations.CancelAbsence.Input) async throws -> Operations.CancelAbsence.Output {
        let reason: String? = if case .json(let body)? = input.body { body.reason } else { nil }
        return .ok(.init(body: .json(try await decide(.cancel, id: input.path.absenceId, reason: reason))))
    }

    private func decide(_ action: AbsenceAction, id: String, reason: String?) async throws -> Components.Schemas.Absence {
        let caller = try RequestScope.requireCaller()
        let absenceId = try InputValidation.pathID(id)
        guard let absence = try await service.act(action, absenceId: absenceId, reason: try AbsencePageInput.reason(reason), caller: caller) else {
            throw Problem(.notFound)
        }
        return AbsenceSchemas.absence(absence)
    }

    func listTeamAbsences(_ input: Operations.ListTeamAbsences.Input) async throws -> Operations.ListTeamAbsences.Output {
        let caller = try RequestScope.requireCaller()
        let teamId = try InputValidation.pathID(input.path.teamId)
        var validation = InputValidation()
        let range = validation.dayRange(from: input.query.from, to: input.query.to, maxDays: 366)
        try validation.check()
        guard let range else { throw Problem(.validationFailed) }
        if !caller.has(.admin) {
            let team = try await teams.find(id: teamId)
            guard let team, team.members.contains(where: { $0.id == caller.accountId && $0.leader }) else { throw Problem(.notFound) }
        }
        guard let rows = try await absences.calendar(teamId: teamId, from: range.from, to: range.to) else { throw Problem(.notFound) }
        // A leader sees a private kind (sick leave) as "away"; an admin sees it as it is.
        let privateKinds = Set(try await absences.kinds().filter(\.isPrivate).map(\.code))
        let shown = rows.map {
            (AbsenceVisibility.shown($0.absence, privateKinds: privateKinds, viewerId: caller.accountId, viewerIsAdmin: caller.has(.admin)), $0.name)
        }
        return .ok(.init(body: .json(.init(items: shown.map { AbsenceSchemas.absence($0.0, name: $0.1) }))))
    }

    func listAbsences(_ input: Operations.ListAbsences.Input) async throws -> Operations.ListAbsences.Output {
        var validation = InputValidation()
        // A quarter of everyone's time off at most: a company's calendar, not an export.
        let range = validation.dayRange(from: input.query.from, to: input.query.to, maxDays: 92)
        try validation.check()
        guard let range, let rows = try await absences.calendar(teamId: nil, from: range.from, to: range.to) else {
            throw Problem(.validationFailed)
        }
        return .ok(.init(body: .json(.init(items: rows.map { AbsenceSchemas.absence($0.absence, name: $0.name) }))))
    }

    func setVacationEntitlement(_ input: Operations.SetVacationEntitlement.Input) async throws -> Operations.SetVacationEntitlement.Output {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(input.path.userId)
        let year = try pathYear(input.path.year)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let days = Decimal(string: body.days, locale: Locale(identifier: "en_US_POSIX"))
        guard let days, body.days.count <= 10, body.days.allSatisfy({ $0.isASCIIDigit || $0 == "." }), VacationRules.validSetEntitlement(days)
        else {
            throw Problem.field("body.days", "range", AbsenceTexts.entitlementDays)
        }
        return .ok(.init(body: .json(try await entitlement(personId: personId, year: year, days: days, caller: caller))))
    }

    func clearVacationEntitlement(_ input: Operations.ClearVacationEntitlement.Input) async throws -> Operations.ClearVacationEntitlement.Output {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(input.path.userId)
        let year = try pathYear(input.path.year)
        return .ok(.init(body: .json(try await entitlement(personId: personId, year: year, days: nil, caller: caller))))
    }

    func getMyVacationBalance(_ input: Operations.GetMyVacationBalance.Input) async throws -> Operations.GetMyVacationBalance.Output {
        let caller = try RequestScope.requireCaller()
        guard let balance = try await service.balance(personId: caller.accountId, year: try year(input.query.year), caller: caller) else {
            throw Problem(.notFound)
        }
        return .ok(.init(body: .json(AbsenceSchemas.balance(balance))))
    }

    func getVacationBalance(_ input: Operations.GetVacationBalance.Input) async throws -> Operations.GetVacationBalance.Output {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(input.path.userId)
        guard let balance = try await service.balance(personId: personId, year: try year(input.query.year), caller: caller) else {
            throw Problem(.notFound)
        }
        return .ok(.init(body: .json(AbsenceSchemas.balance(balance))))
    }

    private func entitlement(personId: UUID, year: Int, days: Decimal?, caller: Caller) async throws -> Components.Schemas.VacationBalance {
        do {
            guard let balance = try await service.setEntitlement(personId: personId, year: year, days: days, caller: caller) else {
                throw Problem(.notFound)
            }
            return AbsenceSchemas.balance(balance)
        } catch VacationError.beforeStart(let start) {
            throw Problem.field("path.year", "before_start", AbsenceTexts.beforeStart(start))
        }
    }

    /// A year in a path, 1900 to 2200 as the contract says.
    private func pathYear(_ year: Int) throws -> Int {
        guard (1900...2200).contains(year) else { throw Problem.field("path.year", "range", AbsenceTexts.yearRange) }
        return year
    }

    /// The year asked for (1900 to 2200, as the contract says), this year in Prague when left out.
    private func year(_ asked: Int?) throws -> Int {
        guard let asked else { return TimeRules.day(of: clock.now()).year }
        guard (1900...2200).contains(asked) else { throw Problem.field("query.year", "range", AbsenceTexts.yearRange) }
        return asked
    }
}
