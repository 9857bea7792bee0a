import Crypto
import Foundation

/// Secrets the server must use again (TOTP secrets, webhook signing secrets) are stored sealed
/// (AES-GCM) with a key derived from the signing key for their purpose, so a copy of the database
/// alone does not give anyone the codes or the signatures. A secret sealed under the previous
/// signing key still opens while that key is configured, so rotating the key breaks nothing; a
/// second factor is sealed again under the new key at its next use.
package struct SecretSeal: Sendable {
    private let current: SymmetricKey
    private let previous: SymmetricKey?

    package static let secondFactor = "staffbook second factor secret v1"
    package static let webhooks = "staffbook webhook secret v1"

    package init(secret: [UInt8], previousSecret: [UInt8]?, purpose: String) {
        current = SymmetricKey.derived(from: secret, purpose: purpose)
        previous = previousSecret.map { SymmetricKey.derived(from: $0, purpose: purpose) }
    }

    package func seal(_ secret: [UInt8]) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(secret, using: current).combined else { throw CryptoKitError.incorrectParameterSize }
        return Array(combined)
    }

    /// The secret, and whether it was sealed under the previous key; nil when neither key opens it.
    package func open(_ sealed: [UInt8]) -> (secret: [UInt8], sealedWithPrevious: Bool)? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed) else { return nil }
        if let secret = try? AES.GCM.open(box, using: current) { return (Array(secret), false) }
        if let previous, let secret = try? AES.GCM.open(box, using: previous) { return (Array(secret), true) }
        return nil
    }
}
