/// What an e-mail address a person types must look like before it is stored or looked up. The
/// store compares addresses in one normal form (NFKC, then PostgreSQL's lower-casing); this only
/// refuses what cannot be an address.
package enum EmailAddress {
    package static let maximumLength = 254

    package static func isPlausible(_ text: String) -> Bool {
        guard TextInput.length(text) <= maximumLength, !TextInput.hasControlCharacters(text) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !text.contains(where: { $0.isWhitespace })
    }
}
