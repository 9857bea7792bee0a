import StaffbookCore

/// The sign-in area's texts for people, in English and Czech.
enum AuthTexts {
    static let googleTokenRefused = LocalizedText(en: "The Google ID token was not accepted.", cs: "Token Google ID nebyl přijat.")
    static let noActiveGoogleAccount = LocalizedText(
        en: "No active Staffbook account uses this Google address.", cs: "Žádný aktivní účet Staffbooku tuto adresu Google nepoužívá."
    )
    static let googleKeysUnavailable = LocalizedText(
        en: "Google's signing keys cannot be fetched right now; try again shortly.",
        cs: "Podpisové klíče Googlu teď nelze načíst; zkuste to za chvíli."
    )
    static let secondStepRefused = LocalizedText(
        en: "The code was not accepted, or this sign-in has expired; sign in with your password again if it has.",
        cs: "Kód nebyl přijat, nebo toto přihlášení vypršelo; v tom případě se znovu přihlaste heslem."
    )
    static let invalidLink = LocalizedText(
        en: "This link is not valid: it may have been used already or have expired. Ask for a new one.",
        cs: "Tento odkaz neplatí: možná už byl použit nebo vypršel. Požádejte o nový."
    )
    static let noSuchSession = LocalizedText(
        en: "You have no active session with this id.", cs: "Nemáte žádnou aktivní relaci s tímto identifikátorem."
    )

    static let personalTokenRefused = LocalizedText(
        en: "This personal access token is not accepted: it was revoked, has expired or was mistyped. Create a new one.",
        cs: "Tento osobní klíč není přijat: byl zrušen, vypršel nebo je chybně opsaný. Vytvořte nový."
    )

    static let sessionOnly = LocalizedText(
        en: "Personal access tokens cannot do this; sign in.", cs: "Osobní klíče tohle neumějí; přihlaste se."
    )

    static func needsScope(_ names: [String]) -> LocalizedText {
        LocalizedText(
            en: "This key needs the scope \(names.joined(separator: " or ")).",
            cs: "Tento klíč potřebuje rozsah \(names.joined(separator: " nebo "))."
        )
    }
}
