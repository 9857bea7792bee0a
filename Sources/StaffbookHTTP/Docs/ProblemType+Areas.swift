extension ProblemType {
    /// The tags of the operations that can answer this type; nil for a type any operation with
    /// its status can answer.
    var areas: Set<String>? {
        switch self {
        case .emailTaken, .contractOverlap, .cannotDeactivateSelf: ["People"]
        case .teamNameTaken: ["Teams"]
        case .rateDateTaken, .rateInEffect, .rateSuperseded: ["Rates"]
        case .linkExpired: ["Auth", "Invoices"]
        case .invoiceLocked: ["Invoices", "Rates"]
        case .invalidTransition, .noContractorContract, .futurePeriod, .notAPDF, .invalidPDF, .noStatementContract: ["Invoices"]
        case .timeEntryOverlap, .periodLocked, .projectUnavailable, .clientNameTaken, .projectNameTaken, .timerRunning, .notATimeFile,
            .timeEntryOnAbsence:
            ["Time", "Timesheets"]
        case .tooManyTokens: ["Me", "Absences"]
        case .secondFactorActive, .noSecondFactor, .codeRefused: ["Me", "Auth"]
        case .cannotResetOwnSecondFactor: ["People"]
        case .awaitingSecondAdmin, .ownPaymentRun: ["Payments"]
        case .ownRequest, .notASecondAdmin: ["Invoices", "Payments", "People"]
        case .cursorExpired: ["Me", "Teams"]
        case .personStillActive: ["People"]
        case .pushNotConfigured, .pushRegisteredToAnother: ["Me"]
        case .absenceOverlap, .absenceBalanceExceeded: ["Absences"]
        case .invalidIsdoc, .checksNeedAttention: ["Invoices"]
        case .invoiceInPaymentRun: ["Invoices", "Payments"]
        case .paymentsNotConfigured, .nothingToPay, .unwritableBankFile, .invalidBankStatement, .bankStatementOfAnotherAccount: ["Payments"]
        default: nil
        }
    }
}
