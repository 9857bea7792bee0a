import Crypto
import Foundation

/// A push message's body as RFC 8291 has it, in the `aes128gcm` content coding of RFC 8188: one
/// record, encrypted to the browser's P-256 key and authentication secret with a key agreed with
/// a new key pair of ours for each message. Only the RFC's composition of swift-crypto's ECDH,
/// HKDF and AES-GCM is written here.
package enum WebPushEncryption {
    /// The record size written in the header; a message must fit one record.
    package static let recordSize: UInt32 = 4096
    /// The most plaintext one record carries (the size less the tag and the delimiter).
    package static let maximumPlaintext = Int(recordSize) - 16 - 1

    package enum Failure: Error {
        case tooLong
    }

    package static func encrypt(
        _ plaintext: [UInt8], to browserKey: [UInt8], authSecret: [UInt8], serverKey: P256.KeyAgreement.PrivateKey = .init(),
        salt: [UInt8] = randomSalt()
    ) throws -> [UInt8] {
        guard plaintext.count <= maximumPlaintext else { throw Failure.tooLong }
        let browser = try P256.KeyAgreement.PublicKey(x963Representation: browserKey)
        let shared = try serverKey.sharedSecretFromKeyAgreement(with: browser)
        let serverPublic = Array(serverKey.publicKey.x963Representation)
        // The input keying material: the shared secret under the browser's auth secret, bound to both public keys.
        let keyInfo = Array("WebPush: info".utf8) + [0] + browserKey + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // 0x02 ends the last (and only) record; no further padding.
        let sealed = try AES.GCM.seal(
            plaintext + [0x02], using: contentKey, nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        var header = salt
        header += withUnsafeBytes(of: recordSize.bigEndian) { Array($0) }
        header.append(UInt8(serverPublic.count))
        header += serverPublic
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }

    package static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
