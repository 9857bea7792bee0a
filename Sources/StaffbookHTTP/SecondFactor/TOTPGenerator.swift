import Crypto
import Foundation
import StaffbookCore

/// The codes of a TOTP secret: HMAC-SHA-1 over the step (as authenticator apps compute them;
/// SHA-1's weaknesses do not reach HMAC), truncated by `TOTPRules`.
enum TOTPGenerator {
    static func code(secret: [UInt8], step: Int64) -> String {
        let mac = HMAC<Insecure.SHA1>.authenticationCode(for: TOTPRules.message(step: step), using: SymmetricKey(data: secret))
        // A SHA-1 MAC is 20 bytes, always long enough to truncate.
        return TOTPRules.code(mac: Array(mac)) ?? ""
    }

    /// The codes of the steps a code typed at `date` may belong to.
    static func candidates(secret: [UInt8], at date: Date) -> [(step: Int64, code: String)] {
        TOTPRules.candidateSteps(at: date).map { ($0, code(secret: secret, step: $0)) }
    }

    /// A new secret: 160 random bits, the length RFC 4226 recommends.
    static func newSecret() -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        return (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &random) }
    }

    /// The `otpauth://` URI an authenticator app reads from the QR code.
    static func uri(secret: [UInt8], account: String, issuer: String) -> String {
        var unreserved = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        unreserved.insert(charactersIn: "-._~")
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
        return "otpauth://totp/\(encode(issuer)):\(encode(account))?secret=\(Base32.encode(secret))&issuer=\(encode(issuer))"
            + "&algorithm=SHA1&digits=6&period=30"
    }
}
