import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StaffbookCore
import StaffbookHTTP

/// One invoice: its data and where each value came from, its checks, its PDF beside them, and
/// the admin's actions. An action is `POST /v1/invoices/{id}/{action}` with the page's version as
/// `If-Match`: a page someone acted on meanwhile is shown again as it is now, with what the admin
/// typed, and a button pressed twice applies once.
extension Desk {
    func invoice(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        _ = try require(view, "actOnInvoice")
        let invoice = try await found(id)
        return try await invoicePage(view, invoice, done: query(request, "done"))
    }

    func act(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "actOnInvoice")
        let fields = try await form(request, view: view)
        let invoice = try await found(id)
        let typed = String((fields["reason"] ?? "").prefix(1000))
        let (action, override): (InvoiceAction, Bool) =
            switch fields["action"] {
            case "approve": (.approve, false)
            case "approve-override": (.approve, true)
            case "return": (.return, false)
            case "undo-approval": (.undoApproval, false)
            default: throw DeskRefusal.notFound
            }
        guard let version = fields["version"].flatMap({ Int($0) }) else { return try await invoicePage(view, invoice, reason: typed, stale: true) }
        do {
            let reason = try InvoicePageInput.reason(typed)
            let command = InvoiceCommand(
                action, by: .admin, actorId: session.account.id, reason: reason, override: override, condition: .oneOf([version]),
                now: services.clock.now())
            guard let acted = try await services.invoiceService.act(invoiceId: invoice.id, command: command) else { throw DeskRefusal.notFound }
            let done = acted.requested ? "requested" : action.rawValue
            return DeskPage.redirect("/desk/invoices/\(invoice.id.lowercasedString)?done=\(done)")
        } catch InvoiceRefusal.stale {
            let current = try await found(id)
            // Pressed twice: the first press did what this one asks, and this one changes nothing.
            // Done meanwhile (in another tab, or by someone else): said so, with who and when, and
            // what was typed kept; nothing is applied twice.
            if current.version == version + 1, InvoiceWorkflow.transition(action, from: invoice.state, kind: invoice.kind, by: .admin) == nil,
                current.state == InvoiceWorkflow.transition(action, from: Self.stateBefore(action), kind: current.kind, by: .admin)?.to
            {
                return try await invoicePage(view, current, reason: typed, already: true)
            }
            return try await invoicePage(view, current, reason: typed, stale: true)
        } catch {
            let problem = try shownRefusal(error, view)
            let current = try await found(id)
            return try await invoicePage(view, current, reason: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func confirmAccount(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "confirmInvoiceBankAccount")
        let fields = try await form(request, view: view)
        let invoice = try await found(id)
        guard let version = fields["version"].flatMap({ Int($0) }) else { return try await invoicePage(view, invoice, stale: true) }
        do {
            guard
                let acted = try await services.invoiceService.confirmBankAccount(
                    invoiceId: invoice.id, condition: .oneOf([version]), actorId: session.account.id)
            else { throw DeskRefusal.notFound }
            try await services.invoiceChecks.recompute(invoiceId: invoice.id)
            return DeskPage.redirect("/desk/invoices/\(invoice.id.lowercasedString)?done=\(acted.requested ? "requested" : "confirm")")
        } catch InvoiceRefusal.stale {
            return try await invoicePage(view, try await found(id), stale: true)
        } catch {
            let problem = try shownRefusal(error, view)
            return try await invoicePage(view, try await found(id), problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// The current file, shown in the page's frame (a PDF, same origin) or downloaded.
    func file(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        _ = try require(view, "downloadInvoiceFile")
        let invoice = try await found(id)
        guard let session = view.session,
            session.caller.mayRead(invoice),
            let (_, bytes) = try await services.invoices.fileContent(invoiceId: invoice.id)
        else { throw DeskRefusal.notFound }
        let file = invoice.file
        let isPDF = file.mediaType == "application/pdf"
        let name = "\(invoice.lastName)-\(invoice.period.iso)".unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0))
        }
        let disposition =
            (isPDF && query(request, "download") == nil ? "inline" : "attachment")
            + "; filename=\"\(String(String.UnicodeScalarView(name))).\(isPDF ? "pdf" : "xlsx")\""
        return Response(
            status: .ok,
            headers: [
                .contentType: file.mediaType, .contentDisposition: disposition, .cacheControl: "private, no-store",
                // Shown only in a frame of the desk's own page, and runs nothing.
                .contentSecurityPolicy: "default-src 'none'; frame-ancestors 'self'",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    private func found(_ id: String?) async throws -> Invoice {
        guard let id = id.flatMap(UUID.init(uuidString:)), let invoice = try await services.invoices.find(id: id) else { throw DeskRefusal.notFound }
        return invoice
    }

    /// The state an action starts from on the desk (the one a second press finds it past).
    private static func stateBefore(_ action: InvoiceAction) -> InvoiceState {
        switch action {
        case .undoApproval, .markPaid: .approved
        case .undoPayment: .paid
        case .undoReturn: .returned
        default: .submitted
        }
    }

    func invoicePage(
        _ view: DeskView, _ invoice: Invoice, reason: String = "", problem: PageProblem? = nil, stale: Bool = false, done: String? = nil,
        already: Bool = false, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let events = try await services.invoices.events(invoiceId: invoice.id)
        // What the notice says: what was done, or that it was done already, by whom and when.
        var notice = done.map { key in DeskTexts.has("done.invoice." + key) ? view.text("done.invoice." + key) : view.text("done") }
        if already, let last = events.last {
            notice =
                view.text("done.invoice.already") + " " + view.text("event." + last.action) + ", "
                + (last.actorName ?? view.text("theServer")) + ", " + view.format.instant(last.at) + " " + view.format.clock(last.at) + "."
        }
        let versions = try await services.invoices.files(invoiceId: invoice.id)
        let format = view.format
        let currency = invoice.data.currency?.rawValue ?? "CZK"
        let fields = dataFields(view, invoice)
        let checks = checkRows(view, invoice)
        let allowed = Set(InvoiceWorkflow.allowedActions(state: invoice.state, kind: invoice.kind, actors: [.admin]))
        let attention = invoice.checks.contains { $0.needsAttention }
        let waits = try await services.invoices.secondAdminWaits(invoiceId: invoice.id)
        let viewer = view.session?.account.id
        let model: [String: Any] = [
            "waits": waits.map { wait in
                Self.waitRow(wait, view).merging(["mine": wait.askedBy.id == viewer]) { first, _ in first }
            },
            "hasWaits": !waits.isEmpty,
            "id": invoice.id.lowercasedString, "name": invoice.firstName + " " + invoice.lastName, "period": invoice.period.iso,
            "periodLabel": format.month(invoice.period), "state": view.text(invoice.state.rawValue), "kind": view.text(invoice.kind.rawValue),
            "amount": format.money(invoice.amount, currency: currency), "version": invoice.version, "returnReason": invoice.returnReason as Any,
            "fields": fields, "checks": checks, "csrf": view.formToken, "reason": reason, "stale": stale, "done": notice as Any,
            "events": events.map { event in
                [
                    "at": format.instant(event.at), "action": view.text("event." + event.action),
                    "to": view.text(event.to.rawValue), "reason": event.reason ?? "", "by": event.actorName ?? "",
                ] as [String: Any]
            },
            "versions": versions.map { file in
                [
                    "version": file.version, "at": format.instant(file.uploadedAt), "size": "\(max(1, file.size / 1024)) kB",
                    "by": file.uploadedBy.map { $0.firstName + " " + $0.lastName } ?? "", "current": file.isCurrent,
                ] as [String: Any]
            },
            "problem": problem.map { Self.model($0, language: view.language) } as Any, "isPDF": invoice.file.mediaType == "application/pdf",
            "canAct": !allowed.isDisjoint(with: [.approve, .return, .undoApproval]),
            "canApprove": allowed.contains(.approve) && !attention, "canOverride": allowed.contains(.approve) && attention,
            "canReturn": allowed.contains(.return), "canUndoApproval": allowed.contains(.undoApproval),
            "canConfirmAccount": invoice.state == .submitted
                && invoice.checks.contains { $0.kind == .bankAccount && $0.status == .needsConfirmation },
        ]
        return DeskPage(title: invoice.firstName + " " + invoice.lastName, template: "invoice", model: model, status: status)
            .response(view, library: library)
    }

    /// One thing an admin asked of an invoice that waits for a second admin, as the pages show it.
    static func waitRow(_ wait: SecondAdminWait, _ view: DeskView) -> [String: Any] {
        [
            "invoiceId": wait.invoiceId.lowercasedString, "name": wait.personName, "period": view.format.month(wait.period),
            "what": view.text("wait." + wait.kind.rawValue), "askedBy": wait.askedBy.name, "reason": wait.reason ?? "",
            "at": view.format.instant(wait.at) + " " + view.format.clock(wait.at),
        ]
    }

    /// What the invoice says, each value with where it came from (the ISDOC, the form, the profile).
    func dataFields(_ view: DeskView, _ invoice: Invoice) -> [[String: Any]] {
        let format = view.format
        let currency = invoice.data.currency?.rawValue ?? "CZK"
        let data = invoice.data
        func source(_ field: InvoiceData.Field) -> String? { data.sources[field].map { view.text($0.rawValue) } }
        var fields: [[String: Any]] = []
        func add(_ key: String, _ value: String?, _ field: InvoiceData.Field?) {
            guard let value else { return }
            fields.append(["label": view.text(key), "value": value, "source": field.flatMap(source) as Any])
        }
        add("number", data.number, .number)
        add("variableSymbol", data.variableSymbol, .variableSymbol)
        add("supplierIco", data.supplierIco, .supplierIco)
        add("issueDate", data.issueDate.map(format.day), .issueDate)
        add("dueDate", data.dueDate.map(format.day), .dueDate)
        add("total", data.total.map { format.money($0, currency: currency) }, .total)
        add("bankAccount", data.bankAccount.map { ($0.domestic.map { $0 + " · " } ?? "") + $0.ibanPrinted }, .bankAccount)
        return fields
    }

    /// The invoice's checks, with the amount check's figures.
    func checkRows(_ view: DeskView, _ invoice: Invoice) -> [[String: Any]] {
        let format = view.format
        let currency = invoice.data.currency?.rawValue ?? "CZK"
        return invoice.checks.map { check in
            var model = self.check(view, check)
            if check.kind == .amount, let expected = check.expected, let invoiced = check.invoiced, let difference = check.difference {
                model["detail"] =
                    "\(view.text("expected")): \(format.money(expected, currency: "CZK")) · \(view.text("amount")): "
                    + "\(format.money(invoiced, currency: currency)) · \(view.text("difference")): \(format.money(difference, currency: "CZK"))"
            } else if let code = check.code {
                model["detail"] = code
            }
            return model
        }
    }
}
