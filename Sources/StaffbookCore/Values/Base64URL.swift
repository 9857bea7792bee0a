import Foundation

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5): cursors, file links, tokens.
/// Done on bytes: Foundation's string replacements bridged through NSString for every cursor.
package enum Base64URL {
    /// Whether `text` has the shape of 32 random bytes as we write them (43 characters of the
    /// alphabet): tokens of any other shape are unknown without a lookup.
    package static func isEncoded32Bytes(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// 256 bits from the system's secure generator, encoded: the secret of an opaque token.
    package static func random32Bytes() -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index < input.count {
            let count = min(3, input.count - index)
            var chunk = UInt32(input[index]) << 16
            if count > 1 { chunk |= UInt32(input[index + 1]) << 8 }
            if count > 2 { chunk |= UInt32(input[index + 2]) }
            for position in 0...count {
                output.append(alphabet[Int((chunk >> (18 - 6 * UInt32(position))) & 63)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    package static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = Array(text.utf8)
        for index in base64.indices {
            switch base64[index] {
            case UInt8(ascii: "-"): base64[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): base64[index] = UInt8(ascii: "/")
            default: break
            }
        }
        base64 += Array(repeating: UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: Data(base64))
    }
}
