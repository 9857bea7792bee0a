import StaffbookCore

extension Problem {
    /// The answer to a domain error; nil for anything that is not one. The one place where the
    /// domain's refusals become HTTP problems.
    init?(domain error: any Error) {
        switch error {
        case let error as AuthError: self = Self(auth: error)
        case let error as PeopleError: self = Self(people: error)
        case let error as RatesError: self = Self(rates: error)
        case let error as TeamsError: self = Self(teams: error)
        case let error as InvoiceError: self = Self(invoice: error)
        case let error as IdempotencyError: self = Self(idempotency: error)
        case let error as TimeError: self = Self(time: error)
        default: return nil
        }
    }

    private init(auth error: AuthError) {
        switch error {
        case .unauthenticated(let invalidToken):
            self = .unauthenticated(invalidToken: invalidToken)
        case .signInFailed(.credentials):
            self = .signInFailed()
        case .signInFailed(.googleToken):
            self = .signInFailed(LocalizedText(en: "The Google ID token was not accepted.", cs: "Token Google ID nebyl přijat."))
        case .signInFailed(.noActiveGoogleAccount):
            self = .signInFailed(
                LocalizedText(
                    en: "No active Staffbook account uses this Google address.",
                    cs: "Žádný aktivní účet Staffbooku tuto adresu Google nepoužívá."
                ))
        case .tooManyAttempts(let seconds):
            self = .tooManyAttempts(retryAfter: seconds)
        case .identityProviderUnavailable:
            self = Problem(
                .serviceUnavailable,
                detail: LocalizedText(
                    en: "Google's signing keys cannot be fetched right now; try again shortly.",
                    cs: "Podpisové klíče Googlu teď nelze načíst; zkuste to za chvíli."
                ),
                headers: [.retryAfter: "30"]
            )
        }
    }

    private init(people error: PeopleError) {
        switch error {
        case .personNotFound:
            self = Problem(.notFound)
        case .emailTaken:
            self = Problem(.emailTaken)
        case .unknownTeam:
            self = Problem(
                .validationFailed,
                fieldErrors: [
                    .init(
                        field: "body.teamIds", code: "unknown",
                        message: LocalizedText(
                            en: "No team has this id.", cs: "Žádný tým nemá tento identifikátor."
                        ))
                ])
        case .contractOverlap(let contract?):
            let until = contract.validTo?.iso ?? "…"
            let id = contract.id.lowercasedString
            self = Problem(
                .contractOverlap,
                detail: LocalizedText(
                    en: "It overlaps the \(contract.type.rawValue) contract \(contract.validFrom.iso) – \(until) (id \(id)).",
                    cs: "Překrývá se se smlouvou \(contract.type.rawValue) \(contract.validFrom.iso) – \(until) (id \(id))."
                ))
        case .contractOverlap(nil):
            self = Problem(.contractOverlap)
        case .contractEndsBeforeStart(let validFrom):
            self = Problem(
                .validationFailed,
                fieldErrors: [
                    .init(
                        field: "body.validTo", code: "before_start",
                        message: LocalizedText(
                            en: "A contract cannot end before it starts (\(validFrom.iso)).",
                            cs: "Smlouva nemůže skončit dřív, než začne (\(validFrom.iso))."
                        ))
                ])
        case .cannotDeactivateSelf:
            self = Problem(.cannotDeactivateSelf)
        }
    }

    private init(rates error: RatesError) {
        switch error {
        case .dateTaken(let day):
            self = Problem(
                .rateDateTaken,
                detail: LocalizedText(
                    en: "This person already has a rate from \(day.iso).", cs: "Tato osoba již má sazbu od \(day.iso)."
                ))
        case .inEffect:
            self = Problem(.rateInEffect)
        case .superseded(let newer):
            self = Problem(
                .rateSuperseded,
                detail: LocalizedText(
                    en: "This rate was replaced by the correction \(newer.lowercasedString); correct that one instead.",
                    cs: "Tuto sazbu nahradila oprava \(newer.lowercasedString); opravte raději tu."
                ))
        case .unchangedCorrection:
            self = Problem(
                .validationFailed,
                fieldErrors: [
                    .init(
                        field: "body", code: "unchanged",
                        message: LocalizedText(
                            en: "Give an amount or a date that differs from the rate's.", cs: "Zadejte částku nebo datum, které se od sazby liší."
                        ))
                ])
        }
    }

    private init(teams error: TeamsError) {
        switch error {
        case .nameTaken: self = Problem(.teamNameTaken)
        }
    }

