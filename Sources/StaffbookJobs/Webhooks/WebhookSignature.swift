import Crypto
import Foundation

/// Signatures as the Standard Webhooks specification has them, so receivers verify with one of
/// its libraries: the secret is `whsec_` and the base64 of random bytes; the signature is
/// `v1,` and the base64 of HMAC-SHA256 over `id.timestamp.body` under those bytes.
package enum WebhookSignature {
    package static let secretPrefix = "whsec_"
    /// 32 bytes: the specification asks for 24 to 64.
    package static let secretBytes = 32

    package static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<secretBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The secret as the admin copies it into the receiver.
    package static func text(of secret: [UInt8]) -> String {
        secretPrefix + Data(secret).base64EncodedString()
    }

    package static func sign(secret: [UInt8], id: String, timestamp: Int, body: [UInt8]) -> String {
        var content = Array("\(id).\(timestamp).".utf8)
        content.append(contentsOf: body)
        let mac = HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: secret))
        return "v1," + Data(mac).base64EncodedString()
    }
}
