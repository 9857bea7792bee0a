import Crypto
import Foundation
import StaffbookCore

/// The secret of a personal access token: the prefix and 256 random bits, base64url. Only its
/// SHA-256 is stored.
enum PersonalTokenSecret {
    static func generate() -> String {
        PersonalTokenRules.prefix + Base64URL.random32Bytes()
    }

    /// The hash to look a token up by; nil for anything not shaped like one we issue.
    static func hash(_ token: String) -> [UInt8]? {
        guard token.hasPrefix(PersonalTokenRules.prefix), Base64URL.isEncoded32Bytes(String(token.dropFirst(PersonalTokenRules.prefix.count)))
        else { return nil }
        return Array(SHA256.hash(data: Data(token.utf8)))
    }
}
