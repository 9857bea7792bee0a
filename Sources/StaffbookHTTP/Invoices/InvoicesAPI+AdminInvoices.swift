import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// The admin's side: the list, actions one by one and in bulk, missing invoices, statements, export.
extension InvoicesAPI {
    func listInvoices(_ input: Operations.ListInvoices.Input) async throws -> Operations.ListInvoices.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<InvoicePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let period = query.period.flatMap { validation.month($0, field: "query.period") }
        let search = validation.optionalText(query.q, field: "query.q", maxLength: 100)
        try validation.check()
        let filter = InvoiceFilter(
            period: period, state: query.state.flatMap { InvoiceState(rawValue: $0.rawValue) },
            query: search?.isEmpty == false ? search : nil, attention: query.attention ?? false
        )
        if WrittenJSON.databaseWritesRows {
            // PostgreSQL writes the items; only the envelope is written here.
            let written = try await invoices.listJSON(filter: filter, page: page, view: invoiceSchemas.listView(caller: caller))
            let nextCursor = written.next.flatMap { PageCursor.encode($0) }
            let envelope = Components.Schemas.InvoiceList(items: [], nextCursor: nextCursor)
            try WrittenJSON.send(envelope, items: written.items)
            return .ok(
                .init(
                    headers: .init(link: Page<Invoice>.linkHeader(nextCursor: nextCursor, requestURI: RequestScope.current.uri)),
                    body: .json(envelope)
                ))
        }
        let rows = try await invoices.list(filter: filter, page: page)
        let result = Page(rows: rows, limit: page.limit) {
            InvoicePosition(lastName: $0.lastName, firstName: $0.firstName, personId: $0.personId, period: $0.period.iso)
        }
        let body = Components.Schemas.InvoiceList(
            items: result.items.map { invoiceSchemas.summary($0, caller: caller) }, nextCursor: result.nextCursor)
        // The page is written here by `JSONWriter`, and `WrittenJSONMiddleware` sends those bytes;
        // the runtime is handed only the placeholder without items (its encoder is the slow part).
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(WrittenJSON.body(body, placeholder: .init(items: [], nextCursor: body.nextCursor)))
            ))
    }

    func actOnInvoice(_ input: Operations.ActOnInvoice.Input) async throws -> Operations.ActOnInvoice.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        let action = InvoiceSchemas.action(input.path.action)
        var reason: String?
        var override = false
        if case .json(let body) = input.body {
            reason = body.reason
            override = body.override ?? false
        }
        reason = try Self.validText(reason, field: "body.reason")
        let condition = try EntityTags.requiredWriteCondition(ifMatch: input.headers.ifMatch)
        let command = InvoiceCommand(
            action, by: .admin, actorId: caller.accountId, reason: reason, override: override, condition: condition, now: clock.now())
        guard let acted = try await invoiceService.act(invoiceId: id, command: command) else { throw Problem(.notFound) }
        let body = try await detail(acted.invoice, caller: caller)
        // Only recorded as asked: said so in the status, not as a change made.
        if acted.requested { return .accepted(.init(headers: .init(eTag: acted.invoice.etag), body: .json(body))) }
        return .ok(.init(headers: .init(eTag: acted.invoice.etag), body: .json(body)))
    }

    func confirmInvoiceBankAccount(
        _ input: Operations.ConfirmInvoiceBankAccount.Input
    ) async throws -> Operations.ConfirmInvoiceBankAccount.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        let condition = try EntityTags.requiredWriteCondition(ifMatch: input.headers.ifMatch)
        guard let acted = try await invoiceService.confirmBankAccount(invoiceId: id, condition: condition, actorId: caller.accountId) else {
            throw Problem(.notFound)
        }
        try await checks.recompute(invoiceId: id)
        guard let invoice = try await invoices.find(id: id) else { throw Problem(.notFound) }
        let body = try await detail(invoice, caller: caller)
        if acted.requested { return .accepted(.init(headers: .init(eTag: invoice.etag), body: .json(body))) }
        return .ok(.init(headers: .init(eTag: invoice.etag), body: .json(body)))
    }

    func bulkActOnInvoices(_ input: Operations.BulkActOnInvoices.Input) async throws -> Operations.BulkActOnInvoices.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let action = InvoiceSchemas.action(body.action)
        if (body.ids == nil) == (body.filter == nil) {
            validation.fail("body", "one_of", InvoiceTexts.idsOrFilter)
        }
        if (body.ids?.count ?? 0) > 1000 {
            validation.fail("body.ids", "too_many", InvoiceTexts.atMostThousandIds)
        }
        let period = body.filter.flatMap { validation.month($0.period, field: "body.filter.period") }
        let key = validation.optionalText(input.headers.idempotencyKey, field: "header.Idempotency-Key", maxLength: 200)
        try validation.check()
        let reason = try Self.validText(body.reason, field: "body.reason")
        // A bulk return needs its reason before any invoice is looked at.
        if InvoiceWorkflow.transitions.contains(where: { $0.action == action && $0.actor == .admin && $0.needsReason }), reason == nil {
            throw Problem(invoiceRefusal: .reasonRequired(action: action, override: false))
        }
        let state = body.filter?.state.flatMap { InvoiceState(rawValue: $0.rawValue) }
        let target: InvoiceService.BulkTarget =
            if let period { .filter(period: period, state: state) } else { .ids(body.ids ?? []) }
        let idempotency = idempotencyKeys.request(
            key, accountId: caller.accountId, scope: "bulk-actions",
            parts: [action.rawValue, reason ?? "", period?.iso ?? "", state?.rawValue ?? "", (body.ids ?? []).joined(separator: ",")]
        )
        let report = try await invoiceService.bulk(action, target: target, reason: reason, actorId: caller.accountId, idempotency: idempotency)
        return .ok(
            .init(
                body: .json(
                    .init(
                        done: report.done, skipped: report.skipped,
                        items: report.items.map { item in
                            .init(
                                invoiceId: item.invoiceId, outcome: item.outcome == .done ? .done : .skipped,
                                state: item.state.map(InvoiceSchemas.state), reason: item.skip.map { Self.reason($0) }
                            )
                        }
                    ))))
    }

    func listMissingInvoices(_ input: Operations.ListMissingInvoices.Input) async throws -> Operations.ListMissingInvoices.Output {
        let query = input.query
        let page = try PageRequest<NamePosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let search = validation.optionalText(query.q, field: "query.q", maxLength: 100)
        let month = try validation.requiredMonth(query.period, field: "query.period")
        let rows = try await invoices.missing(month: month, query: search?.isEmpty == false ? search : nil, page: page)
        let result = Page(rows: rows, limit: page.limit) { NamePosition(lastName: $0.lastName, firstName: $0.firstName, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(
                    .init(
                        items: result.items.map {
                            .init(id: $0.id.lowercasedString, firstName: $0.firstName, lastName: $0.lastName, email: $0.email)
                        }, nextCursor: result.nextCursor))
            ))
    }

    func generateStatements(_ input: Operations.GenerateStatements.Input) async throws -> Operations.GenerateStatements.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let period = validation.month(input.query.period, field: "query.period")
        var given: [UUID: Decimal] = [:]
        if case .json(let body) = input.body {
            for (index, entry) in (body.hours ?? []).enumerated() {
                guard let id = UUID(uuidString: entry.userId) else {
                    validation.fail("body.hours[\(index)].userId", "uuid", FieldTexts.personId)
                    continue
                }
                guard let hours = Decimal(string: entry.hours), hours >= 0, hours <= 744, Money.rounded(hours) == hours else {
                    validation.fail(
                        "body.hours[\(index)].hours", "hours", InvoiceTexts.statementHours
                    )
                    continue
                }
                given[id] = hours
            }
        }
        let month = try validation.values { _ in period }
        let items = try await invoiceService.generateStatements(month: month, givenHours: given, actorId: caller.accountId)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: items.map { item in
                            let userId = item.personId.lowercasedString
                            let hours = item.hours.map { Money.format($0) }, amount = item.amount.map { Money.format($0) }
                            switch item.outcome {
                            case .created(let id):
                                return .init(userId: userId, invoiceId: id.lowercasedString, outcome: .created, hours: hours, amount: amount)
                            case .regenerated(let id):
                                return .init(userId: userId, invoiceId: id.lowercasedString, outcome: .regenerated, hours: hours, amount: amount)
                            case .unchanged(let id):
                                return .init(userId: userId, invoiceId: id.lowercasedString, outcome: .unchanged, hours: hours, amount: amount)
                            case .skipped(let reason):
                                return .init(userId: userId, outcome: .skipped, reason: reason)
                            }
                        }))))
    }

    func exportInvoices(_ input: Operations.ExportInvoices.Input) async throws -> Operations.ExportInvoices.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let month = try validation.requiredMonth(input.query.period, field: "query.period")
        let approved = try await invoices.approved(month: month)
        // Links the accountant can click: signed for this admin, valid for a week.
        let now = clock.now()
        let rows = approved.map { invoice in
            InvoiceDocuments.ExportRow(
                employee: "\(invoice.firstName) \(invoice.lastName)", email: invoice.email, period: invoice.period, amount: invoice.amount,
                invoiceId: invoice.id,
                link: fileLinks.url(.init(fileId: invoice.file.id, callerId: caller.accountId, now: now, lifetime: FileLinks.exportLifetime)),
                data: invoice.data
            )
        }
        switch input.query.format {
        case .csv:
            let data = InvoiceDocuments.exportCSV(rows).data()
            return .ok(
                .init(
                    headers: .init(contentDisposition: "attachment; filename=\"invoices-\(month.iso).csv\""),
                    body: .csv(HTTPBody(data))
                ))
        case .xlsx:
            let data = InvoiceDocuments.export(company: companyName, month: month, rows: rows).data()
            return .ok(
                .init(
                    headers: .init(contentDisposition: "attachment; filename=\"invoices-\(month.iso).xlsx\""),
                    body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(HTTPBody(data))
                ))
        }
    }

    func markInvoicesExported(_ input: Operations.MarkInvoicesExported.Input) async throws -> Operations.MarkInvoicesExported.Output {
        var validation = InputValidation()
        let month = try validation.requiredMonth(input.query.period, field: "query.period")
        let count = try await invoices.markExported(month: month, now: clock.now())
        return .ok(.init(body: .json(.init(period: month.iso, count: count))))
    }

    /// A return, and an approval over failing checks, need a reason people can read; other
    /// actions take an optional note.
    /// A reason as typed: within its length, empty as none. Whether the action needs one is the
    /// engine's to say.
    static func validText(_ reason: String?, field: String) throws -> String? {
        var validation = InputValidation()
        let text = validation.optionalText(reason, field: field, maxLength: 1000)
        try validation.check()
        return text?.isEmpty == true ? nil : text
    }

    /// Why a bulk item was skipped, in the caller's language and the words one invoice's action
    /// would answer with.
    static func reason(_ skip: InvoiceService.BulkReport.Skip, language: Language = RequestScope.current.language) -> String {
        switch skip {
        case .notAnInvoiceId: return InvoiceTexts.notAnInvoiceId.text(in: language)
        case .notFound: return InvoiceTexts.noSuchInvoice.text(in: language)
        case .refused(let refusal): return Problem(invoiceRefusal: refusal).detail.text(in: language)
        }
    }
}
