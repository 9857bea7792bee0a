import Foundation
import StaffbookCore

/// Request ids: the client's own when it is safe to log and echo, otherwise a fresh one.
enum RequestID {
    static let maxLength = 128

    static func accept(_ candidate: String?) -> String? {
        guard let candidate, !candidate.isEmpty, candidate.utf8.count <= maxLength,
            candidate.unicodeScalars.allSatisfy(isAllowed)
        else { return nil }
        return candidate
    }

    /// A random (version 4) UUID. Drawn from the standard library's system generator
    /// (`getrandom`): Foundation's `UUID()` opens and reads `/dev/urandom` at every call, three
    /// system calls per request for an id.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
            raw[6] = raw[6] & 0x0F | 0x40
            raw[8] = raw[8] & 0x3F | 0x80
        }
        return UUID(uuid: bytes).lowercasedString
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", ":": true
        default: false
        }
    }
}
