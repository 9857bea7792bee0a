import Foundation
import StaffbookAPI
import StaffbookCore

/// Personal access tokens: a person's own, and an admin's view of anyone's.
struct PersonalTokensAPI: AreaHandler {
    let tokens: any PersonalAccessTokenRepository
    let accounts: any AccountRepository
    let clock: any AppClock

    func listMyTokens(_ input: Operations.ListMyTokens.Input) async throws -> Operations.ListMyTokens.Output {
        let caller = try RequestScope.requireCaller()
        let tokens = try await tokens.list(accountId: caller.accountId, now: clock.now())
        return .ok(.init(body: .json(.init(items: tokens.map(PersonalTokenSchemas.token)))))
    }

    func createMyToken(_ input: Operations.CreateMyToken.Input) async throws -> Operations.CreateMyToken.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let now = clock.now()
        var validation = InputValidation()
        let name = validation.requiredText(body.name, field: "body.name", maxLength: PersonalTokenRules.maximumNameLength)
        let scopes = Set(body.scopes.compactMap { TokenScope(rawValue: $0.rawValue) })
        if scopes.isEmpty { validation.fail("body.scopes", "required", PersonalTokenTexts.scopesRequired) }
        if body.scopes.count > TokenScope.allCases.count {
            validation.fail("body.scopes", "too_many", PersonalTokenTexts.tooManyScopes)
        }
        if let expiresAt = body.expiresAt, let problem = PersonalTokenRules.expiryProblem(expiresAt, now: now) {
            switch problem {
            case .past: validation.fail("body.expiresAt", "past", PersonalTokenTexts.expiryInFuture)
            case .tooFar: validation.fail("body.expiresAt", "too_far", PersonalTokenTexts.expiryTooFar)
            }
        }
        try validation.check()
        let secret = PersonalTokenSecret.generate()
        guard let hash = PersonalTokenSecret.hash(secret) else { throw Problem(.internalError) }
        let token = try await tokens.create(
            accountId: caller.accountId, name: name, scopes: scopes, secretHash: hash, expiresAt: body.expiresAt, now: now)
        return .created(.init(body: .json(PersonalTokenSchemas.created(token, secret: secret))))
    }

    func revokeMyToken(_ input: Operations.RevokeMyToken.Input) async throws -> Operations.RevokeMyToken.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.tokenId)
        guard try await tokens.revoke(id: id, accountId: caller.accountId, by: caller.accountId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .noContent(.init())
    }

    func listUserTokens(_ input: Operations.ListUserTokens.Input) async throws -> Operations.ListUserTokens.Output {
        let personId = try InputValidation.pathID(input.path.userId)
        guard try await accounts.find(id: personId) != nil else { throw Problem(.notFound) }
        let tokens = try await tokens.list(accountId: personId, now: clock.now())
        return .ok(.init(body: .json(.init(items: tokens.map(PersonalTokenSchemas.token)))))
    }

    func revokeUserToken(_ input: Operations.RevokeUserToken.Input) async throws -> Operations.RevokeUserToken.Output {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(input.path.userId)
        let id = try InputValidation.pathID(input.path.tokenId)
        guard try await tokens.revoke(id: id, accountId: personId, by: caller.accountId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .noContent(.init())
    }
}
