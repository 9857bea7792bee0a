import Foundation
import StaffbookAPI

/// Invoices as the contract's schemas.
struct InvoiceSchemas: Sendable {
    /// Prefix of download links (e.g. `https://staffbook.example.com`); empty gives relative links.
    let publicBaseURL: String

    func downloadURL(_ invoiceId: UUID) -> String {
        "\(publicBaseURL)/v1/invoices/\(PeopleSchemas.id(invoiceId))/file"
    }

    func file(_ file: InvoiceFile, invoiceId: UUID) -> Components.Schemas.FileInfo {
        .init(mediaType: file.mediaType, size: file.size, sha256: file.sha256, downloadUrl: downloadURL(invoiceId))
    }

    static func actions(_ actions: [InvoiceAction]) -> [Components.Schemas.InvoiceAction] {
        actions.compactMap { Components.Schemas.InvoiceAction(rawValue: $0.rawValue) }
    }

    /// What the caller may do with an invoice: as its owner, as an admin, or both.
    static func actors(for caller: Caller, ownerId: UUID) -> Set<InvoiceActor> {
        var actors: Set<InvoiceActor> = []
        if caller.accountId == ownerId { actors.insert(.owner) }
        if caller.has(.admin) { actors.insert(.admin) }
        return actors
    }

    func month(_ row: MonthRow, current: CalendarMonth) -> Components.Schemas.MyInvoice {
        guard let invoice = row.invoice else {
            let state: Components.Schemas.MonthState =
                row.hadContractorContract ? .missing : row.hadAnyContract ? .awaitingStatement : .noContract
            let actions = row.hadContractorContract && row.month <= current
                ? InvoiceWorkflow.allowedActions(state: nil, kind: .uploaded, actors: [.owner]) : []
            return .init(period: row.month.iso, state: state, actions: Self.actions(actions))
        }
        let actions = row.hadContractorContract
            ? InvoiceWorkflow.allowedActions(state: invoice.state, kind: invoice.kind, actors: [.owner]) : []
        return .init(
            period: row.month.iso, state: Components.Schemas.MonthState(rawValue: invoice.state.rawValue)!,
            invoiceId: PeopleSchemas.id(invoice.id), kind: Components.Schemas.InvoiceKind(rawValue: invoice.kind.rawValue),
            amount: Money.format(invoice.amount), returnReason: invoice.returnReason,
            file: file(invoice.file, invoiceId: invoice.id), actions: Self.actions(actions)
        )
    }

    func person(_ invoice: Invoice) -> Components.Schemas.InvoicePerson {
        .init(id: PeopleSchemas.id(invoice.personId), firstName: invoice.firstName, lastName: invoice.lastName, email: invoice.email)
    }

    func summary(_ invoice: Invoice, caller: Caller) -> Components.Schemas.InvoiceSummary {
        .init(
            id: PeopleSchemas.id(invoice.id), person: person(invoice), period: invoice.period.iso,
            state: Components.Schemas.InvoiceState(rawValue: invoice.state.rawValue)!,
            kind: Components.Schemas.InvoiceKind(rawValue: invoice.kind.rawValue)!, amount: Money.format(invoice.amount),
            file: file(invoice.file, invoiceId: invoice.id),
            actions: Self.actions(InvoiceWorkflow.allowedActions(
                state: invoice.state, kind: invoice.kind, actors: Self.actors(for: caller, ownerId: invoice.personId)
            ))
        )
    }

    func detail(_ invoice: Invoice, events: [InvoiceEvent], caller: Caller) -> Components.Schemas.InvoiceDetail {
        .init(
            id: PeopleSchemas.id(invoice.id), person: person(invoice), period: invoice.period.iso,
            state: Components.Schemas.InvoiceState(rawValue: invoice.state.rawValue)!,
            kind: Components.Schemas.InvoiceKind(rawValue: invoice.kind.rawValue)!, amount: Money.format(invoice.amount),
            statementHours: invoice.statementHours.map { Money.format($0) },
            statementRate: invoice.statementRate.map { Money.format($0) },
            returnReason: invoice.returnReason, file: file(invoice.file, invoiceId: invoice.id),
            actions: Self.actions(InvoiceWorkflow.allowedActions(
                state: invoice.state, kind: invoice.kind, actors: Self.actors(for: caller, ownerId: invoice.personId)
            )),
            submittedAt: invoice.submittedAt, approvedAt: invoice.approvedAt, paidAt: invoice.paidAt,
            exportedAt: invoice.exportedAt,
            events: events.map { event in
                .init(
                    at: event.at, actorId: event.actorId.map(PeopleSchemas.id), action: event.action,
                    from: event.from.flatMap { Components.Schemas.InvoiceState(rawValue: $0.rawValue) },
                    to: Components.Schemas.InvoiceState(rawValue: event.to.rawValue)!, reason: event.reason
                )
            }
        )
    }

    /// `invoice-2020-12-novak.pdf`: ASCII only, from our own data, never the uploaded name.
    static func downloadName(_ invoice: Invoice) -> String {
        let folded = invoice.lastName.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        let slug = String(folded.lowercased().unicodeScalars.map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" })
        let ext = invoice.file.mediaType == XLSXWorkbook.mediaType ? "xlsx" : "pdf"
        let kind = invoice.kind == .statement ? "statement" : "invoice"
        return "\(kind)-\(invoice.period.iso)-\(slug.isEmpty ? "person" : slug).\(ext)"
    }
}
