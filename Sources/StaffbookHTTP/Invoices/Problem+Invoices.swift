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
        case .notMissing(let period):
            self = Problem(.invalidTransition, detail: InvoiceTexts.notMissing(period))
        }
    }
}

extension Problem {
    /// A refused change of an invoice, in the same words for one invoice and for many at once.
    init(invoiceRefusal refusal: InvoiceRefusal) {
        switch refusal {
        case .stale:
            self = Problem(.preconditionFailed)
        case .ownRequest:
            self = Problem(.ownRequest)
        case .notASecond(let refusal):
            self = Problem(notASecond: refusal)
        case .inPaymentRun(let run):
            self = Problem(.invoiceInPaymentRun, detail: PaymentTexts.inPaymentRun(run))
        case .checksNeedAttention(let failing):
            self = Problem(
                .checksNeedAttention, detail: InvoiceTexts.checksNeedAttention(failing),
                fieldErrors: failing.map {
                    .init(field: "checks.\($0.kind.rawValue)", code: $0.code ?? $0.status.rawValue, message: InvoiceTexts.check($0.kind))
                }
            )
        case .reasonRequired(let action, let override):
            let message = override ? InvoiceTexts.overrideReason : action == .return ? InvoiceTexts.returnReason : InvoiceTexts.actionReason
            self = Problem(.validationFailed, detail: message, fieldErrors: [.init(field: "body.reason", code: "required", message: message)])
        case .notAllowed(let action, let state?, let allowed):
            // The owner's own upload over an approved or paid invoice reads as the lock it is.
            if action == .replace || action == .upload {
                self = Problem(.invoiceLocked, detail: InvoiceTexts.lockedNow(state))
            } else {
                self = Problem(.invalidTransition, detail: InvoiceTexts.invalidTransition(action, state, allowed: allowed))
            }
        case .notAllowed:
            self = Problem(.notFound)
        case .noAccountToConfirm(let state):
            self = Problem(.invalidTransition, detail: state == .submitted ? InvoiceTexts.bankAccountNotOnFile : nil)
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
