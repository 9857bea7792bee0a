import Foundation

/// Request ids: the client's own when it is safe to log and echo, otherwise a fresh one.
enum RequestID {
    static let maxLength = 128

    static func accept(_ candidate: String?) -> String? {
        guard let candidate, !candidate.isEmpty, candidate.utf8.count <= maxLength,
              candidate.unicodeScalars.allSatisfy(isAllowed)
        else { return nil }
        return candidate
    }

    static func generate() -> String {
        UUID().lowercasedString
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", ":": true
        default: false
        }
    }
}
