import StaffbookCore

/// The notifications area's texts, in English and Czech.
enum NotificationTexts {
    static let channel = LocalizedText(en: "One of email, chat, off, or null.", cs: "Jedna z hodnot email, chat, off, nebo null.")
    static let https = LocalizedText(en: "An https URL.", cs: "Adresa https.")
    static let publicHost = LocalizedText(
        en: "A public host, not a local or private address.", cs: "Veřejný server, ne místní nebo soukromá adresa."
    )
    static let webhookURL = LocalizedText(en: "An https URL without a user name or password.", cs: "Adresa https bez jména a hesla.")
    static let webhookRequired = LocalizedText(
        en: "A kind goes by chat: give the webhook it goes to.", cs: "Některý druh jde do chatu: uveďte webhook, kam má jít."
    )
}
