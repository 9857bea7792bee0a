import Foundation
import StaffbookAPI
import StaffbookCore

/// Runs and statements as the contract shows them.
extension PaymentsAPI {
    static func totals(_ totals: [CurrencyTotal]) -> [Components.Schemas.CurrencyTotal] {
        totals.map { .init(currency: $0.currency, count: $0.count, total: Money.format($0.total)) }
    }

    static func summary(_ run: PaymentRunSummary) -> Components.Schemas.PaymentRunSummary {
        .init(
            id: run.id.lowercasedString, number: run.number, state: .init(rawValue: run.state.rawValue) ?? .draft, createdAt: run.createdAt,
            sentAt: run.sentAt, paidAt: run.paidAt, cancelledAt: run.cancelledAt, totals: totals(run.totals)
        )
    }

    static func run(_ run: PaymentRun) -> Components.Schemas.PaymentRun {
        .init(
            id: run.id.lowercasedString, number: run.number, state: .init(rawValue: run.state.rawValue) ?? .draft, createdAt: run.createdAt,
            createdBy: run.createdBy.lowercasedString, createdByName: run.createdByName, approvalRequired: run.approvalRequired,
            approvedBy: run.approvedBy?.lowercasedString, approvedByName: run.approvedByName,
            approvedAt: run.approvedAt, awaiting: run.awaitsApproval ? .secondAdmin : nil, sentAt: run.sentAt, paidAt: run.paidAt,
            cancelledAt: run.cancelledAt, totals: totals(run.totals), actions: run.actions.compactMap { .init(rawValue: $0) },
            items: run.items.map(item), events: run.events.map(event)
        )
    }

    static func item(_ item: PaymentRunItem) -> Components.Schemas.PaymentRunItem {
        .init(
            id: item.id.lowercasedString, invoiceId: item.invoiceId.lowercasedString, personId: item.personId.lowercasedString,
            period: item.period.iso, state: .init(rawValue: item.state.rawValue) ?? .pending, amount: Money.format(item.amount),
            currency: item.currency, creditorName: item.creditorName, bankAccount: item.bankAccount,
            bankAccountDomestic: (try? BankAccount(item.bankAccount))?.domestic, variableSymbol: item.variableSymbol, dueDate: item.dueDate.iso,
            message: item.message, paidOn: item.paidOn?.iso
        )
    }

    static func event(_ event: PaymentRunEvent) -> Components.Schemas.PaymentRunEvent {
        .init(
            at: event.at, actorId: event.actorId?.lowercasedString, actorName: event.actorName, action: event.action,
            from: event.from.flatMap { .init(rawValue: $0.rawValue) },
            to: .init(rawValue: event.to.rawValue) ?? .draft, detail: event.detail
        )
    }

    static func statementImport(_ report: StatementImport) -> Components.Schemas.StatementImportResult {
        .init(
            statementId: report.statementId?.lowercasedString, format: .init(rawValue: report.format.rawValue) ?? .camt053,
            identifier: report.identifier, recorded: report.recorded, repeated: report.repeated, lines: report.lineCount,
            matched: report.matched.map {
                .init(
                    line: $0.line, invoiceId: $0.invoiceId.lowercasedString, run: $0.runNumber, amount: Money.format($0.amount),
                    currency: $0.currency,
                    bookedOn: $0.bookedOn.iso
                )
            },
            partial: report.partial.map {
                .init(
                    line: $0.line, invoiceId: $0.invoiceId.lowercasedString, run: $0.runNumber,
                    agreeing: $0.agreeing.compactMap { .init(rawValue: $0.rawValue) },
                    otherInvoiceIds: $0.otherInvoiceIds.isEmpty ? nil : $0.otherInvoiceIds.map(\.lowercasedString)
                )
            },
            possibleDoublePayments: report.paidTwice.map {
                .init(line: $0.line, invoiceId: $0.invoiceId.lowercasedString, run: $0.runNumber, paidOn: $0.paidOn.iso)
            },
            bankUnchecked: report.bankUnchecked,
            unmatched: report.unmatched.map { line, entry in
                .init(
                    line: line, bookedOn: entry.bookingDate.iso, amount: Money.format(entry.amount), currency: entry.currency,
                    direction: entry.isDebit ? .debit : .credit, variableSymbol: entry.variableSymbol, counterAccount: entry.counterAccount,
                    counterName: entry.counterName
                )
            }
        )
    }
}
