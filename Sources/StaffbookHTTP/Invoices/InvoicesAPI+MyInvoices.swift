import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// The worker's side: their months, uploads, files and earnings; and reading one invoice.
extension InvoicesAPI {
    var currentMonth: CalendarMonth { today.calendarMonth }

    func listMyInvoices(_ input: Operations.ListMyInvoices.Input) async throws -> Operations.ListMyInvoices.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let page = try PageRequest<MonthPosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        var validation = InputValidation()
        let from = query.from.flatMap { validation.month($0, field: "query.from") }
        let to = query.to.flatMap { validation.month($0, field: "query.to") }
        if let from, let to, to < from {
            validation.fail("query.to", "before_start", FieldTexts.notBeforeFrom)
        }
        try validation.check()
        let current = currentMonth
        let last = min(current, to ?? current)
        var rows: [MonthRow] = []
        if let contractStart = try await invoices.firstContractMonth(personId: caller.accountId) {
            let first = max(contractStart, from ?? contractStart)
            if first <= last {
                rows = try await invoices.months(personId: caller.accountId, first: first, last: last, page: page)
            }
        }
        let result = Page(rows: rows, limit: page.limit) { MonthPosition(month: $0.month.iso) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map { invoiceSchemas.month($0, current: current) }, nextCursor: result.nextCursor))
            ))
    }

    func uploadMyInvoice(_ input: Operations.UploadMyInvoice.Input) async throws -> Operations.UploadMyInvoice.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let key = validation.optionalText(input.headers.idempotencyKey, field: "header.Idempotency-Key", maxLength: 200)
        let month = try validation.requiredMonth(input.path.period, field: "path.period")
        // Checked before the body is read: a refused upload costs no transfer.
        guard month <= currentMonth else { throw InvoiceError.futurePeriod }
        guard try await invoices.hadContractorContract(personId: caller.accountId, month: month) else {
            throw InvoiceError.noContractorContract
        }
        guard case .multipartForm(let parts) = input.body else { throw Problem(.unsupportedMediaType) }
        let (spool, originalName, amountText) = try await read(parts)
        let amount = try validation.values { $0.money(amountText, field: "body.amount") }
        try PDFCheck.check(head: spool.head, tail: spool.tail)

        let sha256 = spool.sha256
        let idempotency = idempotencyKeys.request(
            key, accountId: caller.accountId, scope: "upload:" + month.iso,
            parts: [Money.format(amount), sha256.map { String($0, radix: 16) }.joined(separator: ".")]
        )
        let outcome = try await uploads.storing.withBytes(spool.size) {
            let file = UploadedFile(content: try await spool.load(), sha256: sha256, mediaType: "application/pdf", originalName: originalName)
            return try await invoices.upload(
                personId: caller.accountId, month: month, amount: amount, file: file, idempotency: idempotency, now: clock.now()
            )
        }
        let rows = try await invoices.months(
            personId: caller.accountId, first: month, last: month, page: PageRequest(limit: 1)
        )
        guard let row = rows.first else { throw Problem(.notFound) }
        let body = invoiceSchemas.month(row, current: currentMonth)
        switch outcome {
        case .created, .repeated(created: true): return .created(.init(body: .json(body)))
        case .replaced, .repeated(created: false): return .ok(.init(body: .json(body)))
        }
    }

    /// The PDF (streamed to a spool file and capped), its file name and the amount.
    private func read(
        _ parts: MultipartBody<Operations.UploadMyInvoice.Input.Body.MultipartFormPayload>
    ) async throws -> (UploadSpool, String?, String) {
        var file: (spool: UploadSpool, name: String?)?
        var amount: String?
        do {
            for try await part in parts {
                switch part {
                case .file(let wrapper):
                    let spool = try UploadSpool()
                    for try await chunk in wrapper.payload.body {
                        guard spool.size + chunk.count <= uploads.maxBytes else {
                            throw Problem(.payloadTooLarge, detail: BodyLimitMiddleware.detail(uploads.maxBytes))
                        }
                        try spool.append(chunk)
                    }
                    file = (spool, wrapper.filename)
                case .amount(let wrapper):
                    amount = try await String(collecting: wrapper.payload.body, upTo: 64).trimmingCharacters(in: .whitespacesAndNewlines)
                case .undocumented:
                    continue
                }
            }
        } catch let problem as Problem {
            throw problem
        } catch let error as UploadSpoolError {
            throw error  // the server's disk, not the client's body: answered as a server error
        } catch {
            throw Problem(
                .malformedRequest,
                fieldErrors: [
                    .init(
                        field: "body", code: "multipart",
                        message: InvoiceTexts.multipart)
                ])
        }
        guard let file, let amount else {
            throw Problem(
                .malformedRequest,
                fieldErrors: [
                    .init(
                        field: "body", code: "multipart",
                        message: InvoiceTexts.bothParts)
                ])
        }
        return (file.spool, file.name, amount)
    }

    func getMyEarnings(_ input: Operations.GetMyEarnings.Input) async throws -> Operations.GetMyEarnings.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let (from, to) = try validation.values { $0.monthRange(from: input.query.from, to: input.query.to, maxMonths: 120) }
        let months = try await invoices.months(personId: caller.accountId, first: from, last: to, page: .all(120))
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: months.reversed().map { row in
                            let summary = invoiceSchemas.month(row, current: currentMonth)
                            return .init(period: summary.period, state: summary.state, amount: summary.amount)
                        }))))
    }

    func downloadInvoiceFile(_ input: Operations.DownloadInvoiceFile.Input) async throws -> Operations.DownloadInvoiceFile.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        guard let (invoice, bytes) = try await invoices.fileContent(invoiceId: id),
            caller.mayRead(invoice)
        else { throw Problem(.notFound) }
        let etag = "\"\(invoice.file.sha256)\""
        if EntityTags.noneMatchHits(input.headers.ifNoneMatch, etag: invoice.file.sha256) {
            return .notModified(.init(headers: .init(eTag: etag)))
        }
        let body = HTTPBody(bytes)
        let headers = Operations.DownloadInvoiceFile.Output.Ok.Headers(
            eTag: etag, contentDisposition: "attachment; filename=\"\(InvoiceSchemas.downloadName(invoice))\""
        )
        return .ok(
            .init(
                headers: headers,
                body: invoice.file.mediaType == XLSXWorkbook.mediaType
                    ? .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body) : .pdf(body)
            ))
    }

    func getInvoice(_ input: Operations.GetInvoice.Input) async throws -> Operations.GetInvoice.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.invoiceId)
        guard let invoice = try await invoices.find(id: id), caller.mayRead(invoice) else {
            throw Problem(.notFound)
        }
        return .ok(.init(headers: .init(eTag: invoice.etag), body: .json(try await detail(invoice, caller: caller))))
    }

    /// An invoice with its history and, for a statement, its lines.
    func detail(_ invoice: Invoice, caller: Caller) async throws -> Components.Schemas.InvoiceDetail {
        let events = try await invoices.events(invoiceId: invoice.id)
        let statement = invoice.kind == .statement ? try await invoices.statement(invoiceId: invoice.id) : nil
        return invoiceSchemas.detail(invoice, events: events, statement: statement, caller: caller)
    }
}
