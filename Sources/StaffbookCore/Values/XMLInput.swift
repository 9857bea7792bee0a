import Foundation

/// What an XML document from outside must be before FoundationXML's parser sees it. The parser
/// traps on a name that is not valid UTF-8, reads a null pointer for an instruction without
/// data, and would expand entities: so only UTF-8, no declarations and no instructions pass.
package enum XMLInput {
    package enum Refusal: Sendable, Equatable {
        /// A DOCTYPE or an entity declaration: refused unread (no entities, no external resources).
        case declarations
        /// Not valid UTF-8, another declared encoding, or a processing instruction.
        case unreadable
        /// A tag beyond what any real document holds: too many attributes, or too long a name.
        /// The parser's own checks of such tags are quadratic.
        case tooComplex
    }

    /// Attributes on one element: real documents carry a handful (namespaces included).
    package static let maximumAttributes = 64
    /// Bytes of an element's name, prefix included.
    package static let maximumNameLength = 256

    /// Why `bytes` may not be parsed, or nil when they may.
    package static func screen(_ bytes: Data) -> Refusal? {
        if bytes.range(of: Data("<!DOCTYPE".utf8)) != nil || bytes.range(of: Data("<!ENTITY".utf8)) != nil {
            return .declarations
        }
        guard let text = String(validating: bytes, as: UTF8.self), declaresUTF8(text), !hasInstructions(text) else {
            return .unreadable
        }
        guard tagsWithinLimits(bytes) else { return .tooComplex }
        return nil
    }

    /// Every tag within `maximumAttributes` and `maximumNameLength`, in one pass over the bytes:
    /// comments, CDATA sections, instructions and quoted values are skipped, as the parser skips
    /// them.
    static func tagsWithinLimits(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var scanner = TagScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.withinLimits()
        }
    }

    private struct TagScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        static let comment = Array("<!--".utf8), commentEnd = Array("-->".utf8)
        static let cdata = Array("<![CDATA[".utf8), cdataEnd = Array("]]>".utf8)
        static let instructionEnd = Array("?>".utf8)

        mutating func withinLimits() -> Bool {
            let n = bytes.count
            while i < n {
                guard bytes[i] == UInt8(ascii: "<") else {
                    i += 1
                    continue
                }
                if starts(Self.comment) {
                    skip(past: Self.commentEnd, from: i + Self.comment.count)
                } else if starts(Self.cdata) {
                    skip(past: Self.cdataEnd, from: i + Self.cdata.count)
                } else if i + 1 < n, bytes[i + 1] == UInt8(ascii: "?") {
                    skip(past: Self.instructionEnd, from: i + 2)
                } else if i + 1 < n, bytes[i + 1] == UInt8(ascii: "!") {
                    skip(to: UInt8(ascii: ">"), from: i + 2)
                } else if !tagWithinLimits() {
                    return false
                }
            }
            return true
        }

        /// A start or end tag from its `<`: its name, then attributes until `>`.
        private mutating func tagWithinLimits() -> Bool {
            let n = bytes.count
            i += 1
            let nameStart = i
            while i < n, !Self.endsName(bytes[i]) || (i == nameStart && bytes[i] == UInt8(ascii: "/")) { i += 1 }
            if i - nameStart > maximumNameLength { return false }
            var attributes = 0
            while i < n, bytes[i] != UInt8(ascii: ">") {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    skip(to: byte, from: i + 1)
                    continue
                }
                if byte == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > maximumAttributes { return false }
                }
                i += 1
            }
            i += 1
            return true
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private func starts(_ text: [UInt8]) -> Bool {
            guard i + text.count <= bytes.count else { return false }
            for k in 0..<text.count where bytes[i + k] != text[k] { return false }
            return true
        }

        /// Moves past the first `terminator` at or after `start` (to the end when there is none).
        private mutating func skip(past terminator: [UInt8], from start: Int) {
            i = start
            while i + terminator.count <= bytes.count {
                if starts(terminator) {
                    i += terminator.count
                    return
                }
                i += 1
            }
            i = bytes.count
        }

        private mutating func skip(to byte: UInt8, from start: Int) {
            i = start
            while i < bytes.count, bytes[i] != byte { i += 1 }
            i += 1
        }
    }

    /// A processing instruction, or an XML declaration not in its exact form (which the parser
    /// reads as one).
    static func hasInstructions(_ text: String) -> Bool {
        var rest = Substring(text.drop { $0 == "\u{FEFF}" || $0.isWhitespace })
        if let declaration = rest.prefixMatch(of: xmlDeclaration) { rest = rest[declaration.range.upperBound...] }
        return rest.contains("<?")
    }

    /// The XML declaration with its version and optional encoding and standalone, nothing else.
    nonisolated(unsafe) private static let xmlDeclaration =
        /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*("1\.[0-9]"|'1\.[0-9]')([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*("[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*("(yes|no)"|'(yes|no)'))?[ \t\r\n]*\?>/

    /// No XML declaration, or one naming UTF-8 (or no encoding).
    static func declaresUTF8(_ text: String) -> Bool {
        let head = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return true }
        let declaration = head[..<end.lowerBound].lowercased()
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        return value.hasPrefix("utf-8") || value.hasPrefix("utf8")
    }
}
