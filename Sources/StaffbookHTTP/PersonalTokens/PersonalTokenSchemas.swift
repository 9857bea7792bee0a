import Foundation
import StaffbookAPI
import StaffbookCore

/// Personal access tokens as the contract's schemas.
enum PersonalTokenSchemas {
    static func token(_ token: PersonalAccessToken) -> Components.Schemas.PersonalAccessToken {
        .init(
            id: token.id.lowercasedString, name: token.name, scopes: scopes(token.scopes), createdAt: token.createdAt,
            expiresAt: token.expiresAt, lastUsedAt: token.lastUsedAt, lastUsedFrom: token.lastUsedFrom
        )
    }

    static func created(_ token: PersonalAccessToken, secret: String) -> Components.Schemas.CreatedPersonalAccessToken {
        .init(
            id: token.id.lowercasedString, name: token.name, scopes: scopes(token.scopes), createdAt: token.createdAt,
            expiresAt: token.expiresAt, token: secret
        )
    }

    private static func scopes(_ scopes: Set<TokenScope>) -> [Components.Schemas.TokenScope] {
        scopes.sorted().compactMap { Components.Schemas.TokenScope(rawValue: $0.rawValue) }
    }
}
