import Foundation

/// Entity tags in conditional requests (RFC 9110 §8.8.3, §13.1): `*`, or a list of strong
/// (`"v3"`) and weak (`W/"v3"`) tags.
package enum EntityTags {
    package enum Header: Equatable, Sendable {
        case any
        case tags([Tag])
    }

    package struct Tag: Equatable, Sendable {
        package var opaque: String
        package var isWeak: Bool
    }

    /// The header's tags; members that are not tags are left out (they match nothing).
    package static func parse(_ header: String) -> Header {
        let text = header.trimmingCharacters(in: .whitespaces)
        if text == "*" { return .any }
        var tags: [Tag] = []
        for member in text.split(separator: ",") {
            var value = member.trimmingCharacters(in: .whitespaces)
            let isWeak = value.hasPrefix("W/")
            if isWeak { value.removeFirst(2) }
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
            tags.append(Tag(opaque: String(value.dropFirst().dropLast()), isWeak: isWeak))
        }
        return .tags(tags)
    }

    /// What an `If-Match` on a write to a versioned record (`ETag: "v<version>"`) accepts; nil
    /// without the header (the write then needs one). Comparison is strong, so a weak tag
    /// matches no version.
    package static func writeCondition(ifMatch header: String?) -> VersionCondition? {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        switch parse(header) {
        case .any:
            return .any
        case .tags(let tags):
            return .oneOf(Set(tags.filter { !$0.isWeak && $0.opaque.hasPrefix("v") }.compactMap { Int($0.opaque.dropFirst()) }))
        }
    }

    /// Whether an `If-None-Match` names the current representation (weak comparison).
    package static func noneMatchHits(_ header: String?, etag opaque: String) -> Bool {
        guard let header else { return false }
        switch parse(header) {
        case .any: return true
        case .tags(let tags): return tags.contains { $0.opaque == opaque }
        }
    }
}
