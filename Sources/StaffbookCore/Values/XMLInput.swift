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
    }

    /// Why `bytes` may not be parsed, or nil when they may.
    package static func screen(_ bytes: Data) -> Refusal? {
        if bytes.range(of: Data("<!DOCTYPE".utf8)) != nil || bytes.range(of: Data("<!ENTITY".utf8)) != nil {
            return .declarations
        }
        guard let text = String(validating: bytes, as: UTF8.self), declaresUTF8(text), !hasInstructions(text) else {
            return .unreadable
        }
        return nil
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
