import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore
import StaffbookJobs

/// Invitations and password resets: links that set a password.
extension AuthAPI {
    func acceptInvitation(_ input: Operations.AcceptInvitation.Input) async throws -> Operations.AcceptInvitation.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        try await setPassword(token: input.path.token, password: body.password, purpose: .invitation)
        return .noContent(.init())
    }

    func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        try await setPassword(token: input.path.token, password: body.password, purpose: .passwordReset)
        return .noContent(.init())
    }

    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        validation.exactText(body.email, field: "body.email", maxLength: 254)
        try validation.check()
        try await auth.queuePasswordReset(
            email: body.email.trimmingCharacters(in: .whitespaces), address: RequestScope.current.clientAddress, jobs: jobs)
        return .accepted(.init())
    }

    func resendInvitation(_ input: Operations.ResendInvitation.Input) async throws -> Operations.ResendInvitation.Output {
        let id = try InputValidation.pathID(input.path.userId)
        let now = clock.now()
        guard try await accountLinkStore.issue(accountLinks.grant(.invitation, now: now), purpose: .invitation, accountId: id, now: now) else {
            throw Problem(.notFound)
        }
        return .accepted(.init())
    }

    /// Uses a link: a token that is not ours, used or expired answers 404, saying no more. The
    /// token is looked up before the password is hashed, and tokens that name nothing count
    /// against the client's address, so guessing costs the guesser and not bcrypt time.
    private func setPassword(token: String, password: String, purpose: AccountLinkPurpose) async throws {
        var validation = InputValidation()
        let password = validation.newPassword(password, field: "body.password")
        try validation.check()
        let addressKey = ThrottleKey(kind: .linkAddress, value: RequestScope.current.clientAddress, limit: auth.config.maxLinkFailuresPerAddress)
        let now = clock.now()
        if let wait = try await auth.throttle.retryAfter([addressKey], now: now) {
            throw AuthError.tooManyAttempts(retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
        let tokenHash = AccountLinks.hash(token)
        guard let password, AccountLinks.isWellFormed(token),
            try await accountLinkStore.isRedeemable(tokenHash: tokenHash, purpose: purpose, now: now)
        else {
            try await auth.throttle.recordFailure([addressKey], now: now)
            throw Self.invalidLink
        }
        let hash = try await auth.hasher.hash(password)
        guard try await accountLinkStore.redeem(tokenHash: tokenHash, purpose: purpose, passwordHash: hash, now: clock.now()) else {
            throw Self.invalidLink
        }
    }

    private static let invalidLink = Problem(
        .notFound,
        detail: AuthTexts.invalidLink)
}
