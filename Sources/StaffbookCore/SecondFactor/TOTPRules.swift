import Foundation

/// Time-based one-time passwords as authenticator apps make them: 30-second steps, six digits,
/// HMAC-SHA-1 over the step number. The HMAC itself is computed by the caller (Core has no
/// cryptography); these rules say which steps count and how a MAC becomes a code.
package enum TOTPRules {
    package static let period: Int64 = 30
    package static let digits = 6
    /// Steps either side of now that are still accepted: a phone's clock a little off, or a
    /// code typed as its step ends.
    package static let drift: Int64 = 1

    /// The step `date` falls in, counted from the Unix epoch; dates before it count as step 0.
    package static func step(at date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds > 0, seconds < 1e15 else { return 0 }
        return Int64(seconds) / period
    }

    /// The steps a code typed at `date` may belong to, newest first.
    package static func candidateSteps(at date: Date) -> [Int64] {
        let now = step(at: date)
        return stride(from: now + drift, through: max(0, now - drift), by: -1).map { $0 }
    }

    /// The eight bytes HMAC'd for a step: its number, big-endian.
    package static func message(step: Int64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> (UInt64($0) * 8)) }
    }

    /// The code of a MAC by dynamic truncation: four bytes at the offset the last byte's low
    /// nibble names, the top bit cleared, the last six decimal digits. Nil for a MAC too short
    /// to hold them.
    package static func code(mac: [UInt8]) -> String? {
        guard let last = mac.last else { return nil }
        let offset = Int(last & 0x0f)
        guard mac.count >= offset + 4 else { return nil }
        let value =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let text = String(value % 1_000_000)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// A code as people type it: digits, spaces allowed between them.
    package static func normalized(_ typed: String) -> String? {
        let kept = typed.unicodeScalars.filter { $0 != " " }
        guard kept.count == digits, kept.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) else { return nil }
        return String(String.UnicodeScalarView(kept))
    }

    /// The step `typed` is accepted for: the newest candidate whose code it is, after the last
    /// step already used (a code works once, and an older one never after a newer). Every
    /// candidate is compared in full, so the time taken does not depend on which one matched.
    package static func acceptedStep(typed: String, codes: [(step: Int64, code: String)], lastUsedStep: Int64?) -> Int64? {
        guard let typed = normalized(typed) else { return nil }
        var accepted: Int64?
        for candidate in codes where constantTimeEqual(candidate.code, typed) {
            if accepted == nil || candidate.step > (accepted ?? 0) { accepted = candidate.step }
        }
        guard let accepted, accepted > (lastUsedStep ?? -1) else { return nil }
        return accepted
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
