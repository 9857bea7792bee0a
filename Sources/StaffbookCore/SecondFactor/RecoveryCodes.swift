import Foundation

/// One-time codes for a lost phone: ten of them, each ten characters of an alphabet without
/// look-alikes, shown as `xxxxx-xxxxx`; typed in any case, with or without the dash or spaces.
package enum RecoveryCodes {
    package static let count = 10
    static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    static let length = 10

    /// Ten new codes from the system's random source (about 49 bits each).
    package static func generate() -> [String] {
        var random = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let characters = (0..<length).map { _ in alphabet[Int(random.next(upperBound: UInt64(alphabet.count)))] }
            return String(characters.prefix(5)) + "-" + String(characters.suffix(5))
        }
    }

    /// The form a code is hashed in, or nil when `typed` cannot be one.
    package static func normalized(_ typed: String) -> String? {
        let kept = typed.lowercased().filter { $0 != "-" && $0 != " " }
        guard kept.count == length, kept.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return kept
    }
}

/// RFC 4648 base32 without padding: how authenticator apps are given a TOTP secret.
package enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }
}
