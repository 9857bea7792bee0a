import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/payment-runs*`: runs of approved invoices and their bank files.
extension PaymentsAPI {
    func createPaymentRun(_ input: Operations.CreatePaymentRun.Input) async throws -> Operations.CreatePaymentRun.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        if body.dueBy != nil, body.invoiceIds != nil { validation.fail("body", "one_of", PaymentTexts.dueByOrIds) }
        if (body.invoiceIds?.count ?? 0) > 1000 { validation.fail("body.invoiceIds", "too_many", PaymentTexts.atMostThousandIds) }
        let dueBy = body.dueBy.flatMap { validation.day($0, field: "body.dueBy") }
        let leaveOut = (body.leaveOut ?? []).map { PaymentRunInput.LeaveOut(invoiceId: $0.invoiceId, reason: $0.reason) }
        let read = PaymentRunInput.read(leaveOut, payOn: body.payOn, into: &validation)
        let key = validation.optionalText(input.headers.idempotencyKey, field: "header.Idempotency-Key", maxLength: 200)
        try validation.check()
        let selection: PaymentSelection =
            if let dueBy { .dueBy(dueBy) } else if let ids = body.invoiceIds { .ids(ids) } else { .all }
        let plan = PaymentRunPlan(selection: selection, leaveOut: read.leaveOut, payOn: read.payOn)
        // A retry with other invoices left out, or another day, is another request.
        let request = idempotencyKeys.request(key, accountId: caller.accountId, scope: "payment-runs", parts: PaymentRunInput.idempotencyParts(plan))
        let creation = try await service.create(plan, actorId: caller.accountId, idempotency: request)
        return .created(
            .init(
                headers: .init(location: "/v1/payment-runs/\(creation.run.id.lowercasedString)"),
                body: .json(
                    .init(
                        run: Self.run(creation.run),
                        excluded: creation.excluded.map {
                            .init(invoiceId: $0.invoiceId, reason: .init(rawValue: $0.reason.rawValue) ?? .notFound, run: $0.run, note: $0.note)
                        }
                    ))
            ))
    }

    func listPaymentRuns(_ input: Operations.ListPaymentRuns.Input) async throws -> Operations.ListPaymentRuns.Output {
        let query = input.query
        let page = try PageRequest<CreatedPosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        let rows = try await runs.list(page: page)
        let result = Page(rows: rows, limit: page.limit) { CreatedPosition(createdAt: $0.createdAt, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(Self.summary), nextCursor: result.nextCursor))
            ))
    }

    func getPaymentRun(_ input: Operations.GetPaymentRun.Input) async throws -> Operations.GetPaymentRun.Output {
        let id = try InputValidation.pathID(input.path.runId)
        guard let run = try await runs.find(id: id) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.run(run))))
    }

    func downloadPaymentRunFile(_ input: Operations.DownloadPaymentRunFile.Input) async throws -> Operations.DownloadPaymentRunFile.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.runId)
        let format: BankFileFormat
        if let given = input.query.format {
            format = BankFileFormat(rawValue: given.rawValue) ?? .abo
        } else {
            format = try await runs.paymentSettings().format
        }
        guard let (run, file) = try await service.file(runId: id, format: format, actorId: caller.accountId, markSent: true) else {
            throw Problem(.notFound)
        }
        let body = HTTPBody(file.content)
        let headers = Operations.DownloadPaymentRunFile.Output.Ok.Headers(
            contentDisposition: "attachment; filename=\"\(Self.fileName(runNumber: run.number, format: format))\""
        )
        return .ok(.init(headers: headers, body: format == .abo ? .plainText(body) : .xml(body)))
    }

    func createPaymentRunFileLink(_ input: Operations.CreatePaymentRunFileLink.Input) async throws -> Operations.CreatePaymentRunFileLink.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.runId)
        var request: Components.Schemas.PaymentFileLinkRequest?
        if case .json(let body) = input.body { request = body }
        let seconds = request?.expiresInSeconds ?? Int(FileLinks.defaultLifetime)
        if !(60...Int(FileLinks.maximumLifetime)).contains(seconds) {
            throw Problem.field("body.expiresInSeconds", "range", InvoiceTexts.linkLifetime)
        }
        let format: BankFileFormat
        if let given = input.query.format {
            format = BankFileFormat(rawValue: given.rawValue) ?? .abo
        } else {
            format = try await runs.paymentSettings().format
        }
        guard let (_, file) = try await service.file(runId: id, format: format, actorId: caller.accountId, markSent: false) else {
            throw Problem(.notFound)
        }
        let claims = FileLinks.Claims(fileId: file.id, callerId: caller.accountId, now: clock.now(), lifetime: TimeInterval(seconds))
        return .created(
            .init(body: .json(.init(url: fileLinks.url(claims), fileId: claims.fileId.lowercasedString, expiresAt: claims.expiresAt)))
        )
    }

    func approvePaymentRun(_ input: Operations.ApprovePaymentRun.Input) async throws -> Operations.ApprovePaymentRun.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.runId)
        guard let run = try await service.approve(runId: id, actorId: caller.accountId) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.run(run))))
    }

    func markPaymentRunSent(_ input: Operations.MarkPaymentRunSent.Input) async throws -> Operations.MarkPaymentRunSent.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.runId)
        guard let run = try await service.change(runId: id, action: .send, actorId: caller.accountId) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.run(run))))
    }

    func cancelPaymentRun(_ input: Operations.CancelPaymentRun.Input) async throws -> Operations.CancelPaymentRun.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.runId)
        var affirmation: String?
        if case .json(let body) = input.body {
            var validation = InputValidation()
            let reason = validation.optionalText(body.reason, field: "body.reason", maxLength: 1000)
            try validation.check()
            if body.bankDidNotPay == true { affirmation = reason?.isEmpty == false ? reason : nil }
        }
        guard let run = try await service.change(runId: id, action: .cancel, affirmation: affirmation, actorId: caller.accountId) else {
            throw Problem(.notFound)
        }
        return .ok(.init(body: .json(Self.run(run))))
    }

    /// `platby-12.abo`, `platby-12.xml`.
    static func fileName(runNumber: Int, format: BankFileFormat) -> String {
        "platby-\(runNumber)" + (format == .abo ? ".abo" : ".xml")
    }
}
