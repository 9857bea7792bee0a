import Foundation
import StaffbookAPI
import StaffbookCore

/// Personal access tokens: a person's own, and an admin's view of anyone's.
struct PersonalTokensAPI: AreaHandler {
    let tokens: any PersonalAccessTokenRepository
    let issuer: PersonalTokenIssuer
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
        let (token, secret) = try await issuer.issue(
            accountId: caller.accountId, name: body.name, scopes: body.scopes.map(\.rawValue), expiresAt: body.expiresAt)
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
