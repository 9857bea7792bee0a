import Foundation

/// The markup of one row a page repeats many times (the month's fifty invoices), with plain
/// values only: `{{name}}` is the value escaped, `{{{name}}}` the value as it is (markup this
/// desk made from escaped parts). No sections, partials or lookups through parents, which is
/// what makes it cheap: Mustache finds each value of each row through a stack of `Any` and casts
/// it to learn what it is, which was most of a month page's server time.
struct RowTemplate: Sendable {
    private enum Part: Sendable {
        case text(String)
        case escaped(String)
        case raw(String)
    }

    private let parts: [Part]

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses the markup once. Anything but a plain name between the braces (a section, a
    /// comment, a partial) is refused here, when the desk starts, rather than shown as text.
    init(_ source: String) throws {
        var parts: [Part] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.text(String(rest[..<open.lowerBound]))) }
            let after = rest[open.upperBound...]
            let raw = after.first == "{"
            let closing = raw ? "}}}" : "}}"
            let nameStart = raw ? after.index(after: after.startIndex) : after.startIndex
            guard let close = after.range(of: closing) else { throw Malformed(description: "unclosed value in a row") }
            let name = after[nameStart..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw Malformed(description: "a row has only plain values, not '\(name)'")
            }
            parts.append(raw ? .raw(name) : .escaped(name))
            rest = after[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// The row with `values` filled in; a name without a value writes nothing.
    func render(_ values: [String: String], into html: inout String) {
        for part in parts {
            switch part {
            case .text(let text): html += text
            case .escaped(let name): values[name].map { Self.escape($0, into: &html) }
            case .raw(let name): values[name].map { html += $0 }
            }
        }
    }

    /// Escapes what Mustache escapes (`& < > " '`), reading bytes rather than characters: each
    /// of the five is one ASCII byte, which never occurs inside another character's UTF-8.
    static func escape(_ text: String, into html: inout String) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let replacement: String
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                html += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                html += replacement
                start = index + 1
            }
            html += String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
        }
    }

    static func escaped(_ text: String) -> String {
        var html = ""
        html.reserveCapacity(text.utf8.count)
        escape(text, into: &html)
        return html
    }
}
