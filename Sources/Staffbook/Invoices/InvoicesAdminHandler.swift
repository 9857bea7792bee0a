import Foundation
import OpenAPIRuntime
import StaffbookAPI

/// The admin's side: the list, actions one by one and in bulk, missing invoices, statements, export.
struct InvoicesAdminHandler: Sendable {
    let invoices: any InvoiceRepository
    let idempotency: IdempotencyStore
    let schemas: InvoiceSchemas
    let clock: any AppClock

    func listInvoices(_ input: Operations.ListInvoices.Input) async throws -> Operations.ListInvoices.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<InvoicePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let period = query.period.flatMap { validation.month($0, field: "query.period") }
        let search = validation.optionalText(query.q, field: "query.q", maxLength: 100)
        try validation.check()
        let rows = try await invoices.list(
            filter: InvoiceFilter(
                period: period, state: query.state.flatMap { InvoiceState(rawValue: $0.rawValue) },
                query: search?.isEmpty == false ? search : nil
            ),
            page: page
        )
        let result = Page(rows: rows, limit: page.limit) {
            InvoicePosition(lastName: $0.lastName, firstName: $0.firstName, personId: $0.personId, period: $0.period.iso)
        }
        return .ok(.init(
            headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
            body: .json(.init(items: result.items.map { schemas.summary($0, caller: caller) }, nextCursor: result.nextCursor))
        ))
    }

    func actOnInvoice(_ input: Operations.ActOnInvoice.Input) async throws -> Operations.ActOnInvoice.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        let action = InvoiceAction(rawValue: input.path.action.rawValue)!
        var reason: String?
        if case .json(let body) = input.body { reason = body.reason }
        reason = try Self.validReason(reason, for: action, field: "body.reason")
        guard let ifMatch = input.headers.ifMatch, !ifMatch.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem(.preconditionRequired)
        }
        let expected: Int?
        switch ifMatch.trimmingCharacters(in: .whitespaces) {
        case "*": expected = nil
        case let tag where tag.hasPrefix("\"v") && tag.hasSuffix("\""):
            guard let version = Int(tag.dropFirst(2).dropLast()) else { throw Problem(.preconditionFailed) }
            expected = version
        default: throw Problem(.preconditionFailed)
        }
        switch try await invoices.act(invoiceId: id, action: action, expectedVersion: expected, reason: reason, actorId: caller.accountId, now: clock.now()) {
        case .notFound:
            throw Problem(.notFound)
        case .stale:
            throw Problem(.preconditionFailed)
        case .refused(let state, let allowed):
            throw Self.refusal(action: action, state: state, allowed: allowed)
        case .done(let invoice):
            let events = try await invoices.events(invoiceId: id)
            return .ok(.init(headers: .init(eTag: invoice.etag), body: .json(schemas.detail(invoice, events: events, caller: caller))))
        }
    }

    func bulkActOnInvoices(_ input: Operations.BulkActOnInvoices.Input) async throws -> Operations.BulkActOnInvoices.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let action = InvoiceAction(rawValue: body.action.rawValue)!
        if (body.ids == nil) == (body.filter == nil) {
            validation.fail("body", "one_of", en: "Give either ids or filter.", cs: "Zadejte buď ids, nebo filter.")
        }
        if (body.ids?.count ?? 0) > 1000 {
            validation.fail("body.ids", "too_many", en: "At most 1000 ids.", cs: "Nejvýše 1000 identifikátorů.")
        }
        let period = body.filter.flatMap { validation.month($0.period, field: "body.filter.period") }
        let key = validation.optionalText(input.headers.idempotencyKey, field: "header.Idempotency-Key", maxLength: 200)
        try validation.check()
        let reason = try Self.validReason(body.reason, for: action, field: "body.reason")

        let operation = "bulk-actions"
        if let key, !key.isEmpty {
            switch try await idempotency.start(accountId: caller.accountId, key: key, operation: operation, now: clock.now()) {
            case .replay(let stored):
                return .ok(.init(body: .json(try JSONDecoder().decode(Components.Schemas.BulkActionResult.self, from: Data(stored.utf8)))))
            case .inProgress:
                throw Problem(.idempotencyKeyInUse)
            case .fresh:
                break
            }
        }
        do {
            let result = try await apply(action, to: body, period: period, reason: reason, caller: caller)
            if let key, !key.isEmpty {
                let stored = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
                try await idempotency.finish(accountId: caller.accountId, key: key, operation: operation, body: stored)
            }
            return .ok(.init(body: .json(result)))
        } catch {
            if let key, !key.isEmpty { try? await idempotency.abandon(accountId: caller.accountId, key: key, operation: operation) }
            throw error
        }
    }

    /// One transaction per invoice: one that cannot take the action is skipped, not fatal.
    private func apply(
        _ action: InvoiceAction, to body: Components.Schemas.BulkActionRequest, period: CalendarMonth?, reason: String?, caller: Caller
    ) async throws -> Components.Schemas.BulkActionResult {
        var targets: [(text: String, id: UUID?)] = (body.ids ?? []).map { ($0, UUID(uuidString: $0)) }
        if let period {
            let state = body.filter?.state.flatMap { InvoiceState(rawValue: $0.rawValue) }
            targets = try await invoices.ids(period: period, state: state).map { (PeopleSchemas.id($0), $0) }
        }
        var items: [Components.Schemas.BulkActionItem] = []
        for target in targets {
            guard let id = target.id else {
                items.append(.init(invoiceId: target.text, outcome: .skipped, reason: "not an invoice id"))
                continue
            }
            switch try await invoices.act(invoiceId: id, action: action, expectedVersion: nil, reason: reason, actorId: caller.accountId, now: clock.now()) {
            case .done(let invoice):
                items.append(.init(invoiceId: target.text, outcome: .done, state: .init(rawValue: invoice.state.rawValue)))
            case .refused(let state, _):
                items.append(.init(invoiceId: target.text, outcome: .skipped, state: .init(rawValue: state.rawValue),
                                   reason: "\(action.rawValue) is not allowed from \(state.rawValue)"))
            case .stale:
                items.append(.init(invoiceId: target.text, outcome: .skipped, reason: "changed by someone else meanwhile"))
            case .notFound:
                items.append(.init(invoiceId: target.text, outcome: .skipped, reason: "no such invoice"))
            }
        }
        let done = items.filter { $0.outcome == .done }.count
        return .init(done: done, skipped: items.count - done, items: items)
    }

    func listMissingInvoices(_ input: Operations.ListMissingInvoices.Input) async throws -> Operations.ListMissingInvoices.Output {
        let query = input.query
        let page = try PageRequest<NamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let month = validation.month(query.period, field: "query.period")
        try validation.check()
        let rows = try await invoices.missing(month: month!, page: page)
        let result = Page(rows: rows, limit: page.limit) { NamePosition(lastName: $0.lastName, firstName: $0.firstName, id: $0.id) }
        return .ok(.init(
            headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
            body: .json(.init(items: result.items.map {
                .init(id: PeopleSchemas.id($0.id), firstName: $0.firstName, lastName: $0.lastName, email: $0.email)
            }, nextCursor: result.nextCursor))
        ))
    }

    func generateStatements(_ input: Operations.GenerateStatements.Input) async throws -> Operations.GenerateStatements.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let month = validation.month(input.query.period, field: "query.period")
        var given: [UUID: Decimal] = [:]
        if case .json(let body) = input.body {
            for (index, entry) in (body.hours ?? []).enumerated() {
                guard let id = UUID(uuidString: entry.userId) else {
                    validation.fail("body.hours[\(index)].userId", "uuid", en: "Not a person id.", cs: "Toto není identifikátor osoby.")
                    continue
                }
                guard let hours = Decimal(string: entry.hours), hours >= 0, hours <= 744, Money.rounded(hours) == hours else {
                    validation.fail("body.hours[\(index)].hours", "hours", en: "0 to 744 hours, at most 2 decimals.", cs: "0 až 744 hodin, nejvýše 2 desetinná místa.")
                    continue
                }
                given[id] = hours
            }
        }
        try validation.check()
        let today = CalendarDay(clock.now())
        guard month! <= CalendarMonth(year: today.year, month: today.month) else { throw Problem(.futurePeriod) }
        let candidates = try await invoices.statementCandidates(month: month!)
        let known = Set(candidates.map(\.person.id))
        if let stranger = given.keys.first(where: { !known.contains($0) }) {
            throw Problem(.noStatementContract, detail: LocalizedText(
                en: "Person \(PeopleSchemas.id(stranger)) had no HPP, DPP or DPC contract in \(month!.iso).",
                cs: "Osoba \(PeopleSchemas.id(stranger)) neměla v \(month!.iso) smlouvu HPP, DPP ani DPC."
            ))
        }
        var items: [Components.Schemas.StatementsResult.ItemsPayloadPayload] = []
        for candidate in candidates {
            let userId = PeopleSchemas.id(candidate.person.id)
            switch StatementCalculator.compute(
                month: month!, covered: candidate.covers, weeklyCapacity: candidate.weeklyCapacity,
                rates: candidate.rates, givenHours: given[candidate.person.id]
            ) {
            case .failure(.noWorkingDays):
                items.append(.init(userId: userId, outcome: .skipped, reason: "no working days under the contract"))
            case .failure(.noRate(let day)):
                items.append(.init(userId: userId, outcome: .skipped, reason: "no hourly rate on \(day.iso)"))
            case .success(let statement):
                let workbook = StatementCalculator.workbook(
                    statement, person: "\(candidate.person.firstName) \(candidate.person.lastName)",
                    email: candidate.person.email, month: month!
                )
                let outcome = try await invoices.saveStatement(
                    personId: candidate.person.id, month: month!, statement: statement, workbook: workbook.data(),
                    actorId: caller.accountId, now: clock.now()
                )
                let hours = Money.format(statement.hours), amount = Money.format(statement.amount)
                switch outcome {
                case .created(let id):
                    items.append(.init(userId: userId, invoiceId: PeopleSchemas.id(id), outcome: .created, hours: hours, amount: amount))
                case .regenerated(let id):
                    items.append(.init(userId: userId, invoiceId: PeopleSchemas.id(id), outcome: .regenerated, hours: hours, amount: amount))
                case .skipped(let reason):
                    items.append(.init(userId: userId, outcome: .skipped, reason: reason))
                }
            }
        }
        return .ok(.init(body: .json(.init(items: items))))
    }

    func exportInvoices(_ input: Operations.ExportInvoices.Input) async throws -> Operations.ExportInvoices.Output {
        var validation = InputValidation()
        let month = validation.month(input.query.period, field: "query.period")
        try validation.check()
        let approved = try await invoices.approved(month: month!)
        let header = ["employee", "email", "period", "amount", "currency", "invoice_id", "link"]
        let rows = approved.map {
            ["\($0.firstName) \($0.lastName)", $0.email, $0.period.iso, Money.format($0.amount), "CZK",
             PeopleSchemas.id($0.id), schemas.downloadURL($0.id)]
        }
        switch input.query.format {
        case .csv:
            let data = CSVDocument(header: header, rows: rows).data()
            return .ok(.init(
                headers: .init(contentDisposition: "attachment; filename=\"invoices-\(month!.iso).csv\""),
                body: .csv(HTTPBody(data))
            ))
        case .xlsx:
            let cells: [[XLSXWorkbook.Cell]] = [header.map { .text($0) }] + approved.map { invoice in
                [.text("\(invoice.firstName) \(invoice.lastName)"), .text(invoice.email), .text(invoice.period.iso),
                 .number(invoice.amount), .text("CZK"), .text(PeopleSchemas.id(invoice.id)), .text(schemas.downloadURL(invoice.id))]
            }
            let data = XLSXWorkbook(sheetName: "Invoices \(month!.iso)", rows: cells).data()
            return .ok(.init(
                headers: .init(contentDisposition: "attachment; filename=\"invoices-\(month!.iso).xlsx\""),
                body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(HTTPBody(data))
            ))
        }
    }

    func markInvoicesExported(_ input: Operations.MarkInvoicesExported.Input) async throws -> Operations.MarkInvoicesExported.Output {
        var validation = InputValidation()
        let month = validation.month(input.query.period, field: "query.period")
        try validation.check()
        let count = try await invoices.markExported(month: month!, now: clock.now())
        return .ok(.init(body: .json(.init(period: month!.iso, count: count))))
    }

    /// A return needs a reason people can read; other actions take an optional note.
    private static func validReason(_ reason: String?, for action: InvoiceAction, field: String) throws -> String? {
        let text = reason?.trimmingCharacters(in: .whitespacesAndNewlines)
        if action == .return, text?.isEmpty != false {
            throw Problem(.validationFailed, fieldErrors: [.init(field: field, code: "required", message: LocalizedText(
                en: "Say why the invoice is returned.", cs: "Uveďte, proč se faktura vrací."
            ))])
        }
        if let text, text.count > 1000 {
            throw Problem(.validationFailed, fieldErrors: [.init(field: field, code: "too_long", message: LocalizedText(
                en: "At most 1000 characters.", cs: "Nejvýše 1000 znaků."
            ))])
        }
        return text?.isEmpty == true ? nil : text
    }

    private static func refusal(action: InvoiceAction, state: InvoiceState, allowed: [InvoiceAction]) -> Problem {
        let list = allowed.isEmpty ? "none" : allowed.map(\.rawValue).joined(separator: ", ")
        let seznam = allowed.isEmpty ? "žádné" : allowed.map(\.rawValue).joined(separator: ", ")
        return Problem(.invalidTransition, detail: LocalizedText(
            en: "The invoice is \(state.rawValue); '\(action.rawValue)' is not allowed. Allowed now: \(list).",
            cs: "Faktura je ve stavu \(state.rawValue); akce '\(action.rawValue)' není povolena. Povolené akce: \(seznam)."
        ))
    }
}
