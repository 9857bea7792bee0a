import Foundation
import StaffbookAPI
import StaffbookCore

extension InvoiceSchemas {
    static func data(_ data: InvoiceData) -> Components.Schemas.InvoiceData {
        var sources: [String: Components.Schemas.InvoiceDataSource] = [:]
        for (field, source) in data.sources { sources[field.rawValue] = Components.Schemas.InvoiceDataSource(rawValue: source.rawValue) }
        return .init(
            number: data.number, variableSymbol: data.variableSymbol, supplierIco: data.supplierIco, supplierDic: data.supplierDic,
            customerIco: data.customerIco, issueDate: data.issueDate?.iso, taxableSupplyDate: data.taxableSupplyDate?.iso,
            dueDate: data.dueDate?.iso, amountWithoutVat: data.amountWithoutVat.map { Money.format($0) },
            vatAmount: data.vatAmount.map { Money.format($0) }, vatRate: data.vatRate.map { "\($0)" }, total: data.total.map { Money.format($0) },
            currency: data.currency.flatMap { .init(rawValue: $0.rawValue) }, bankAccount: data.bankAccount.map(bankAccount),
            sources: .init(additionalProperties: sources)
        )
    }

    static func bankAccount(_ account: BankAccount) -> Components.Schemas.BankAccountInfo {
        .init(iban: account.iban, domestic: account.domestic)
    }

    static func checks(_ checks: [InvoiceCheck]) -> [Components.Schemas.InvoiceCheck] {
        checks.map { check in
            .init(
                kind: Components.Schemas.InvoiceCheckKind(rawValue: check.kind.rawValue) ?? .amount,
                status: .init(rawValue: check.status.rawValue) ?? .fail, code: check.code, expected: check.expected.map { Money.format($0) },
                invoiced: check.invoiced.map { Money.format($0) }, difference: check.difference.map { Money.format($0) },
                basis: check.basis.flatMap { .init(rawValue: $0) }, otherInvoiceId: check.otherInvoiceId?.lowercasedString
            )
        }
    }

    static func summary(_ checks: [InvoiceCheck]) -> Components.Schemas.ChecksSummary {
        func kinds(_ status: InvoiceCheck.Status) -> [Components.Schemas.InvoiceCheckKind] {
            checks.filter { $0.status == status }.compactMap { .init(rawValue: $0.kind.rawValue) }
        }
        return .init(attention: checks.contains { $0.needsAttention }, failing: kinds(.fail), needsConfirmation: kinds(.needsConfirmation))
    }
}
