import StaffbookCore

/// Texts for people about a request as a whole (its framing, its body, the service), in English
/// and Czech.
enum RequestTexts {
    static let framing = LocalizedText(
        en: "The request's HTTP framing could not be read (for example a malformed chunk).",
        cs: "Rámování HTTP požadavku nelze přečíst (například chybný blok chunked).")
    static let cannotStore = LocalizedText(en: "This value cannot be stored.", cs: "Tuto hodnotu nelze uložit.")
    static let malformedQuery = LocalizedText(en: "The query string is malformed.", cs: "Řetězec dotazu je poškozený.")
    static let required = LocalizedText(en: "This field is required.", cs: "Toto pole je povinné.")
    static let notNull = LocalizedText(en: "This field must not be null.", cs: "Toto pole nesmí být null.")
    static func type(_ name: String) -> LocalizedText {
        LocalizedText(en: "Expected a value of type \(name).", cs: "Očekávána hodnota typu \(name).")
    }
    static let dateTimeRange = LocalizedText(en: "A date-time between 1900 and 2200.", cs: "Datum a čas mezi lety 1900 a 2200.")
    static let dateTime = LocalizedText(en: "A date-time as RFC 3339.", cs: "Datum a čas podle RFC 3339.")
    static let notJSON = LocalizedText(en: "The body is not valid JSON.", cs: "Tělo není platný JSON.")
    static let unknownField = LocalizedText(en: "This field is not part of the request.", cs: "Toto pole do požadavku nepatří.")
    static let invalidValue = LocalizedText(en: "This value is not valid here.", cs: "Tato hodnota zde není platná.")
    static let unreadableBody = LocalizedText(en: "The body could not be read.", cs: "Tělo nelze přečíst.")
    static let busy = LocalizedText(
        en: "The server is reading as many documents as it takes at once; try again in a few seconds.",
        cs: "Server právě čte tolik dokumentů, kolik najednou zvládne; zkuste to za několik sekund znovu.")
    static let databaseDown = LocalizedText(en: "The database does not answer.", cs: "Databáze neodpovídá.")
    static let hostHeader = LocalizedText(
        en: "An HTTP/1.1 request needs exactly one Host header.", cs: "Požadavek HTTP/1.1 potřebuje právě jednu hlavičku Host.")
    static func bodyTooLarge(_ bytes: Int) -> LocalizedText {
        LocalizedText(en: "The request body is larger than the allowed \(bytes) bytes.", cs: "Tělo požadavku je větší než povolených \(bytes) bajtů.")
    }
}
