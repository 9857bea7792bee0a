import StaffbookCore

/// The personal access tokens' texts for people, in English and Czech.
enum PersonalTokenTexts {
    static let scopesRequired = LocalizedText(en: "Give at least one scope.", cs: "Zadejte alespoň jeden rozsah.")
    static let duplicateScopes = LocalizedText(en: "Each scope once.", cs: "Každý rozsah jen jednou.")
    static let tooManyScopes = LocalizedText(
        en: "At most \(TokenScope.allCases.count) scopes.", cs: "Nejvýše \(TokenScope.allCases.count) rozsahy."
    )
    static let expiryInFuture = LocalizedText(en: "Must be in the future.", cs: "Musí být v budoucnosti.")
    static let expiryTooFar = LocalizedText(en: "At most 5 years ahead.", cs: "Nejvýše 5 let dopředu.")
}
