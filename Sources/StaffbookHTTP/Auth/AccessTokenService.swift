import Foundation
import JWTKit
import StaffbookCore

/// Issues and verifies access tokens: HS256 JWTs naming their key in `kid`. Tokens signed with
/// the current or the previous key are accepted; the algorithm is pinned before any key is used.
struct AccessTokenService: Sendable {
    private let keys: JWTKeyCollection
    private let currentKeyId: String
    private let acceptedKeyIds: Set<String>
    private let issuer: String
    private let audience: String
    let lifetime: TimeInterval
    /// Tolerated clock difference between instances for `iat`.
    private let leeway: TimeInterval = 30
    /// Tokens whose signature and claims this instance has checked: a client sending the same
    /// token on every request then costs a lookup instead of base64, JSON and HMAC work. Only the
    /// token's own content is kept; expiry is compared with the clock on every use, and
    /// revocation is the session check's job.
    private let verified = BoundedCache<String, VerifiedToken>(maximumEntries: 20_000)

    init(config: AuthConfig) async throws {
        guard let current = config.signingKey else {
            throw ConfigurationError(key: "auth.signingKey", reason: "missing; serve needs a key to sign access tokens")
        }
        let keys = JWTKeyCollection()
        var accepted: Set<String> = []
        for key in [current, config.previousSigningKey].compactMap({ $0 }) {
            await keys.add(hmac: HMACKey(from: Data(key.secret)), digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.id))
            accepted.insert(key.id)
        }
        self.keys = keys
        self.currentKeyId = current.id
        self.acceptedKeyIds = accepted
        self.issuer = config.issuer
        self.audience = config.audience
        self.lifetime = config.accessTokenLifetime
    }

    func issue(accountId: UUID, sessionId: UUID, roles: Set<Role>, now: Date) async throws -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let claims = AccessTokenClaims(
            iss: issuer, aud: audience, sub: accountId.lowercasedString, sid: sessionId.lowercasedString,
            roles: roles.sorted().map(\.rawValue), iat: issuedAt, exp: issuedAt + Int(lifetime)
        )
        var header = JWTHeader()
        header.typ = "JWT"
        return try await keys.sign(claims, kid: JWKIdentifier(string: currentKeyId), header: header)
    }

    /// The caller named by a valid token (roles as the token states them); nil for anything else.
    func verify(_ token: String, now: Date) async -> Caller? {
        let seconds = now.timeIntervalSince1970
        if let entry = verified.value(for: token) {
            return Self.isCurrent(issuedAt: entry.issuedAt, expiresAt: entry.expiresAt, at: seconds, leeway: leeway) ? entry.caller : nil
        }
        guard let header = Self.header(of: token), header.alg == "HS256",
            let kid = header.kid, acceptedKeyIds.contains(kid),
            let claims = try? await keys.verify(token, as: AccessTokenClaims.self),
            claims.iss == issuer, claims.aud == audience,
            let accountId = UUID(uuidString: claims.sub), let sessionId = UUID(uuidString: claims.sid)
        else { return nil }
        let caller = Caller(accountId: accountId, sessionId: sessionId, roles: Set(claims.roles.compactMap(Role.init(rawValue:))))
        verified.set(VerifiedToken(caller: caller, issuedAt: claims.iat, expiresAt: claims.exp), for: token)
        return Self.isCurrent(issuedAt: claims.iat, expiresAt: claims.exp, at: seconds, leeway: leeway) ? caller : nil
    }

    private static func isCurrent(issuedAt: Int, expiresAt: Int, at seconds: TimeInterval, leeway: TimeInterval) -> Bool {
        Double(expiresAt) > seconds && Double(issuedAt) <= seconds + leeway
    }

    private struct VerifiedToken: Sendable {
        var caller: Caller
        var issuedAt: Int
        var expiresAt: Int
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    private static func header(of token: String) -> Header? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= 4096, let data = Base64URL.decode(parts[0]) else { return nil }
        return try? JSONDecoder().decode(Header.self, from: data)
    }
}
