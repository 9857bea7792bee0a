import Foundation
import StaffbookCore

/// Makes a person's personal access token as `POST /v1/me/tokens` does, for the API and the
/// desk alike: the name, scopes and expiry checked, the secret made here and only its hash kept.
package struct PersonalTokenIssuer: Sendable {
    let tokens: any PersonalAccessTokenRepository
    let clock: any AppClock

    /// The token and its secret, which is shown this once and never again. `scopes` are the
    /// scopes' names as sent; unknown ones are left out, none at all is refused.
    package func issue(accountId: UUID, name: String, scopes: [String], expiresAt: Date?) async throws -> (
        token: PersonalAccessToken, secret: String
    ) {
        let now = clock.now()
        var validation = InputValidation()
        let name = validation.requiredText(name, field: "body.name", maxLength: PersonalTokenRules.maximumNameLength)
        let chosen = Set(scopes.compactMap(TokenScope.init(rawValue:)))
        if chosen.isEmpty { validation.fail("body.scopes", "required", PersonalTokenTexts.scopesRequired) }
        if scopes.count > TokenScope.allCases.count { validation.fail("body.scopes", "too_many", PersonalTokenTexts.tooManyScopes) }
        if Set(scopes).count != scopes.count { validation.fail("body.scopes", "duplicate", PersonalTokenTexts.duplicateScopes) }
        if let expiresAt, let problem = PersonalTokenRules.expiryProblem(expiresAt, now: now) {
            switch problem {
            case .past: validation.fail("body.expiresAt", "past", PersonalTokenTexts.expiryInFuture)
            case .tooFar: validation.fail("body.expiresAt", "too_far", PersonalTokenTexts.expiryTooFar)
            }
        }
        try validation.check()
        let secret = PersonalTokenSecret.generate()
        guard let hash = PersonalTokenSecret.hash(secret) else { throw Problem(.internalError) }
        let token = try await tokens.create(accountId: accountId, name: name, scopes: chosen, secretHash: hash, expiresAt: expiresAt, now: now)
        return (token, secret)
    }

    /// A page's expiry as a day: the token works through that day in Prague (empty: it never
    /// expires). A text that is not a day is refused as the API refuses a bad `expiresAt`.
    package static func expiry(day text: String) throws -> Date? {
        guard !text.isEmpty else { return nil }
        var validation = InputValidation()
        let day = validation.day(text, field: "body.expiresAt")
        try validation.check()
        return day.map { TimeRules.midnight($0.adding(days: 1)) }
    }
}
