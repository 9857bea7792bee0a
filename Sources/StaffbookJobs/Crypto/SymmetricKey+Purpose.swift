import Crypto
import Foundation

extension SymmetricKey {
    /// A key of its own for one kind of signed link, derived from the signing key (HKDF), so a
    /// token made for one purpose never verifies for another.
    package static func derived(from secret: [UInt8], purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), info: Data(purpose.utf8), outputByteCount: 32)
    }
}
