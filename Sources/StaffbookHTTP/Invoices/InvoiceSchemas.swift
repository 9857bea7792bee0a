import Foundation
import StaffbookAPI
import StaffbookCore

/// Invoices as the contract's schemas.
struct InvoiceSchemas: Sendable {
    /// Prefix of download links (e.g. `https://staffbook.example.com`); empty gives relative links.
    let publicBaseURL: String

    func downloadURL(_ invoiceId: UUID) -> String {
        "\(publicBaseURL)/v1/invoices/\(invoiceId.lowercasedString)/file"
    }

    func downloadURL(_ invoiceId: UUID, fileId: UUID) -> String {
        "\(publicBaseURL)/v1/invoices/\(invoiceId.lowercasedString)/files/\(fileId.lowercasedString)"
    }

    func file(_ file: InvoiceFile, invoiceId: UUID) -> Components.Schemas.FileInfo {
        .init(mediaType: file.mediaType, size: file.size, sha256: file.sha256, downloadUrl: downloadURL(invoiceId))
    }

    /// A share of a rate (0 to 1) to three decimals ("0.600"), as the absence kinds give it.
    static func share(_ share: Decimal) -> String {
        String(format: "%.3f", NSDecimalNumber(decimal: share).doubleValue)
    }

    static func actions(_ actions: [InvoiceAction]) -> [Components.Schemas.InvoiceAction] {
        actions.compactMap { Components.Schemas.InvoiceAction(rawValue: $0.rawValue) }
    }

    static func state(_ state: InvoiceState) -> Components.Schemas.InvoiceState {
        switch state {
        case .submitted: .submitted
        case .approved: .approved
        case .returned: .returned
        case .paid: .paid
        }
    }

    static func monthState(_ state: InvoiceState) -> Components.Schemas.MonthState {
        switch state {
        case .submitted: .submitted
        case .approved: .approved
        case .returned: .returned
        case .paid: .paid
        }
    }

    static func kind(_ kind: InvoiceKind) -> Components.Schemas.InvoiceKind {
        switch kind {
        case .uploaded: .uploaded
        case .statement: .statement
        }
    }

    static func action(_ action: Components.Schemas.AdminAction) -> InvoiceAction {
        switch action {
        case .approve: .approve
        case ._return: .return
        case .markPaid: .markPaid
        case .undoApproval: .undoApproval
        case .undoPayment: .undoPayment
        case .undoReturn: .undoReturn
        }
    }

    /// What the caller may do with an invoice: as its owner, as an admin, or both.
    static func actors(for caller: Caller, ownerId: UUID) -> Set<InvoiceActor> {
        actors(for: caller, own: caller.accountId == ownerId)
    }

    static func actors(for caller: Caller, own: Bool) -> Set<InvoiceActor> {
        actors(admin: caller.has(.admin), own: own)
    }

    static func actors(admin: Bool, own: Bool) -> Set<InvoiceActor> {
        var actors: Set<InvoiceActor> = []
        if own { actors.insert(.owner) }
        if admin { actors.insert(.admin) }
        return actors
    }

    /// The admin list as `summary` writes it, for the store to write: the caller, the links'
    /// prefix and the actions by state, kind and owner.
    func listView(caller: Caller) -> InvoiceListView {
        InvoiceListView(callerId: caller.accountId, linkPrefix: publicBaseURL, actions: caller.has(.admin) ? Self.adminActions : Self.otherActions)
    }

    /// The list's actions for an admin and for anyone else: `actors(for:own:)` looks at nothing
    /// else of the caller.
    static let adminActions = listActions(admin: true)
    static let otherActions = listActions(admin: false)

    static func listActions(admin: Bool) -> InvoiceListView.Actions {
        InvoiceListView.Actions { state, kind, own in
            actions(InvoiceWorkflow.allowedActions(state: state, kind: kind, actors: actors(admin: admin, own: own))).map(\.rawValue)
        }
    }

    /// The caller's month with the invoice's data and checks (after an upload).
    func month(_ row: MonthRow, current: CalendarMonth, invoice: Invoice) -> Components.Schemas.MyInvoice {
        var month = month(row, current: current)
        month.data = Self.data(invoice.data)
        month.checks = Self.checks(invoice.checks)
        return month
    }

    func month(_ row: MonthRow, current: CalendarMonth) -> Components.Schemas.MyInvoice {
        guard let invoice = row.invoice else {
            let state: Components.Schemas.MonthState =
                row.hadContractorContract ? .missing : row.hadAnyContract ? .awaitingStatement : .noContract
            let actions =
                row.hadContractorContract && row.month <= current
                ? InvoiceWorkflow.allowedActions(state: nil, kind: .uploaded, actors: [.owner]) : []
            return .init(period: row.month.iso, state: state, actions: Self.actions(actions))
        }
        let actions =
            row.hadContractorContract
            ? InvoiceWorkflow.allowedActions(state: invoice.state, kind: invoice.kind, actors: [.owner]) : []
        return .init(
            period: row.month.iso, state: Self.monthState(invoice.state),
            invoiceId: invoice.id.lowercasedString, kind: Self.kind(invoice.kind),
            amount: Money.format(invoice.amount), currency: Self.currency(invoice.data), returnReason: invoice.returnReason,
            file: file(invoice.file, invoiceId: invoice.id), data: invoice.kind == .uploaded ? Self.data(invoice.data) : nil,
            checks: invoice.kind == .uploaded ? Self.checks(invoice.checks) : nil, actions: Self.actions(actions)
        )
    }

