import StaffbookCore

/// The reference page's texts for people, in English and Czech.
enum DocsTexts {
    static let query = LocalizedText(
        en: "At most 100 characters, without control characters.", cs: "Nejvýše 100 znaků, bez řídicích znaků.")
}
