import Crypto
import Foundation
import StaffbookCore

/// A compact JWS signed with ES256 (P-256, SHA-256, the signature as r‖s), as push services take
/// them: the VAPID token of Web Push and the provider token of Apple's push service.
enum ES256JWT {
    static func sign(header: [String: String], claims: [String: Any], key: P256.Signing.PrivateKey) throws -> String {
        let head = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        let body = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        let input = Base64URL.encode(head) + "." + Base64URL.encode(body)
        let signature = try key.signature(for: Array(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
