import Crypto
import Foundation

/// TOTP secrets are stored sealed (AES-GCM) with a key derived from the signing key, so a copy of
/// the database alone does not give anyone the codes. A secret sealed under the previous signing
/// key still opens while that key is configured, so rotating the key signs nobody out of their
/// factor; it is sealed again under the new key at its next use.
struct SecretSeal: Sendable {
    private let current: SymmetricKey
    private let previous: SymmetricKey?

    static let purpose = "staffbook second factor secret v1"

    init(secret: [UInt8], previousSecret: [UInt8]?) {
        current = SymmetricKey.derived(from: secret, purpose: Self.purpose)
        previous = previousSecret.map { SymmetricKey.derived(from: $0, purpose: Self.purpose) }
    }

    func seal(_ secret: [UInt8]) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(secret, using: current).combined else { throw CryptoKitError.incorrectParameterSize }
        return Array(combined)
    }

    /// The secret, and whether it was sealed under the previous key; nil when neither key opens it.
    func open(_ sealed: [UInt8]) -> (secret: [UInt8], sealedWithPrevious: Bool)? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed) else { return nil }
        if let secret = try? AES.GCM.open(box, using: current) { return (Array(secret), false) }
        if let previous, let secret = try? AES.GCM.open(box, using: previous) { return (Array(secret), true) }
        return nil
    }
}
