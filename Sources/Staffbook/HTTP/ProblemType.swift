import HTTPTypes

/// The stable problem `type`s this API answers with (RFC 9457); the README lists them.
public enum ProblemType: String, Sendable, CaseIterable {
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case malformedRequest = "malformed-request"
    case validationFailed = "validation-failed"
    case payloadTooLarge = "payload-too-large"
    case unsupportedMediaType = "unsupported-media-type"
    case notAcceptable = "not-acceptable"
    case unauthenticated = "unauthenticated"
    case signInFailed = "sign-in-failed"
    case tooManyAttempts = "too-many-attempts"
    case emailTaken = "email-taken"
    case teamNameTaken = "team-name-taken"
    case contractOverlap = "contract-overlap"
    case rateDateTaken = "rate-date-taken"
    case rateInEffect = "rate-in-effect"
    case cannotDeactivateSelf = "cannot-deactivate-self"
    case preconditionRequired = "precondition-required"
    case preconditionFailed = "precondition-failed"
    case serviceUnavailable = "service-unavailable"
    case internalError = "internal-error"

    /// A URN rather than a URL: stable, and no promise of a page behind it.
    public var uri: String { "urn:staffbook:problem:\(rawValue)" }

    public var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .malformedRequest: .badRequest
        case .validationFailed: .badRequest
        case .payloadTooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .notAcceptable: .notAcceptable
        case .unauthenticated: .unauthorized
        case .signInFailed: .unauthorized
        case .tooManyAttempts: .tooManyRequests
        case .emailTaken, .teamNameTaken, .contractOverlap, .rateDateTaken, .rateInEffect, .cannotDeactivateSelf: .conflict
        case .preconditionRequired: .init(code: 428, reasonPhrase: "Precondition Required")
        case .preconditionFailed: .preconditionFailed
        case .serviceUnavailable: .serviceUnavailable
        case .internalError: .internalServerError
        }
    }

    public var title: LocalizedText {
        switch self {
        case .notFound: LocalizedText(en: "Not found", cs: "Nenalezeno")
        case .methodNotAllowed: LocalizedText(en: "Method not allowed", cs: "Metoda není povolena")
        case .malformedRequest: LocalizedText(en: "Malformed request", cs: "Chybně utvořený požadavek")
        case .validationFailed: LocalizedText(en: "Invalid input", cs: "Neplatný vstup")
        case .payloadTooLarge: LocalizedText(en: "Request body too large", cs: "Tělo požadavku je příliš velké")
        case .unsupportedMediaType: LocalizedText(en: "Unsupported media type", cs: "Nepodporovaný typ obsahu")
        case .notAcceptable: LocalizedText(en: "Not acceptable", cs: "Nepřijatelný formát odpovědi")
        case .unauthenticated: LocalizedText(en: "Not signed in", cs: "Nepřihlášeno")
        case .signInFailed: LocalizedText(en: "Sign-in failed", cs: "Přihlášení se nezdařilo")
        case .tooManyAttempts: LocalizedText(en: "Too many attempts", cs: "Příliš mnoho pokusů")
        case .emailTaken: LocalizedText(en: "E-mail already used", cs: "E-mail je již použit")
        case .teamNameTaken: LocalizedText(en: "Team name already used", cs: "Název týmu je již použit")
        case .contractOverlap: LocalizedText(en: "Contracts overlap", cs: "Smlouvy se překrývají")
        case .rateDateTaken: LocalizedText(en: "Rate already set for this date", cs: "Sazba pro toto datum již existuje")
        case .rateInEffect: LocalizedText(en: "Rate already in effect", cs: "Sazba již platí")
        case .cannotDeactivateSelf: LocalizedText(en: "Cannot deactivate yourself", cs: "Nelze deaktivovat sám sebe")
        case .preconditionRequired: LocalizedText(en: "If-Match required", cs: "Chybí If-Match")
        case .preconditionFailed: LocalizedText(en: "Changed meanwhile", cs: "Mezitím změněno")
        case .serviceUnavailable: LocalizedText(en: "Service unavailable", cs: "Služba je nedostupná")
        case .internalError: LocalizedText(en: "Internal error", cs: "Vnitřní chyba")
        }
    }

    /// The detail used when the code raising the problem has nothing more specific to say.
    public var defaultDetail: LocalizedText {
        switch self {
        case .notFound:
            LocalizedText(en: "Nothing exists at this address.", cs: "Na této adrese nic není.")
        case .methodNotAllowed:
            LocalizedText(
                en: "This address does not accept this method; see the Allow header.",
                cs: "Tato adresa tuto metodu nepřijímá; povolené metody uvádí hlavička Allow."
            )
        case .malformedRequest:
            LocalizedText(en: "The request could not be read.", cs: "Požadavek nelze přečíst.")
        case .validationFailed:
            LocalizedText(en: "Some fields are invalid; see errors.", cs: "Některá pole jsou neplatná; viz errors.")
        case .payloadTooLarge:
            LocalizedText(en: "The request body is larger than allowed.", cs: "Tělo požadavku je větší, než je povoleno.")
        case .unsupportedMediaType:
            LocalizedText(en: "This content type is not accepted here.", cs: "Tento typ obsahu zde není přijímán.")
        case .notAcceptable:
            LocalizedText(
                en: "None of the media types in Accept can be produced.",
                cs: "Žádný z typů v hlavičce Accept nelze vytvořit."
            )
        case .unauthenticated:
            LocalizedText(
                en: "Send a valid access token in the Authorization header; refresh it if it has expired.",
                cs: "Pošlete platný přístupový token v hlavičce Authorization; pokud vypršel, obnovte ho."
            )
        case .signInFailed:
            LocalizedText(
                en: "These credentials were not accepted.",
                cs: "Tyto přihlašovací údaje nebyly přijaty."
            )
        case .tooManyAttempts:
            LocalizedText(
                en: "Too many failed sign-ins; try again after the time in Retry-After.",
                cs: "Příliš mnoho neúspěšných přihlášení; zkuste to znovu po době uvedené v Retry-After."
            )
        case .emailTaken:
            LocalizedText(en: "Another account uses this work e-mail.", cs: "Tento pracovní e-mail používá jiný účet.")
        case .teamNameTaken:
            LocalizedText(en: "Another team has this name.", cs: "Tento název má jiný tým.")
        case .contractOverlap:
            LocalizedText(en: "The contract overlaps another contract of this person.", cs: "Smlouva se překrývá s jinou smlouvou této osoby.")
        case .rateDateTaken:
            LocalizedText(en: "This person already has a rate from this date.", cs: "Tato osoba již má sazbu od tohoto data.")
        case .rateInEffect:
            LocalizedText(
                en: "Only a rate that has not taken effect yet can be deleted; add a new rate instead.",
                cs: "Smazat lze jen sazbu, která ještě neplatí; místo toho přidejte novou sazbu."
            )
        case .cannotDeactivateSelf:
            LocalizedText(en: "An admin cannot deactivate their own account.", cs: "Správce nemůže deaktivovat vlastní účet.")
        case .preconditionRequired:
            LocalizedText(
                en: "Send the ETag you read in an If-Match header, so that no one's change is overwritten.",
                cs: "Pošlete přečtený ETag v hlavičce If-Match, aby nebyla přepsána cizí změna."
            )
        case .preconditionFailed:
            LocalizedText(
                en: "Someone changed this since you read it; read it again and retry.",
                cs: "Někdo to mezitím změnil; načtěte to znovu a zkuste to znovu."
            )
        case .serviceUnavailable:
            LocalizedText(
                en: "The service cannot answer right now; try again shortly.",
                cs: "Služba teď nemůže odpovědět; zkuste to za chvíli znovu."
            )
        case .internalError:
            LocalizedText(
                en: "Something went wrong on our side; quote the request id when reporting it.",
                cs: "Něco se pokazilo na naší straně; při nahlášení uveďte identifikátor požadavku."
            )
        }
    }
}
