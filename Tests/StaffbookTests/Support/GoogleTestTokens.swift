import CryptoExtras
import Foundation
import JWTKit

/// A stand-in for Google: an RSA key pair of our own, its key set written to a file the test
/// configuration points at, and ID tokens signed with it. Never the network.
enum GoogleTestTokens {
    static let clientId = "staffbook-test.apps.googleusercontent.com"
    static let keyId = "test-google-key-1"

    static let privateKey: JWTKit.Insecure.RSA.PrivateKey = {
        try! JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }()

    static let strangerKey: JWTKit.Insecure.RSA.PrivateKey = {
        try! JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }()

    static func jwks(_ keys: [(id: String, key: JWTKit.Insecure.RSA.PrivateKey)]) -> Data {
        let entries = keys.map { entry -> [String: String] in
            let (modulus, exponent) = try! entry.key.publicKey.getKeyPrimitives()
            return [
                "kty": "RSA", "alg": "RS256", "use": "sig", "kid": entry.id,
                "n": modulus.base64URLEncodedString(), "e": exponent.base64URLEncodedString(),
            ]
        }
        return try! JSONSerialization.data(withJSONObject: ["keys": entries])
    }

    /// The key set file, written once per process.
    static let jwksFile: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("staffbook-google-jwks-\(UUID().uuidString).json")
        try! jwks([(keyId, privateKey)]).write(to: url)
        return url
    }()

    struct Claims: JWTPayload {
        var iss = "https://accounts.google.com"
        var aud = GoogleTestTokens.clientId
        var sub = "1234567890"
        var email: String
        var email_verified: Bool = true
        var hd: String? = "staffbook.test"
        var nonce: String?
        var iat: Int
        var exp: Int

        init(email: String, now: Date) {
            self.email = email
            self.iat = Int(now.timeIntervalSince1970)
            self.exp = iat + 3600
        }

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    static func token(_ claims: Claims, key: JWTKit.Insecure.RSA.PrivateKey = privateKey, keyId: String = keyId) async throws -> String {
        let keys = await JWTKeyCollection().add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: keyId))
        return try await keys.sign(claims, kid: JWKIdentifier(string: keyId))
    }
}

extension Data {
    func base64URLEncodedString() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
