import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A worker's months: every month from their first contract, newest first, with the invoice's
/// state, amount and what its checks say; a month's page shows what was read from the invoice
/// and takes an upload (`GET /v1/me/invoices` and `POST /v1/me/invoices/{period}`, as pages).
extension Desk {
    /// The form's fields an upload takes besides the file, for a PDF that carries no ISDOC.
    static let uploadFields = ["amount", "number", "variableSymbol", "issueDate", "dueDate"]

    func months(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "listMyInvoices")
        let me = session.account.id
        let current = TimeRules.day(of: services.clock.now()).calendarMonth
        var rows: [MonthRow] = []
        if let first = try await services.invoices.firstContractMonth(personId: me), first <= current {
            // Two years on the page: older months are settled and in the API's list.
            rows = try await services.invoices.months(personId: me, first: max(first, current.adding(months: -23)), last: current, page: .all(24))
        }
        let format = view.format
        let today = TimeRules.day(of: services.clock.now())
        let (rate, upcoming) = try await services.rates.currentAndUpcoming(personId: me, today: today)
        // The last twelve months' earnings in crowns, oldest first; a month in euros is in the
        // table above, never added to crowns.
        let earnings = rows.prefix(12).reversed().map { row -> DeskChart.Bar in
            let amount = row.invoice.flatMap { $0.data.currency == .eur ? nil : $0.amount } ?? 0
            let value = NSDecimalNumber(decimal: amount).doubleValue
            return DeskChart.Bar(
                label: format.shortMonth(row.month), text: format.money(amount, currency: "CZK"), short: "\(Int((value / 1000).rounded()))k",
                value: value)
        }
        let model: [String: Any] = [
            "rate": rate.map { format.money($0.amount, currency: "CZK") } ?? "",
            "upcoming": upcoming.map { format.money($0.amount, currency: "CZK") + " " + view.text("from") + " " + format.day($0.effectiveFrom) }
                ?? "",
            "hasEarnings": earnings.contains { $0.value > 0 },
            "chart": DeskChart.bars(earnings, title: view.text("earnings")),
            "earnings": earnings.map { ["label": $0.label, "amount": $0.text] },
            "hasMonths": !rows.isEmpty,
            "months": monthRows(view, rows, current: current),
            "done": view.doneText(query(request, "done")),
        ]
        return DeskPage(title: view.text("myMonths"), template: "months", model: model).response(view, library: library)
    }

    func monthOfMine(_ view: DeskView, period: String?, request: Request) async throws -> Response {
        let session = try require(view, "listMyInvoices")
        let month = try ownMonth(period, session: session)
        return try await monthPage(view, month: month, typed: [:], problem: nil, done: query(request, "done"))
    }

    func upload(_ view: DeskView, period: String?, request: Request) async throws -> Response {
        let session = try require(view, "uploadMyInvoice")
        let month = try ownMonth(period, session: session)
        let uploader = services.invoiceUploader
        let limit = uploader.maxBytes + 64 * 1024
        // A file over the limit is refused before it is read, on the month's page in words.
        let tooLarge = InvoicePageInput.fileTooLarge(maxBytes: uploader.maxBytes, language: view.language)
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            return try await monthPage(view, month: month, typed: [:], problem: tooLarge, status: .contentTooLarge)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            return try await monthPage(view, month: month, typed: [:], problem: tooLarge, status: .contentTooLarge)
        }
        let form = try await PageForm.multipart(
            Data(buffer: body), contentType: request.headers[.contentType], fileField: "file", maxFileBytes: uploader.maxBytes)
        guard forms.accepts(form.fields["csrf"], for: session.sessionId) else { throw DeskRefusal.forgedForm }
        var typed: [String: String] = [:]
        for name in Self.uploadFields { typed[name] = String((form.fields[name] ?? "").trimmingCharacters(in: .whitespaces).prefix(100)) }
        guard let file = form.file else {
            return try await monthPage(view, month: month, typed: typed, problem: nil, fileMissing: true, status: .badRequest)
        }
        do {
            try await uploader.admit(personId: session.account.id, month: month)
            let stored = try await uploader.store(
                file: file, fileName: nil, fields: typed, personId: session.account.id, month: month,
                idempotencyKey: form.fields["key"].map { String($0.prefix(200)) })
            return DeskPage.redirect("/desk/months/\(month.iso)?done=" + (stored.created ? "uploaded" : "replaced"))
        } catch {
            let problem = try shownRefusal(error, view)
            return try await monthPage(view, month: month, typed: typed, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// A month of the person's: a month, not after this one.
    private func ownMonth(_ period: String?, session: BrowserSession) throws -> CalendarMonth {
        let current = TimeRules.day(of: services.clock.now()).calendarMonth
        guard let month = period.flatMap({ CalendarMonth($0) }), month <= current, month.year >= 2000 else { throw DeskRefusal.notFound }
        return month
    }

    private func monthPage(
        _ view: DeskView, month: CalendarMonth, typed: [String: String], problem: PageProblem?, fileMissing: Bool = false, done: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        let current = TimeRules.day(of: services.clock.now()).calendarMonth
        guard let row = try await services.invoices.months(personId: session.account.id, first: month, last: month, page: .all(1)).first,
            row.hadAnyContract || row.invoice != nil
        else { throw DeskRefusal.notFound }
        var model = monthModel(view, row, current: current)
        model["label"] = view.format.month(month)
        if let id = row.invoice?.id, let invoice = try await services.invoices.find(id: id), invoice.kind == .uploaded {
            let (fields, checks) = (dataFields(view, invoice), checkRows(view, invoice))
            model["fields"] = fields
            model["checks"] = checks
            model["hasFields"] = !fields.isEmpty
            model["hasChecks"] = !checks.isEmpty
        }
        model["csrf"] = view.formToken
        model["key"] = UUID().uuidString.lowercased()
        model["typed"] = typed
        model["fileMissing"] = fileMissing
        model["problem"] = problem.map { Self.model($0, language: view.language) } as Any
        model["done"] = view.doneText(done)
        return DeskPage(title: view.text("myMonths") + ": " + view.format.month(month), template: "monthOfMine", model: model, status: status)
            .response(view, library: library)
    }

    /// The table's rows as markup (`RowTemplate`: two years of months are the page's bulk), each
    /// saying what `monthModel` says of the month.
    private func monthRows(_ view: DeskView, _ rows: [MonthRow], current: CalendarMonth) -> String {
        let templates = library.monthRows(view.language)
        let format = view.format
        var html = ""
        html.reserveCapacity(rows.count * 500)
        for row in rows {
            let shown = MonthShown(row, current: current)
            var values = ["period": row.month.iso, "label": format.month(row.month), "state": view.text(shown.state)]
            if let invoice = row.invoice {
                values["amount"] = format.money(invoice.amount, currency: invoice.data.currency?.rawValue ?? "CZK")
                if let reason = invoice.returnReason, !reason.isEmpty {
                    var markup = ""
                    templates.workerReason.render(["returnReason": reason], into: &markup)
                    values["reason"] = markup
                }
                values["attention"] = attentionMarkup(view, invoice.checks, templates: templates)
            }
            values["action"] = view.text(shown.canUpload ? (shown.isReplace ? "replaceInvoice" : "uploadInvoice") : "open")
            templates.workerRow.render(values, into: &html)
        }
        return html
    }

    /// A month as its row says: the state, the amount, the checks that need the person, and
    /// whether they may upload or replace the invoice.
    private func monthModel(_ view: DeskView, _ row: MonthRow, current: CalendarMonth) -> [String: Any] {
        let shown = MonthShown(row, current: current)
        var model: [String: Any] = [
            "period": row.month.iso, "state": view.text(shown.state), "canUpload": shown.canUpload, "isReplace": shown.isReplace,
        ]
        guard let invoice = row.invoice else { return model }
        model["invoiceId"] = invoice.id.lowercasedString
        model["kind"] = view.text(invoice.kind.rawValue)
        model["amount"] = view.format.money(invoice.amount, currency: invoice.data.currency?.rawValue ?? "CZK")
        model["returnReason"] = invoice.returnReason ?? ""
        model["attention"] = invoice.checks.filter { $0.status != .pass }.map { check(view, $0) }
        return model
    }
}

/// What a worker's month shows whatever the page: its state's text key, and whether they may
/// upload an invoice or replace the one there.
private struct MonthShown {
    var state: String
    var canUpload: Bool
    var isReplace: Bool

    init(_ row: MonthRow, current: CalendarMonth) {
        guard let invoice = row.invoice else {
            state = row.hadContractorContract ? "month.missing" : row.hadAnyContract ? "month.awaitingStatement" : "month.noContract"
            canUpload = row.hadContractorContract && row.month <= current
            isReplace = false
            return
        }
        let actions = row.hadContractorContract ? InvoiceWorkflow.allowedActions(state: invoice.state, kind: invoice.kind, actors: [.owner]) : []
        state = invoice.state.rawValue
        canUpload = actions.contains(.upload) || actions.contains(.replace)
        isReplace = actions.contains(.replace)
    }
}