    private init(invoice error: InvoiceError) {
        switch error {
        case .notAPDF:
            self = Problem(.notAPDF)
        case .invalidPDF:
            self = Problem(.invalidPDF)
        case .locked(let period, let state):
            self = Problem(
                .invoiceLocked,
                detail: LocalizedText(
                    en: "The invoice for \(period.iso) is \(state.rawValue) and can no longer be replaced.",
                    cs: "Faktura za \(period.iso) je ve stavu \(state.rawValue) a už ji nelze nahradit."
                ))
        case .invalidTransition(let action, let state, let allowed):
            let list = allowed.isEmpty ? "none" : allowed.map(\.rawValue).joined(separator: ", ")
            let seznam = allowed.isEmpty ? "žádné" : allowed.map(\.rawValue).joined(separator: ", ")
            self = Problem(
                .invalidTransition,
                detail: LocalizedText(
                    en: "The invoice is \(state.rawValue); '\(action.rawValue)' is not allowed. Allowed now: \(list).",
                    cs: "Faktura je ve stavu \(state.rawValue); akce '\(action.rawValue)' není povolena. Povolené akce: \(seznam)."
                ))
        case .noContractorContract:
            self = Problem(.noContractorContract)
        case .futurePeriod:
            self = Problem(.futurePeriod)
        case .noStatementContract(let personId, let month):
            self = Problem(
                .noStatementContract,
                detail: LocalizedText(
                    en: "Person \(personId.lowercasedString) had no HPP, DPP or DPC contract in \(month.iso).",
                    cs: "Osoba \(personId.lowercasedString) neměla v \(month.iso) smlouvu HPP, DPP ani DPC."
                ))
        }
    }

    private init(idempotency error: IdempotencyError) {
        switch error {
        case .inProgress: self = Problem(.idempotencyKeyInUse)
        case .keyReused: self = Problem(.idempotencyKeyReused)
        }
    }
}

extension Problem {
    fileprivate init(time error: TimeError) {
        func field(_ name: String, _ code: String, en: String, cs: String) -> Problem {
            Problem(.validationFailed, fieldErrors: [.init(field: name, code: code, message: LocalizedText(en: en, cs: cs))])
        }
        switch error {
        case .overlap(let entryId, let start, let end):
            let when = [start, end].compactMap { $0.map { $0.formatted(.iso8601) } }.joined(separator: " – ")
            self =
                entryId.map { id in
                    Problem(
                        .timeEntryOverlap,
                        detail: LocalizedText(
                            en: "You already have time recorded then: entry \(id.lowercasedString) (\(when)).",
                            cs: "V tu dobu už máte zaznamenaný čas: záznam \(id.lowercasedString) (\(when))."
                        ))
                } ?? Problem(.timeEntryOverlap)
        case .endsInFuture:
            self = field("body.end", "future", en: "Must not be in the future.", cs: "Nesmí být v budoucnosti.")
        case .startsInFuture:
            self = field("body.start", "future", en: "Must not be in the future.", cs: "Nesmí být v budoucnosti.")
        case .notAfterStart:
            self = field("body.end", "before_start", en: "Must be after start.", cs: "Musí být po začátku.")
        case .startsTooEarly:
            self = field(
                "body.start", "too_early", en: "Time is recorded from \(TimeRules.earliestDay.iso) on.",
                cs: "Čas se zaznamenává od \(TimeRules.earliestDay.iso).")
        case .longerThanADay:
            self = field("body.end", "too_long", en: "An entry lasts at most 24 hours.", cs: "Záznam trvá nejvýše 24 hodin.")
        case .periodLocked(let month):
            self = Problem(
                .periodLocked,
                detail: LocalizedText(
                    en: "The invoice or statement for \(month.iso) is approved: its time entries can no longer be changed.",
                    cs: "Faktura nebo výkaz za \(month.iso) je schválen: jeho záznamy času už nelze měnit."
                ))
        case .projectUnavailable:
            self = Problem(.projectUnavailable)
        case .clientNameTaken:
            self = Problem(.clientNameTaken)
        case .projectNameTaken:
            self = Problem(.projectNameTaken)
        case .reasonRequired:
            self = field(
                "body.reason", "required", en: "The month is settled: say why it changes.", cs: "Měsíc je uzavřen: uveďte důvod změny."
            )
        case .notATimeCSV:
            self = Problem(.notATimeFile)
        case .timerRunning:
            self = Problem(.timerRunning)
        }
    }
}
