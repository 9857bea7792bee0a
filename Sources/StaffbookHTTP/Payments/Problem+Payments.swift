import StaffbookCore

extension Problem {
    init(payments error: PaymentRunError) {
        switch error {
        case .notConfigured: self = Problem(.paymentsNotConfigured)
        case .nothingToPay(let excluded):
            self = Problem(
                .nothingToPay,
                fieldErrors: excluded.map {
                    .init(field: "invoices.\($0.invoiceId)", code: $0.reason.rawValue, message: PaymentTexts.exclusion($0.reason, run: $0.run))
                }
            )
        case .unwritable(let problem): self = Problem(.unwritableBankFile, detail: PaymentTexts.unwritable(problem))
        case .refused(let state): self = Problem(.invalidTransition, detail: PaymentTexts.refused(state))
        case .affirmationRequired:
            self = Problem(
                .validationFailed, detail: PaymentTexts.affirmCancel,
                fieldErrors: [.init(field: "body.bankDidNotPay", code: "required", message: PaymentTexts.affirmCancel)])
        case .awaitingApproval: self = Problem(.awaitingSecondAdmin)
        case .payOnOutOfRange:
            self = Problem(
                .validationFailed, detail: PaymentTexts.payOnOutOfRange,
                fieldErrors: [.init(field: "body.payOn", code: "out_of_range", message: PaymentTexts.payOnOutOfRange)])
        case .approvalRefused(.ownRun): self = Problem(.ownPaymentRun)
        case .approvalRefused(.notAwaiting): self = Problem(.invalidTransition, detail: PaymentTexts.notAwaitingApproval)
        case .approvalRefused(.notASecond(let refusal)): self = Problem(notASecond: refusal)
        case .statement(let problem):
            switch problem.code {
            case .notOurAccount: self = Problem(.bankStatementOfAnotherAccount)
            case .tooLarge: self = Problem(.payloadTooLarge, detail: PaymentTexts.statement(problem))
            default: self = Problem(.invalidBankStatement, detail: PaymentTexts.statement(problem))
            }
        }
    }
}
