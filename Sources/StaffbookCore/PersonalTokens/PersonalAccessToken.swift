import Foundation

/// A key a button or a shortcut holds instead of a password: the person's, limited to scopes.
package struct PersonalAccessToken: Sendable, Equatable {
    package var id: UUID
    package var accountId: UUID
    package var name: String
    package var scopes: Set<TokenScope>
    package var createdAt: Date
    package var expiresAt: Date?
    package var lastUsedAt: Date?
    /// The client address of the last use.
    package var lastUsedFrom: String?

    package init(
        id: UUID, accountId: UUID, name: String, scopes: Set<TokenScope>, createdAt: Date, expiresAt: Date?, lastUsedAt: Date?,
        lastUsedFrom: String?
    ) {
        self.id = id
        self.accountId = accountId
        self.name = name
        self.scopes = scopes
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.lastUsedFrom = lastUsedFrom
    }
}

/// What a request made with a token may do, once the token is found live.
package enum TokenUse: Sendable, Equatable {
    case allowed(Caller)
    /// The token has made its requests of this minute.
    case rateLimited(retryAfterSeconds: Int)
    /// Unknown, revoked, expired, or its person deactivated.
    case refused
}

/// Personal access tokens, kept by the SHA-256 of their secret.
package protocol PersonalAccessTokenRepository: Sendable {
    /// Keeps a new token; throws `PersonalTokenError.tooMany` when the person has the most live tokens allowed.
    func create(
        accountId: UUID, name: String, scopes: Set<TokenScope>, secretHash: [UInt8], expiresAt: Date?, now: Date
    ) async throws -> PersonalAccessToken
    /// The person's live tokens, newest first.
    func list(accountId: UUID, now: Date) async throws -> [PersonalAccessToken]
    /// Revokes one of the person's live tokens; false when there is none such.
    func revoke(id: UUID, accountId: UUID, by actorId: UUID, now: Date) async throws -> Bool
    /// Looks the token up for a request from `address` and counts the request against its limit
    /// per minute, in one statement, so a revocation or deactivation holds from the next request.
    func use(secretHash: [UInt8], address: String, now: Date, requestsPerMinute: Int) async throws -> TokenUse
}

package enum PersonalTokenError: Error, Equatable {
    case tooMany(limit: Int)
}
