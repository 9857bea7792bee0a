import Crypto
import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A bank statement (camt.053 or GPC) in three steps, as `POST /v1/payment-runs/statements` takes
/// it: the file, then the preview of what it pays (matched, partly matched, paid twice, not ours),
/// then the confirmation. Between the two the statement waits in PostgreSQL under a key of the
/// admin's (an idempotent request that remembers its bytes for an hour), so the admin does not
/// choose the file again and any instance can confirm it.
extension Desk {
    static let statementDraftLifetime: TimeInterval = 3600

    func statementForm(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "importBankStatement")
        return statementPage(view, model: [:])
    }

    func importStatement(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "importBankStatement")
        let limit = services.config.http.maxStatementBytes
        let body = try await request.body.collect(upTo: limit + 64 * 1024)
        let form = try await PageForm.multipart(
            Data(buffer: body), contentType: request.headers[.contentType], fileField: "file", maxFileBytes: limit)
        guard forms.accepts(form.fields["csrf"], for: session.sessionId) else { throw DeskRefusal.forgedForm }
        let confirm = form.fields["confirm"] == "1"
        let bytes: Data
        if let file = form.file {
            bytes = file
        } else if confirm, let key = form.fields["draft"], let digest = form.fields["digest"],
            let kept = try await draft(key: key, digest: digest, accountId: session.account.id)
        {
            bytes = kept
        } else {
            return statementPage(view, model: ["missing": true], status: .badRequest)
        }
        do {
            let report = try await services.paymentRunService.importStatement(bytes, confirm: confirm, actorId: session.account.id)
            var model = try await reportModel(view, report)
            if !confirm, !report.matched.isEmpty {
                let key = UUID().uuidString.lowercased()
                let digest = Self.digest(bytes)
                try await keep(bytes, key: key, digest: digest, accountId: session.account.id)
                model["draft"] = key
                model["digest"] = digest
            }
            model["confirmed"] = confirm
            return statementPage(view, model: model)
        } catch {
            let problem = try shownRefusal(error, view)
            return statementPage(
                view, model: ["problem": Self.model(problem, language: view.language)], status: HTTPResponse.Status(code: problem.status))
        }
    }

    private func statementPage(_ view: DeskView, model: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        var model = model
        model["csrf"] = view.formToken
        return DeskPage(title: view.text("statementTitle"), template: "statement", model: model, status: status).response(view, library: library)
    }

    private func reportModel(_ view: DeskView, _ report: StatementImport) async throws -> [String: Any] {
        let format = view.format
        func name(_ invoiceId: UUID) async throws -> String {
            guard let invoice = try await services.invoices.find(id: invoiceId) else { return invoiceId.lowercasedString }
            return "\(invoice.firstName) \(invoice.lastName), \(format.month(invoice.period))"
        }
        var matched: [[String: Any]] = []
        for line in report.matched {
            matched.append([
                "line": line.line, "name": try await name(line.invoiceId), "run": line.runNumber,
                "amount": format.money(line.amount, currency: line.currency), "day": format.day(line.bookedOn),
                "invoiceId": line.invoiceId.lowercasedString,
            ])
        }
        var partial: [[String: Any]] = []
        for line in report.partial {
            partial.append([
                "line": line.line, "name": try await name(line.invoiceId), "run": line.runNumber,
                "agreeing": line.agreeing.map { view.text("criterion." + $0.rawValue) }.joined(separator: ", "),
                "invoiceId": line.invoiceId.lowercasedString,
            ])
        }
        var twice: [[String: Any]] = []
        for line in report.paidTwice {
            twice.append([
                "line": line.line, "name": try await name(line.invoiceId), "run": line.runNumber, "day": format.day(line.paidOn),
                "invoiceId": line.invoiceId.lowercasedString,
            ])
        }
        let unmatched: [[String: Any]] = report.unmatched.prefix(500).map { line, entry in
            [
                "line": line, "amount": format.money(entry.isDebit ? -entry.amount : entry.amount, currency: entry.currency),
                "day": format.day(entry.bookingDate), "who": entry.counterName ?? entry.counterAccount ?? "", "symbol": entry.variableSymbol ?? "",
            ]
        }
        return [
            "report": true, "identifier": report.identifier, "lines": report.lineCount, "repeated": report.repeated,
            "bankUnchecked": report.bankUnchecked, "matched": matched, "hasMatched": !matched.isEmpty, "partial": partial,
            "hasPartial": !partial.isEmpty, "twice": twice, "hasTwice": !twice.isEmpty, "unmatched": unmatched, "hasUnmatched": !unmatched.isEmpty,
        ]
    }

    // MARK: The statement between its preview and its confirmation

    private func draftRequest(key: String, digest: String, accountId: UUID) -> IdempotentRequest {
        IdempotentRequest(accountId: accountId, scope: "desk-statement", key: key, fingerprint: digest, lifetime: Self.statementDraftLifetime)
    }

    private func keep(_ bytes: Data, key: String, digest: String, accountId: UUID) async throws {
        let request = draftRequest(key: key, digest: digest, accountId: accountId)
        _ = try await services.idempotency.claim(request, now: services.clock.now())
        try await services.idempotency.complete(request, answer: IdempotentAnswer(outcome: "statement", body: bytes))
    }

    /// The statement kept under `key`, when it is this admin's and its bytes are those previewed.
    private func draft(key: String, digest: String, accountId: UUID) async throws -> Data? {
        guard key.count <= 64, digest.count == 64 else { return nil }
        let request = draftRequest(key: key, digest: digest, accountId: accountId)
        do {
            guard case .replay(let answer) = try await services.idempotency.claim(request, now: services.clock.now()),
                let bytes = answer.body, Self.digest(bytes) == digest
            else {
                try? await services.idempotency.release(request)
                return nil
            }
            return bytes
        } catch is IdempotencyError {
            return nil
        }
    }

    private static func digest(_ bytes: Data) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
