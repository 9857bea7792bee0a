import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// The month: every invoice and statement of a month with its checks, the people who have not
/// uploaded yet, and "approve all clean". The same list, filters and pages as
/// `GET /v1/invoices` (a cursor, so ten thousand people page as fast as seventy).
extension Desk {
    static let monthPageSize = 20

    func month(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listInvoices")
        let period = try InvoicePageInput.month(query(request, "period"), field: "query.period") ?? lastMonth()
        let state = query(request, "state").flatMap { InvoiceState(rawValue: $0) }
        let search = try InvoicePageInput.search(query(request, "q"))
        let attention = query(request, "attention") == "1"
        let page = try PageRequest<InvoicePosition>(limit: Self.monthPageSize, cursor: query(request, "cursor"), offset: nil)
        let rows = try await services.invoices.list(
            filter: InvoiceFilter(period: period, state: state, query: search, attention: attention), page: page)
        let result = Page(rows: rows, limit: page.limit) {
            InvoicePosition(lastName: $0.lastName, firstName: $0.firstName, personId: $0.personId, period: $0.period.iso)
        }
        var nextLink: String?
        if let cursor = result.nextCursor {
            var items = [URLQueryItem(name: "period", value: period.iso), URLQueryItem(name: "cursor", value: cursor)]
            if let state { items.append(URLQueryItem(name: "state", value: state.rawValue)) }
            if let search { items.append(URLQueryItem(name: "q", value: search)) }
            if attention { items.append(URLQueryItem(name: "attention", value: "1")) }
            var components = URLComponents()
            components.path = "/desk/invoices"
            components.queryItems = items
            nextLink = components.string
        }
        let waits = try await services.invoices.secondAdminWaits(invoiceId: nil)
        let model: [String: Any] = [
            "waits": waits.map { Self.waitRow($0, view) }, "hasWaits": !waits.isEmpty,
            "period": period.iso, "periodLabel": view.format.month(period), "q": search ?? "", "attention": attention,
            "states": InvoiceState.allCases.map { ["value": $0.rawValue, "label": view.text($0.rawValue), "selected": $0 == state] },
            "csrf": view.formToken, "bulkKey": UUID().uuidString.lowercased(),
            "hasRows": !result.items.isEmpty, "rows": tableRows(view, result.items), "nextLink": nextLink as Any,
        ]
        return DeskPage(title: view.text("invoices"), template: "month", model: model).response(view, library: library)
    }

