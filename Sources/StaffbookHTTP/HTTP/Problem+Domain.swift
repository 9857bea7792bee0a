import StaffbookCore

extension Problem {
    /// The answer to a domain error; nil for anything that is not one. Each area maps its own
    /// errors (`Problem+People.swift`, …), with its texts from its catalog.
    init?(domain error: any Error) {
        switch error {
        case let error as AuthError: self = Self(auth: error)
        case let error as PeopleError: self = Self(people: error)
        case let error as RatesError: self = Self(rates: error)
        case let error as TeamsError: self = Self(teams: error)
        case let error as InvoiceError: self = Self(invoice: error)
        case let refusal as InvoiceRefusal: self = Self(invoiceRefusal: refusal)
        case let refusal as AdminChangeRefusal: self = Self(adminChange: refusal)
        case PushError.registeredToAnother: self = Problem(.pushRegisteredToAnother)
        case CalendarFeedError.tooMany(let limit):
            self = Problem(
                .tooManyTokens,
                detail: LocalizedText(
                    en: "You have the most calendar feeds allowed (\(limit)); revoke one you no longer use.",
                    cs: "Máte nejvyšší povolený počet kalendářních odkazů (\(limit)); zrušte některý, který už nepoužíváte."))
        case let error as IdempotencyError: self = Self(idempotency: error)
        case let error as TimeError: self = Self(time: error)
        case let error as PaymentRunError: self = Self(payments: error)
        case let error as PersonalTokenError: self = Self(personalTokens: error)
        case let error as SecondFactorError: self = Self(secondFactor: error)
        case let error as TimesheetError: self = Self(timesheets: error)
        case let error as AbsenceError: self = Self(absences: error)
        case let error as VacationError: self = Self(vacation: error)
        case BlockingWorkError.busy: self = Problem(.serviceUnavailable, detail: RequestTexts.busy, headers: [.retryAfter: "5"])
        default: return nil
        }
    }

    /// A validation problem about one field.
    static func field(_ name: String, _ code: String, _ message: LocalizedText) -> Problem {
        Problem(.validationFailed, fieldErrors: [.init(field: name, code: code, message: message)])
    }

    private init(idempotency error: IdempotencyError) {
        switch error {
        case .inProgress: self = Problem(.idempotencyKeyInUse)
        case .keyReused: self = Problem(.idempotencyKeyReused)
        }
    }
}
