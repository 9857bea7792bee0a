import Foundation

extension UUID {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The canonical lowercase form (8-4-4-4-12 hex digits), as ids appear on the wire.
    /// Foundation's `uuidString` formats with sprintf and is then lowercased: with several ids in
    /// every list item and a request id per request, that showed in the list routes' profile.
    package var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            withUnsafeBytes(of: uuid) { bytes in
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = Self.hexDigits[Int(byte >> 4)]
                    buffer[index + 1] = Self.hexDigits[Int(byte & 0x0f)]
                    index += 2
                }
            }
            return index
        }
    }
}
