/// Text as clients send it, judged the way PostgreSQL will store it.
package enum TextInput {
    /// The length PostgreSQL's `length()` and `varchar(n)` count: Unicode scalars (code points).
    /// Swift's `count` counts grapheme clusters: "a" with 199 combining marks is one of those and
    /// 200 of these.
    package static func length(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.count
    }

    /// Whether the text holds a NUL (PostgreSQL's `text` cannot store it) or another C0 control
    /// character; tab, line feed and carriage return are allowed.
    package static func hasControlCharacters(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { isForbidden($0) }
    }

    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r"
    }
}

/// Why a text cannot be taken.
package enum TextProblem: String, Sendable, Equatable {
    case controlCharacter = "control_character"
    case tooLong = "too_long"
    /// A tag with a comma: the trackers' files separate tags by commas.
    case comma
    case tooMany = "too_many"

    /// Control characters or more than `maxLength` scalars, if either.
    package static func of(_ text: some StringProtocol, maxLength: Int) -> TextProblem? {
        if TextInput.hasControlCharacters(text) { return .controlCharacter }
        if TextInput.length(text) > maxLength { return .tooLong }
        return nil
    }
}
