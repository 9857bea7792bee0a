import Crypto
import Foundation
import StaffbookCore

/// The token every form that changes something carries (cross-site request forgery): a MAC of
/// the session's id under a key of its own, so a page of another site cannot know it. Before
/// sign-in there is no session: the sign-in form carries the random value of a cookie it was
/// given with the page (the same value twice, which another site can neither read nor set).
struct FormToken: Sendable {
    let key: SymmetricKey

    func token(for sessionId: UUID) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(sessionId.lowercasedString.utf8), using: key)
        return Base64URL.encode(Data(mac))
    }

    func accepts(_ candidate: String?, for sessionId: UUID) -> Bool {
        guard let candidate else { return false }
        return Self.same(candidate, token(for: sessionId))
    }

    /// A fresh random value for the sign-in form's cookie.
    static func random() -> String { Base64URL.random32Bytes() }

    /// Compared in time independent of where they differ.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        let (a, b) = (Array(lhs.utf8), Array(rhs.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
