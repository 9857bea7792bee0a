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
        case .tooManyVersions(let limit):
            self = Problem(.uploadQuota, detail: InvoiceTexts.tooManyVersions(limit), headers: [.retryAfter: "86400"])
        case .uploadQuota(let files, let bytes):
            self = Problem(.uploadQuota, detail: InvoiceTexts.uploadQuota(files: files, bytes: bytes), headers: [.retryAfter: "3600"])
        case .noStatementContract(let personId, let month):
            self = Problem(.noStatementContract, detail: InvoiceTexts.noStatementContract(personId, month))
        }
    }
}

extension Problem {
    /// An ISDOC that cannot be used, naming the field (`isdoc.total`) where one is at fault.
    init(isdoc error: ISDOCReader.Problem) {
        self = Problem(
            .invalidIsdoc,
            fieldErrors: [
                .init(
                    field: "isdoc" + (error.field.map { ".\($0.rawValue)" } ?? ""), code: error.code.rawValue, message: InvoiceTexts.isdoc(error.code)
                )
            ]
        )
    }
}
