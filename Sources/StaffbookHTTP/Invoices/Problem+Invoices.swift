import StaffbookCore

extension Problem {
    init(invoice error: InvoiceError) {
        switch error {
        case .notAPDF: self = Problem(.notAPDF)
        case .invalidPDF: self = Problem(.invalidPDF)
        case .locked(let period, let state): self = Problem(.invoiceLocked, detail: InvoiceTexts.locked(period, state))
        case .invalidTransition(let action, let state, let allowed):
            self = Problem(.invalidTransition, detail: InvoiceTexts.invalidTransition(action, state, allowed: allowed))
        case .noContractorContract: self = Problem(.noContractorContract)
        case .futurePeriod: self = Problem(.futurePeriod)
        case .noStatementContract(let personId, let month):
            self = Problem(.noStatementContract, detail: InvoiceTexts.noStatementContract(personId, month))
        }
    }
}