    func approveClean(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "bulkActOnInvoices")
        let fields = try await form(request, view: view)
        let period = try InvoicePageInput.month(fields["period"], field: "body.filter.period") ?? lastMonth()
        let key = String((fields["key"] ?? "").prefix(200))
        let idempotency = InvoicePageInput.bulkRequest(
            key: key, accountId: session.account.id, action: .approve, period: period, state: .submitted,
            lifetime: services.config.http.idempotencyKeyLifetime)
        // Without override an approval skips every invoice whose checks need a look: what is
        // approved is exactly what passes them all.
        let report = try await services.invoiceService.bulk(
            .approve, target: .filter(period: period, state: .submitted), reason: nil, actorId: session.account.id, idempotency: idempotency)
        var skipped: [[String: Any]] = []
        for item in report.items.lazy.filter({ $0.outcome == .skipped }).prefix(500) {
            let found = try await UUID(uuidString: item.invoiceId).asyncFlatMap { try await services.invoices.find(id: $0) }
            skipped.append([
                "id": item.invoiceId, "name": found.map { $0.firstName + " " + $0.lastName } ?? item.invoiceId,
                "state": item.state.map { view.text($0.rawValue) } ?? "",
                "why": item.skip.map { InvoicePageInput.skipReason($0, language: view.language) } ?? "",
            ])
        }
        let model: [String: Any] = [
            "period": period.iso, "periodLabel": view.format.month(period), "done": report.done, "skipped": report.skipped,
            "hasSkipped": !skipped.isEmpty, "items": skipped,
        ]
        return DeskPage(title: view.text("approveClean"), template: "bulk", model: model).response(view, library: library)
    }

    /// Who has not uploaded the month's invoice yet, paged as `GET /v1/invoices/missing`: a page
    /// of its own, as finding them means looking at everyone with a contract, which the month's
    /// list of invoices does not need to wait for.
    func missing(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listMissingInvoices")
        let period = try InvoicePageInput.month(query(request, "period"), field: "query.period") ?? lastMonth()
        let search = try InvoicePageInput.search(query(request, "q"))
        let page = try PageRequest<NamePosition>(limit: 100, cursor: query(request, "cursor"), offset: nil)
        let rows = try await services.invoices.missing(month: period, query: search, page: page)
        let result = Page(rows: rows, limit: page.limit) { NamePosition(lastName: $0.lastName, firstName: $0.firstName, id: $0.id) }
        var nextLink: String?
        if let cursor = result.nextCursor {
            var components = URLComponents()
            components.path = "/desk/invoices/missing"
            components.queryItems =
                [URLQueryItem(name: "period", value: period.iso), URLQueryItem(name: "cursor", value: cursor)]
                + (search.map { [URLQueryItem(name: "q", value: $0)] } ?? [])
            nextLink = components.string
        }
        let reminded = query(request, "reminded")
        let model: [String: Any] = [
            "period": period.iso, "periodLabel": view.format.month(period), "q": search ?? "", "csrf": view.formToken,
            "hasMissing": !result.items.isEmpty, "nextLink": nextLink as Any,
            "missing": result.items.map { person in
                let id = person.id.lowercasedString
                return [
                    "id": id, "name": person.firstName + " " + person.lastName, "email": person.email,
                    "reminded": id == reminded ? view.text(query(request, "sent") == "1" ? "remindedNow" : "remindedToday") : "",
                ]
            },
            "canRemind": AccessPolicy.allows("remindMissingInvoice", roles: view.session?.account.roles ?? []),
        ]
        return DeskPage(title: view.text("missing"), template: "missing", model: model).response(view, library: library)
    }

    /// "Remind now" beside a person who has not uploaded: the API's reminder (once a day per
    /// person and month), then back to the month saying whether it went now or went today already.
    func remind(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        _ = try require(view, "remindMissingInvoice")
        let fields = try await form(request, view: view)
        let period = try InvoicePageInput.month(fields["period"], field: "query.period") ?? lastMonth()
        guard let personId = id.flatMap(UUID.init(uuidString:)), try await services.accounts.find(id: personId) != nil else {
            throw DeskRefusal.notFound
        }
        let sent = try await services.monthEnd.remindNow(
            personId: personId, period: period, on: CalendarDay(services.clock.now()), now: services.clock.now())
        var back = URLComponents()
        back.path = "/desk/invoices/missing"
        back.queryItems = [
            URLQueryItem(name: "period", value: period.iso), URLQueryItem(name: "reminded", value: personId.lowercasedString),
            URLQueryItem(name: "sent", value: sent ? "1" : "0"),
        ]
        return DeskPage.redirect(back.string ?? "/desk/invoices/missing")
    }

    /// The table's rows as markup, each value escaped by `RowTemplate` (the layout inserts them
    /// as they are).
    private func tableRows(_ view: DeskView, _ invoices: [Invoice]) -> String {
        let templates = library.monthRows(view.language)
        let format = view.format
        var html = ""
        html.reserveCapacity(invoices.count * 700)
        for invoice in invoices {
            let currency = invoice.data.currency?.rawValue ?? "CZK"
            let amountCheck = invoice.checks.first { $0.kind == .amount }
            var checks = attentionMarkup(view, invoice.checks, templates: templates)
            if checks.isEmpty { templates.allPass.render([:], into: &checks) }
            templates.row.render(
                [
                    "id": invoice.id.lowercasedString, "name": invoice.firstName + " " + invoice.lastName,
                    "amount": format.money(invoice.amount, currency: currency),
                    "expected": amountCheck?.expected.map { format.money($0, currency: "CZK") } ?? "—",
                    "difference": amountCheck?.difference.map { format.money($0, currency: "CZK") } ?? "—",
                    "state": view.text(invoice.state.rawValue), "checks": checks,
                ], into: &html)
        }
        return html
    }

    /// The checks that do not pass, each as `monthCheck` markup; empty when all pass.
    func attentionMarkup(_ view: DeskView, _ checks: [InvoiceCheck], templates: MonthRows) -> String {
        var markup = ""
        for check in checks where check.status != .pass {
            templates.check.render(
                [
                    "status": check.status.rawValue, "label": view.text("check." + check.kind.rawValue),
                    "statusLabel": view.text(check.status.rawValue),
                ],
                into: &markup)
        }
        return markup
    }

    func check(_ view: DeskView, _ check: InvoiceCheck) -> [String: Any] {
        [
            "label": view.text("check." + check.kind.rawValue), "status": check.status.rawValue,
            "statusLabel": view.text(check.status.rawValue),
        ]
    }

    /// The month an admin approves now: the one before today's.
    func lastMonth() -> CalendarMonth {
        let today = CalendarDay(services.clock.now())
        return CalendarMonth(year: today.year, month: today.month).adding(months: -1)
    }
}

extension Optional {
    fileprivate func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