    /// An amount's currency: what the invoice's data says, crowns otherwise (statements, plain PDFs).
    static func currency(_ data: InvoiceData) -> Components.Schemas.MyInvoice.CurrencyPayload {
        data.currency == .eur ? .eur : .czk
    }

    func person(_ invoice: Invoice) -> Components.Schemas.InvoicePerson {
        .init(id: invoice.personId.lowercasedString, firstName: invoice.firstName, lastName: invoice.lastName, email: invoice.email)
    }

    func summary(_ invoice: Invoice, caller: Caller) -> Components.Schemas.InvoiceSummary {
        .init(
            id: invoice.id.lowercasedString, person: person(invoice), period: invoice.period.iso,
            state: Self.state(invoice.state), kind: Self.kind(invoice.kind), amount: Money.format(invoice.amount),
            currency: .init(rawValue: Self.currency(invoice.data).rawValue),
            file: file(invoice.file, invoiceId: invoice.id), invoiceNumber: invoice.data.number, dueDate: invoice.data.dueDate?.iso,
            checks: invoice.kind == .uploaded ? Self.summary(invoice.checks) : nil,
            actions: Self.actions(
                InvoiceWorkflow.allowedActions(
                    state: invoice.state, kind: invoice.kind, actors: Self.actors(for: caller, ownerId: invoice.personId)
                ))
        )
    }

    func detail(
        _ invoice: Invoice, events: [InvoiceEvent], statement: StoredStatement?, trackedHoursApproved: Bool?, caller: Caller,
        waits: [SecondAdminWait] = []
    ) -> Components.Schemas.InvoiceDetail {
        .init(
            id: invoice.id.lowercasedString, person: person(invoice), period: invoice.period.iso,
            state: Self.state(invoice.state), kind: Self.kind(invoice.kind), amount: Money.format(invoice.amount),
            currency: .init(rawValue: Self.currency(invoice.data).rawValue),
            statementHours: invoice.statementHours.map { Money.format($0) },
            statementRate: invoice.statementRate.map { Money.format($0) },
            statementBasis: statement.flatMap { Components.Schemas.StatementBasis(rawValue: $0.basis.rawValue) },
            trackedHoursApproved: trackedHoursApproved,
            statementLines: statement?.lines.map { line in
                .init(
                    from: line.from.iso, to: line.to.iso, days: line.days, hours: Money.format(line.hours), rate: Money.format(line.rate),
                    amount: Money.format(line.amount), holiday: line.holiday.map { .init(cs: $0.cs, en: $0.en) },
                    timeOff: line.timeOff.map {
                        .init(kind: $0.kind, name: .init(cs: $0.name.cs, en: $0.name.en), paidShare: Self.share($0.share))
                    }
                )
            },
            returnReason: invoice.returnReason, file: file(invoice.file, invoiceId: invoice.id),
            data: invoice.kind == .uploaded ? Self.data(invoice.data) : nil,
            checks: invoice.kind == .uploaded ? Self.checks(invoice.checks) : nil,
            checksSummary: invoice.kind == .uploaded ? Self.summary(invoice.checks) : nil,
            bankAccountConfirmedAt: invoice.bankAccountConfirmedAt,
            awaitingSecondAdmin: waits.isEmpty
                ? nil
                : waits.map { wait in
                    .init(
                        what: wait.kind == .override ? .override : .bankAccount,
                        askedBy: .init(id: wait.askedBy.id.lowercasedString, name: wait.askedBy.name), reason: wait.reason, at: wait.at)
                },
            actions: Self.actions(
                InvoiceWorkflow.allowedActions(
                    state: invoice.state, kind: invoice.kind, actors: Self.actors(for: caller, ownerId: invoice.personId)
                )),
            submittedAt: invoice.submittedAt, approvedAt: invoice.approvedAt, paidAt: invoice.paidAt,
            exportedAt: invoice.exportedAt,
            events: events.map { event in
                .init(
                    at: event.at, actorId: event.actorId.map(\.lowercasedString), actorName: event.actorName, action: event.action,
                    from: event.from.map(Self.state), to: Self.state(event.to), reason: event.reason
                )
            }
        )
    }

    /// `invoice-2020-12-novak-v2.pdf`: a version other than the current one says which.
    static func downloadName(_ invoice: Invoice, file: InvoiceFileVersion) -> String {
        let name = downloadName(invoice)
        guard !file.isCurrent, let dot = name.lastIndex(of: ".") else { return name }
        return "\(name[..<dot])-v\(file.version)\(name[dot...])"
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
