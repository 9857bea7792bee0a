import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// The worker's side: their months, uploads and earnings.
extension MyInvoicesAPI {
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
        let body = Components.Schemas.MyInvoiceList(
            items: result.items.map { invoiceSchemas.month($0, current: current) }, nextCursor: result.nextCursor)
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(WrittenJSON.body(body, placeholder: .init(items: [], nextCursor: body.nextCursor)))
            ))
    }

    func getMyEarnings(_ input: Operations.GetMyEarnings.Input) async throws -> Operations.GetMyEarnings.Output {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let (from, to) = try validation.values { $0.monthRange(from: input.query.from, to: input.query.to, maxMonths: 120) }
        let months = try await invoices.months(personId: caller.accountId, first: from, last: to, page: .all(120))
        let items: [Components.Schemas.EarningsMonth] = months.reversed().map { row in
            let summary = invoiceSchemas.month(row, current: currentMonth)
            return .init(
                period: summary.period, state: summary.state, amount: summary.amount,
                currency: summary.currency.flatMap { .init(rawValue: $0.rawValue) })
        }
        // Per currency: crowns and euros are never one sum.
        var totals: [String: Decimal] = [:]
        for row in months {
            guard let invoice = row.invoice else { continue }
            totals[InvoiceSchemas.currency(invoice.data).rawValue, default: 0] += invoice.amount
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: items,
                        totals: totals.keys.sorted().compactMap { code in
                            guard let currency = Components.Schemas.Earnings.TotalsPayloadPayload.CurrencyPayload(rawValue: code) else { return nil }
                            return .init(currency: currency, total: Money.format(totals[code] ?? 0))
                        }))))
    }
}
