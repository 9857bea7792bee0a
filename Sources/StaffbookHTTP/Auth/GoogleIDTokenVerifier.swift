import Foundation
import JWTKit
import StaffbookCore

/// Verifies a Google ID token: RS256 signature by a published key, issuer, audience, expiry and
/// issue time (with leeway), verified e-mail, and hosted domain when configured.
struct GoogleIDTokenVerifier: Sendable {
    let config: AuthConfig.Google
    let keySet: GoogleKeySet

    enum Failure: Error, Equatable {
        case malformed, unknownKey, badSignature, wrongIssuer, wrongAudience, expired, issuedInFuture
        case emailNotVerified, wrongDomain, wrongNonce
    }

    struct Claims: JWTPayload {
        var iss: String
        var aud: String
        var exp: Double
        var iat: Double
        var email: String?
        var emailVerified: Bool?
        var hd: String?
        var nonce: String?

        enum CodingKeys: String, CodingKey {
            case iss, aud, exp, iat, email, hd, nonce
            case emailVerified = "email_verified"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            iss = try container.decode(String.self, forKey: .iss)
            aud = try container.decode(String.self, forKey: .aud)
            exp = try container.decode(Double.self, forKey: .exp)
            iat = try container.decode(Double.self, forKey: .iat)
            email = try container.decodeIfPresent(String.self, forKey: .email)
            hd = try container.decodeIfPresent(String.self, forKey: .hd)
            nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
            // Google has sent this both as a boolean and as the string "true".
            if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
                emailVerified = flag
            } else {
                emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
            }
        }

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    /// The verified e-mail address the token vouches for. A browser's sign-in passes the nonce
    /// it sent Google, so a token issued for another sign-in is refused.
    func verify(_ token: String, now: Date, nonce: String? = nil) async throws -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= 8192, let headerData = Base64URL.decode(parts[0]),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            header.alg == "RS256", let kid = header.kid
        else { throw Failure.malformed }
        guard let keys = try await keySet.keys(containing: kid) else { throw Failure.unknownKey }
        let claims: Claims
        do {
            claims = try await keys.verify(token, as: Claims.self)
        } catch {
            throw Failure.badSignature
        }
        let seconds = now.timeIntervalSince1970
        guard config.issuers.contains(claims.iss) else { throw Failure.wrongIssuer }
        guard config.clientIds.contains(claims.aud) else { throw Failure.wrongAudience }
        guard claims.exp + config.leeway > seconds else { throw Failure.expired }
        guard claims.iat - config.leeway <= seconds else { throw Failure.issuedInFuture }
        guard let email = claims.email, claims.emailVerified == true else { throw Failure.emailNotVerified }
        if let nonce, claims.nonce != nonce { throw Failure.wrongNonce }
        if let domain = config.hostedDomain, claims.hd?.lowercased() != domain.lowercased() {
            throw Failure.wrongDomain
        }
        return email
    }
}
