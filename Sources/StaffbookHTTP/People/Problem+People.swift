import StaffbookCore

extension Problem {
    init(people error: PeopleError) {
        switch error {
        case .personNotFound: self = Problem(.notFound)
        case .emailTaken: self = Problem(.emailTaken)
        case .unknownTeam: self = .field("body.teamIds", "unknown", PeopleTexts.noSuchTeam)
        case .contractOverlap(let contract?): self = Problem(.contractOverlap, detail: PeopleTexts.contractOverlap(contract))
        case .contractOverlap(nil): self = Problem(.contractOverlap)
        case .contractEndsBeforeStart(let validFrom):
            self = .field("body.validTo", "before_start", PeopleTexts.contractEndsBeforeStart(validFrom))
        case .cannotDeactivateSelf: self = Problem(.cannotDeactivateSelf)
        }
    }

    init(rates error: RatesError) {
        switch error {
        case .dateTaken(let day): self = Problem(.rateDateTaken, detail: PeopleTexts.rateDateTaken(day))
        case .inEffect: self = Problem(.rateInEffect)
        case .superseded(let newer): self = Problem(.rateSuperseded, detail: PeopleTexts.rateSuperseded(by: newer))
        case .unchangedCorrection: self = .field("body", "unchanged", PeopleTexts.correctionUnchanged)
        }
    }

    init(teams error: TeamsError) {
        switch error {
        case .nameTaken: self = Problem(.teamNameTaken)
        }
    }
}
