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
    }

    /// Why `password` cannot be set; nil when it can.
    package static func problem(_ password: String) -> Problem? {
        if TextInput.hasControlCharacters(password) { return .controlCharacter }
        if password.utf8.count > maximumBytes { return .tooLong }
        if password.count < minimumLength { return .tooShort }
        return nil
    }

    /// Whether a password offered at sign-in could be one we accepted when it was set. A longer
    /// one would be cut to its first 72 bytes and match the password they spell.
    package static func isAcceptable(atSignIn password: String) -> Bool {
        password.utf8.count <= maximumBytes && !password.unicodeScalars.contains("\u{0}")
    }
}
