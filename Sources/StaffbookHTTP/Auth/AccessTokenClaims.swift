import JWTKit
import StaffbookCore

/// The access token's payload. Claims are checked by `AccessTokenService` with the injected
/// clock, so `verify(using:)` here has nothing left to do.
struct AccessTokenClaims: JWTPayload, Equatable {
    var iss: String
    var aud: String
    var sub: String
    var sid: String
    var roles: [String]
    var iat: Int
    var exp: Int

    func verify(using algorithm: some JWTAlgorithm) throws {}
}
