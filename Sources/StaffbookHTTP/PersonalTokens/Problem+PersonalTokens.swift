import StaffbookCore

extension Problem {
    init(personalTokens error: PersonalTokenError) {
        switch error {
        case .tooMany: self = Problem(.tooManyTokens)
        }
    }
}
