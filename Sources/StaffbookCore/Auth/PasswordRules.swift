/// What a password may be. bcrypt reads only the first 72 bytes of a password and stops at a
/// NUL, so longer passwords and control characters are refused where a password is set (rather
/// than pre-hashed): every byte of a password that is accepted counts.
package enum PasswordRules {
    package static let minimumLength = 12
    package static let maximumBytes = 72

    package enum Problem: Equatable, Sendable {
        case tooShort
        case tooLong
        case controlCharacter
        /// One of the most common passwords (or one of them followed by digits), or one
        /// character repeated: the first guesses of anyone trying.
        case common
    }

    /// Why `password` cannot be set; nil when it can. `isCommon` tells whether a lower-case
    /// text is on the list of common passwords.
    package static func problem(_ password: String, isCommon: (String) -> Bool = { _ in false }) -> Problem? {
        if TextInput.hasControlCharacters(password) { return .controlCharacter }
        if password.utf8.count > maximumBytes { return .tooLong }
        if password.count < minimumLength { return .tooShort }
        if Set(password).count == 1 || commonForms(password).contains(where: isCommon) { return .common }
        return nil
    }

    /// The forms of a password looked up in the common list: as typed in lower case, and
    /// without the digits people append to a common one (`password1234`).
    package static func commonForms(_ password: String) -> [String] {
        let lower = password.lowercased()
        var stem = lower
        while let last = stem.last, last.isASCII, last.isNumber { stem.removeLast() }
        return stem == lower || stem.isEmpty ? [lower] : [lower, stem]
    }

    /// Whether a password offered at sign-in could be one we accepted when it was set. A longer
    /// one would be cut to its first 72 bytes and match the password they spell.
    package static func isAcceptable(atSignIn password: String) -> Bool {
        password.utf8.count <= maximumBytes && !password.unicodeScalars.contains("\u{0}")
    }
}
