import StaffbookCore

extension Problem {
    init(secondFactor error: SecondFactorError) {
        switch error {
        case .alreadyActive: self = Problem(.secondFactorActive)
        case .none: self = Problem(.noSecondFactor)
        case .codeRefused: self = Problem(.codeRefused)
        case .cannotResetOwn: self = Problem(.cannotResetOwnSecondFactor)
        }
    }
}
