import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StaffbookCore
import StaffbookHTTP

/// Pay runs: the list, a new run from the approved invoices (what goes in and what stays out, with
/// why, before the admin confirms), a run's page with its payments, totals per currency and
/// history, its bank file (downloading it marks the run sent, as `GET …/file` does), and cancelling.
extension Desk {
    func paymentRuns(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listPaymentRuns")
        return try await paymentRunsPage(view, cursor: query(request, "cursor"))
    }

    /// The list and the new run's form: each invoice that would go in with a box to leave it out
    /// and why, and the day to pay; a refused form comes back with what was typed.
    private func paymentRunsPage(
        _ view: DeskView, cursor: String?, typed: [String: String] = [:], problem: PageProblem? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = try PageRequest<CreatedPosition>(limit: 50, cursor: cursor, offset: nil)
        let rows = try await services.paymentRuns.list(page: page)
        let result = Page(rows: rows, limit: page.limit) { CreatedPosition(createdAt: $0.createdAt, id: $0.id) }
        // The preview: the same candidates and rules as creating a run, nothing written.
        let today = CalendarDay(services.clock.now())
        var included: [[String: Any]] = []
        var excluded: [[String: Any]] = []
        var names: [String: String] = [:]
        for candidate in try await services.paymentRuns.candidates(selection: .all) {
            switch PaymentRunRules.item(for: candidate, today: today) {
            case .success(let item):
                let id = candidate.invoiceId.lowercasedString
                names[id] = candidate.name + ", " + view.format.month(candidate.period)
                included.append([
                    "invoiceId": id, "name": candidate.name, "period": view.format.month(candidate.period),
                    "amount": view.format.money(item.amount, currency: item.currency), "account": item.bankAccount,
                    "due": view.format.day(item.dueDate), "leave": typed["leave." + id] != nil, "why": typed["why." + id] ?? "",
                ])
            case .failure(let exclusion):
                excluded.append([
                    "name": candidate.name, "period": view.format.month(candidate.period),
                    "why": view.text("exclusion." + exclusion.reason.rawValue) + (exclusion.run.map { " (\(view.text("run")) \($0))" } ?? ""),
                ])
            }
        }
        var problemModel = problem.map { Self.model($0, language: view.language) }
        if let problem, var model = problemModel {
            // A reason is named by whose invoice it is, not by its place in what was sent (the
            // boxes ticked, by their fields' names: `createPaymentRun`'s order).
            let order = typed.keys.filter { $0.hasPrefix("leave.") }.sorted().map { String($0.dropFirst(6)) }
            model["fields"] = problem.fields.map { field -> [String: String] in
                if let index = Self.leaveOutIndex(field.name), index < order.count {
                    return ["message": field.message, "label": view.text("whyLeftOut") + " (" + (names[order[index]] ?? "") + ")"]
                }
                let key = field.name.split(separator: ".").last.map(String.init) ?? field.name
                return ["message": field.message, "label": DeskTexts.has(key) ? view.text(key) : ""]
            }
            problemModel = model
        }
        let model: [String: Any] = [
            "runs": result.items.map { run in
                [
                    "id": run.id.lowercasedString, "number": run.number, "state": view.text("run." + run.state.rawValue),
                    "created": view.format.instant(run.createdAt),
                    "totals": run.totals.map { view.format.money($0.total, currency: $0.currency) }.joined(separator: " · "),
                ] as [String: Any]
            },
            "hasRuns": !result.items.isEmpty, "nextLink": result.nextCursor.map { "/desk/payment-runs?cursor=\($0)" } as Any,
            "included": included, "hasIncluded": !included.isEmpty, "excluded": excluded, "hasExcluded": !excluded.isEmpty,
            "csrf": view.formToken, "key": typed["key"] ?? UUID().uuidString.lowercased(),
            "payOn": typed["payOn"] ?? "", "today": today.iso, "latestPayOn": today.adding(days: PaymentRunPlan.latestPayOn).iso,
            "problem": problemModel as Any,
        ]
        return DeskPage(title: view.text("paymentRuns"), template: "paymentRuns", model: model, status: status).response(view, library: library)
    }

    /// `body.leaveOut[3].reason` → 3.
    private static func leaveOutIndex(_ field: String) -> Int? {
        guard field.hasPrefix("body.leaveOut["), let close = field.firstIndex(of: "]") else { return nil }
        return Int(field[field.index(field.startIndex, offsetBy: 14)..<close])
    }

