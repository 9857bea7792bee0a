import Foundation
import StaffbookAPI
import StaffbookCore

/// `/v1/users/{id}/rates*` and `/v1/rates/increases*`.
extension RatesAPI {
    func listUserRates(_ input: Operations.ListUserRates.Input) async throws -> Operations.ListUserRates.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        try await visibility.requireVisible(id, to: caller)
        let query = input.query
        let page = try PageRequest<DayPosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        let rows = try await rates.history(personId: id, page: page)
        let result = Page(rows: rows, limit: page.limit) { DayPosition(effectiveFrom: $0.effectiveFrom.iso) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(Self.historyItem), nextCursor: result.nextCursor))
            ))
    }

    func addUserRate(_ input: Operations.AddUserRate.Input) async throws -> Operations.AddUserRate.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let rate = try validation.values { $0.rate(body, field: "body") }
        guard let added = try await rates.add(personId: id, rate: rate, by: caller.accountId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .created(.init(body: .json(Self.historyItem(added))))
    }

    func correctUserRate(_ input: Operations.CorrectUserRate.Input) async throws -> Operations.CorrectUserRate.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        let rateId = try InputValidation.pathID(input.path.rateId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let correction = try validation.values { $0.rateCorrection(body, field: "body") }
        guard let corrected = try await rateService.correct(personId: id, rateId: rateId, correction: correction, by: caller.accountId) else {
            throw Problem(.notFound)
        }
        return .created(
            .init(
                body: .json(
                    .init(
                        rate: Self.historyItem(corrected.rate),
                        affectedStatements: corrected.affectedStatements.map { statement in
                            .init(
                                invoiceId: statement.invoiceId.lowercasedString, period: statement.period.iso,
                                state: InvoiceSchemas.state(statement.state),
                                outcome: statement.outcome == .regenerated ? .regenerated : .leftAlone,
                                amount: statement.amount.map { Money.format($0) }
                            )
                        }
                    ))))
    }

    func deleteUserRate(_ input: Operations.DeleteUserRate.Input) async throws -> Operations.DeleteUserRate.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        let rateId = try InputValidation.pathID(input.path.rateId)
        let now = clock.now()
        switch try await rates.delete(personId: id, rateId: rateId, today: CalendarDay(now), by: caller.accountId, now: now) {
        case .deleted: return .noContent(.init())
        case .inEffect: throw RatesError.inEffect
        case .superseded(let newer): throw RatesError.superseded(by: newer)
        case .notFound: throw Problem(.notFound)
        }
    }

    func listRateIncreases(_ input: Operations.ListRateIncreases.Input) async throws -> Operations.ListRateIncreases.Output {
        let query = input.query
        let page = try PageRequest<NamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let (from, to) = try validation.values { $0.monthRange(from: query.from, to: query.to) }
        let rows = try await rates.increases(from: from.firstDay, to: to.lastDay, page: page)
        let result = Page(rows: rows, limit: page.limit) { NamePosition(lastName: $0.lastName, firstName: $0.firstName, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(
                    .init(
                        items: result.items.map { person in
                            .init(
                                person: .init(id: PeopleSchemas.id(person.id), firstName: person.firstName, lastName: person.lastName),
                                increases: person.increases.map { entry in
                                    let increase = RateIncrease(amount: entry.amount, previous: entry.previousAmount)
                                    return .init(
                                        effectiveFrom: entry.effectiveFrom.iso, amount: Money.format(entry.amount),
                                        previousAmount: Money.format(entry.previousAmount),
                                        absolute: Money.format(increase.absolute), percent: Money.format(increase.percent),
                                        reason: entry.reason
                                    )
                                }
                            )
                        }, nextCursor: result.nextCursor))
            ))
    }

    func getAverageRateIncrease(_ input: Operations.GetAverageRateIncrease.Input) async throws -> Operations.GetAverageRateIncrease.Output {
        var validation = InputValidation()
        let month = try validation.requiredMonth(input.query.month, field: "query.month")
        let increases = try await rates.increases(from: month.firstDay, to: month.lastDay)
        let average = RateIncrease.average(increases)
        return .ok(
            .init(
                body: .json(
                    .init(
                        month: month.iso, count: increases.count,
                        averageAbsolute: average.map { Money.format($0.absolute) },
                        averagePercent: average.map { Money.format($0.percent) }
                    ))))
    }

    private static func historyItem(_ entry: RateHistoryEntry) -> Components.Schemas.RateHistoryItem {
        .init(
            id: PeopleSchemas.id(entry.id), amount: Money.format(entry.amount), effectiveFrom: entry.effectiveFrom.iso,
            setAt: entry.setAt, setBy: entry.setBy.map(personRef), reason: entry.reason,
            increase: PeopleSchemas.increase(amount: entry.amount, previous: entry.previousAmount),
            supersedes: entry.supersedes.map { old in
                .init(
                    id: PeopleSchemas.id(old.id), amount: Money.format(old.amount), effectiveFrom: old.effectiveFrom.iso, setAt: old.setAt,
                    setBy: old.setBy.map(personRef), reason: old.reason, supersededAt: old.supersededAt
                )
            }
        )
    }

    private static func personRef(_ person: PersonRef) -> Components.Schemas.PersonRef {
        .init(id: PeopleSchemas.id(person.id), firstName: person.firstName, lastName: person.lastName)
    }
}