    func createPaymentRun(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "createPaymentRun")
        let fields = try await form(request, view: view)
        let key = String((fields["key"] ?? "").prefix(200))
        // The boxes ticked, in the order of the preview (the field names carry the invoice).
        let leaveOut = fields.keys.filter { $0.hasPrefix("leave.") }.sorted().map { name in
            let id = String(name.dropFirst(6))
            return PaymentRunInput.LeaveOut(invoiceId: id, reason: fields["why." + id] ?? "")
        }
        let payOn = fields["payOn"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let plan = try PaymentRunInput.plan(.all, leaveOut: leaveOut, payOn: payOn)
            let idempotency = InvoicePageInput.idempotentRequest(
                key: key, accountId: session.account.id, scope: "payment-runs", parts: PaymentRunInput.idempotencyParts(plan),
                lifetime: services.config.http.idempotencyKeyLifetime)
            let creation = try await services.paymentRunService.create(plan, actorId: session.account.id, idempotency: idempotency)
            return DeskPage.redirect("/desk/payment-runs/\(creation.run.id.lowercasedString)?created=1")
        } catch {
            let problem = try shownRefusal(error, view)
            var typed = fields
            typed["csrf"] = nil
            return try await paymentRunsPage(view, cursor: nil, typed: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func paymentRun(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        _ = try require(view, "getPaymentRun")
        let run = try await foundRun(id)
        return try await runPage(view, run, done: query(request, "created") != nil || query(request, "done") != nil)
    }

    /// A second admin's approval: the run's file is released.
    func approvePaymentRun(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "approvePaymentRun")
        _ = try await form(request, view: view)
        let run = try await foundRun(id)
        do {
            guard try await services.paymentRunService.approve(runId: run.id, actorId: session.account.id) != nil else { throw DeskRefusal.notFound }
            return DeskPage.redirect("/desk/payment-runs/\(run.id.lowercasedString)?done=approve")
        } catch {
            let problem = try shownRefusal(error, view)
            return try await runPage(view, try await foundRun(id), problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// The run's bank file as an attachment; the first download marks a draft run sent.
    func paymentRunFile(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "downloadPaymentRunFile")
        let fields = try await form(request, view: view)
        let run = try await foundRun(id)
        var format = try await services.paymentRuns.paymentSettings().format
        if let chosen = fields["format"].flatMap(BankFileFormat.init(rawValue:)) { format = chosen }
        guard let (sent, file) = try await services.paymentRunService.file(runId: run.id, format: format, actorId: session.account.id, markSent: true)
        else { throw DeskRefusal.notFound }
        let name = "platby-\(sent.number)" + (format == .abo ? ".abo" : ".xml")
        return DeskPage.download(file.content, type: format == .abo ? "text/plain; charset=windows-1250" : "application/xml", name: name)
    }

    func cancelPaymentRun(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "cancelPaymentRun")
        let fields = try await form(request, view: view)
        let run = try await foundRun(id)
        let typed = String((fields["reason"] ?? "").prefix(1000))
        do {
            let reason = try InvoicePageInput.reason(typed)
            let affirmation = fields["bankDidNotPay"] == "1" ? reason : nil
            guard
                try await services.paymentRunService.change(runId: run.id, action: .cancel, affirmation: affirmation, actorId: session.account.id)
                    != nil
            else { throw DeskRefusal.notFound }
            return DeskPage.redirect("/desk/payment-runs/\(run.id.lowercasedString)?done=cancel")
        } catch {
            let problem = try shownRefusal(error, view)
            return try await runPage(view, try await foundRun(id), reason: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    private func foundRun(_ id: String?) async throws -> PaymentRun {
        guard let id = id.flatMap(UUID.init(uuidString:)), let run = try await services.paymentRuns.find(id: id) else { throw DeskRefusal.notFound }
        return run
    }

    private func runPage(
        _ view: DeskView, _ run: PaymentRun, reason: String = "", problem: PageProblem? = nil, done: Bool = false, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let format = view.format
        let viewer = view.session?.account.id
        // What the page offers is what the engine allows this viewer, under the rule as it stands.
        let actions = PaymentRunEngine.allowedActions(run.snapshot, viewer: viewer, standing: try await services.fourEyes.standing())
        let model: [String: Any] = [
            "id": run.id.lowercasedString, "number": run.number, "state": view.text("run." + run.state.rawValue),
            "madeBy": run.createdByName ?? "", "approvedBy": run.approvedByName ?? "",
            "awaiting": run.awaitsApproval, "canApprove": actions.contains("approve"),
            "ownRun": run.awaitsApproval && viewer == run.createdBy,
            "totals": run.totals.map { ["total": format.money($0.total, currency: $0.currency), "count": $0.count] },
            "items": run.items.map { item in
                [
                    "name": item.creditorName, "period": format.month(item.period), "amount": format.money(item.amount, currency: item.currency),
                    "account": item.bankAccount, "symbol": item.variableSymbol ?? "", "state": view.text("item." + item.state.rawValue),
                    "invoiceId": item.invoiceId.lowercasedString,
                ] as [String: Any]
            },
            "events": run.events.map { event in
                [
                    "at": format.instant(event.at), "detail": event.detail ?? "", "by": event.actorName ?? "",
                    "to": event.action == "approve" ? view.text("runApproved") : view.text("run." + event.to.rawValue),
                ] as [String: Any]
            },
            "canDownload": run.state != .cancelled && !run.awaitsApproval, "canCancel": actions.contains("cancel"),
            "atBank": PaymentRunWorkflow.needsAffirmation(.cancel, from: run.state), "csrf": view.formToken, "reason": reason, "done": done,
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
        ]
        return DeskPage(title: "\(view.text("run")) \(run.number)", template: "paymentRun", model: model, status: status)
            .response(view, library: library)
    }
}
