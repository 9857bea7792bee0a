import HTTPTypes
import StaffbookCore

/// The stable problem `type`s this API answers with (RFC 9457); the reference page (`/docs`) lists them.
enum ProblemType: String, Sendable, CaseIterable {
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
    case rateSuperseded = "rate-superseded"
    case linkExpired = "link-expired"
    case cannotDeactivateSelf = "cannot-deactivate-self"
    case preconditionRequired = "precondition-required"
    case invoiceLocked = "invoice-locked"
    case invalidTransition = "invalid-transition"
    case idempotencyKeyInUse = "idempotency-key-in-use"
    case idempotencyKeyReused = "idempotency-key-reused"
    case noContractorContract = "no-contractor-contract"
    case futurePeriod = "future-period"
    case notAPDF = "not-a-pdf"
    case invalidPDF = "invalid-pdf"
    case noStatementContract = "no-statement-contract"
    case timeEntryOverlap = "time-entry-overlap"
    case periodLocked = "period-locked"
    case projectUnavailable = "project-unavailable"
    case clientNameTaken = "client-name-taken"
    case projectNameTaken = "project-name-taken"
    case timerRunning = "timer-running"
    case insufficientScope = "insufficient-scope"
    case rateLimited = "rate-limited"
    case uploadQuota = "upload-quota"
    case tooManyTokens = "too-many-tokens"
    case awaitingSecondAdmin = "awaiting-second-admin"
    case ownPaymentRun = "own-payment-run"
    case cursorExpired = "cursor-expired"
    case personStillActive = "person-still-active"
    case pushNotConfigured = "push-not-configured"
    case pushRegisteredToAnother = "push-registered-to-another"
    case ownRequest = "own-request"
    case notASecondAdmin = "not-a-second-admin"
    case secondFactorActive = "second-factor-active"
    case noSecondFactor = "no-second-factor"
    case codeRefused = "code-refused"
    case cannotResetOwnSecondFactor = "cannot-reset-own-second-factor"
    case absenceOverlap = "absence-overlap"
    case absenceBalanceExceeded = "absence-balance-exceeded"
    case timeEntryOnAbsence = "time-entry-on-absence"
    case notATimeFile = "not-a-time-file"
    case invalidIsdoc = "invalid-isdoc"
    case checksNeedAttention = "checks-need-attention"
    case invoiceInPaymentRun = "invoice-in-payment-run"
    case paymentsNotConfigured = "payments-not-configured"
    case nothingToPay = "nothing-to-pay"
    case unwritableBankFile = "unwritable-bank-file"
    case invalidBankStatement = "invalid-bank-statement"
    case bankStatementOfAnotherAccount = "bank-statement-of-another-account"
    case preconditionFailed = "precondition-failed"
    case serviceUnavailable = "service-unavailable"
    case internalError = "internal-error"

    /// A URN rather than a URL: stable, and no promise of a page behind it.
    var uri: String { "urn:staffbook:problem:\(rawValue)" }

    /// Everything a type says about itself, in one place: its status, its title, and the detail
    /// used when the code raising it has nothing more specific to say (both in English and
    /// Czech). A new type is its case above and its entry here.
    struct Entry {
        let status: HTTPResponse.Status
        let title: LocalizedText
        let detail: LocalizedText
    }

    var status: HTTPResponse.Status { entry.status }
    var title: LocalizedText { entry.title }
    var defaultDetail: LocalizedText { entry.detail }

    var entry: Entry {
        switch self {
        case .notFound:
            Entry(
                status: .notFound, title: LocalizedText(en: "Not found", cs: "Nenalezeno"),
                detail: LocalizedText(en: "Nothing exists at this address.", cs: "Na této adrese nic není."))
        case .methodNotAllowed:
            Entry(
                status: .methodNotAllowed, title: LocalizedText(en: "Method not allowed", cs: "Metoda není povolena"),
                detail: LocalizedText(
                    en: "This address does not accept this method; see the Allow header.",
                    cs: "Tato adresa tuto metodu nepřijímá; povolené metody uvádí hlavička Allow."))
        case .malformedRequest:
            Entry(
                status: .badRequest, title: LocalizedText(en: "Malformed request", cs: "Chybně utvořený požadavek"),
                detail: LocalizedText(en: "The request could not be read.", cs: "Požadavek nelze přečíst."))
        case .validationFailed:
            Entry(
                status: .badRequest, title: LocalizedText(en: "Invalid input", cs: "Neplatný vstup"),
                detail: LocalizedText(en: "Some fields are invalid; see errors.", cs: "Některá pole jsou neplatná; viz errors."))
        case .payloadTooLarge:
            Entry(
                status: .contentTooLarge, title: LocalizedText(en: "Request body too large", cs: "Tělo požadavku je příliš velké"),
                detail: LocalizedText(en: "The request body is larger than allowed.", cs: "Tělo požadavku je větší, než je povoleno."))
        case .unsupportedMediaType:
            Entry(
                status: .unsupportedMediaType, title: LocalizedText(en: "Unsupported media type", cs: "Nepodporovaný typ obsahu"),
                detail: LocalizedText(en: "This content type is not accepted here.", cs: "Tento typ obsahu zde není přijímán."))
        case .notAcceptable:
            Entry(
                status: .notAcceptable, title: LocalizedText(en: "Not acceptable", cs: "Nepřijatelný formát odpovědi"),
                detail: LocalizedText(en: "None of the media types in Accept can be produced.", cs: "Žádný z typů v hlavičce Accept nelze vytvořit."))
        case .unauthenticated:
            Entry(
                status: .unauthorized, title: LocalizedText(en: "Not signed in", cs: "Nepřihlášeno"),
                detail: LocalizedText(
                    en: "Send a valid access token in the Authorization header; refresh it if it has expired.",
                    cs: "Pošlete platný přístupový token v hlavičce Authorization; pokud vypršel, obnovte ho."))
        case .signInFailed:
            Entry(
                status: .unauthorized, title: LocalizedText(en: "Sign-in failed", cs: "Přihlášení se nezdařilo"),
                detail: LocalizedText(en: "These credentials were not accepted.", cs: "Tyto přihlašovací údaje nebyly přijaty."))
        case .tooManyAttempts:
            Entry(
                status: .tooManyRequests, title: LocalizedText(en: "Too many attempts", cs: "Příliš mnoho pokusů"),
                detail: LocalizedText(
                    en: "Too many failed sign-ins; try again after the time in Retry-After.",
                    cs: "Příliš mnoho neúspěšných přihlášení; zkuste to znovu po době uvedené v Retry-After."))
        case .emailTaken:
            Entry(
                status: .conflict, title: LocalizedText(en: "E-mail already used", cs: "E-mail je již použit"),
                detail: LocalizedText(en: "Another account uses this work e-mail.", cs: "Tento pracovní e-mail používá jiný účet."))
        case .teamNameTaken:
            Entry(
                status: .conflict, title: LocalizedText(en: "Team name already used", cs: "Název týmu je již použit"),
                detail: LocalizedText(en: "Another team has this name.", cs: "Tento název má jiný tým."))
        case .contractOverlap:
            Entry(
                status: .conflict, title: LocalizedText(en: "Contracts overlap", cs: "Smlouvy se překrývají"),
                detail: LocalizedText(
                    en: "The contract overlaps another contract of this person.", cs: "Smlouva se překrývá s jinou smlouvou této osoby."))
        case .rateDateTaken:
            Entry(
                status: .conflict, title: LocalizedText(en: "Rate already set for this date", cs: "Sazba pro toto datum již existuje"),
                detail: LocalizedText(en: "This person already has a rate from this date.", cs: "Tato osoba již má sazbu od tohoto data."))
        case .rateInEffect:
            Entry(
                status: .conflict, title: LocalizedText(en: "Rate already in effect", cs: "Sazba již platí"),
                detail: LocalizedText(
                    en: "Only a rate that has not taken effect yet can be deleted; correct it, or add a new rate instead.",
                    cs: "Smazat lze jen sazbu, která ještě neplatí; opravte ji, nebo přidejte novou sazbu."))
        case .rateSuperseded:
            Entry(
                status: .conflict, title: LocalizedText(en: "Rate already corrected", cs: "Sazba již byla opravena"),
                detail: LocalizedText(
                    en: "This rate was replaced by a correction; correct the correction instead.",
                    cs: "Tuto sazbu nahradila oprava; opravte raději tu."))
        case .linkExpired:
            Entry(
                status: .gone, title: LocalizedText(en: "Link expired", cs: "Platnost odkazu vypršela"),
                detail: LocalizedText(en: "This link has expired; ask for a new one.", cs: "Platnost tohoto odkazu vypršela; vyžádejte si nový."))
        case .cannotDeactivateSelf:
            Entry(
                status: .conflict, title: LocalizedText(en: "Cannot deactivate yourself", cs: "Nelze deaktivovat sám sebe"),
                detail: LocalizedText(en: "An admin cannot deactivate their own account.", cs: "Správce nemůže deaktivovat vlastní účet."))
        case .preconditionRequired:
            Entry(
                status: .init(code: 428, reasonPhrase: "Precondition Required"), title: LocalizedText(en: "If-Match required", cs: "Chybí If-Match"),
                detail: LocalizedText(
                    en: "Send the ETag you read in an If-Match header, so that no one's change is overwritten.",
                    cs: "Pošlete přečtený ETag v hlavičce If-Match, aby nebyla přepsána cizí změna."))
        case .invoiceLocked:
            Entry(
                status: .conflict, title: LocalizedText(en: "Invoice locked", cs: "Faktura je uzamčena"),
                detail: LocalizedText(
                    en: "This invoice is approved or paid and can no longer be replaced.",
                    cs: "Tato faktura je schválená nebo zaplacená a už ji nelze nahradit."))
        case .invalidTransition:
            Entry(
                status: .conflict, title: LocalizedText(en: "Action not allowed now", cs: "Akce teď není povolena"),
                detail: LocalizedText(en: "This action is not allowed in the invoice's state.", cs: "Tato akce není ve stavu faktury povolena."))
        case .idempotencyKeyInUse:
            Entry(
                status: .conflict, title: LocalizedText(en: "Request still running", cs: "Požadavek stále běží"),
                detail: LocalizedText(
                    en: "A request with this Idempotency-Key has not finished yet; retry shortly.",
                    cs: "Požadavek s tímto Idempotency-Key ještě neskončil; zkuste to za chvíli."))
        case .idempotencyKeyReused:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Idempotency-Key reused", cs: "Idempotency-Key použit znovu"),
                detail: LocalizedText(
                    en: "This Idempotency-Key was used for a different request; use a new key for a new request.",
                    cs: "Tento Idempotency-Key byl použit pro jiný požadavek; pro nový požadavek použijte nový klíč."))
        case .noContractorContract:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "No contractor contract", cs: "Chybí smlouva IČO"),
                detail: LocalizedText(
                    en: "You had no contractor (ICO) contract in this month, so there is no invoice to upload.",
                    cs: "V tomto měsíci jste neměli smlouvu na IČO, takže není co nahrát."))
        case .futurePeriod:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Month not begun", cs: "Měsíc ještě nezačal"),
                detail: LocalizedText(
                    en: "Invoices can be uploaded from the month they are for.", cs: "Fakturu lze nahrát nejdříve v měsíci, za který je."))
        case .notAPDF:
            Entry(
                status: .unsupportedMediaType, title: LocalizedText(en: "Not a PDF", cs: "Nejde o PDF"),
                detail: LocalizedText(en: "The file is not a PDF.", cs: "Soubor není PDF."))
        case .invalidPDF:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Damaged PDF", cs: "Poškozené PDF"),
                detail: LocalizedText(
                    en: "The file starts like a PDF but is incomplete (no %%EOF trailer).",
                    cs: "Soubor začíná jako PDF, ale je neúplný (chybí závěrečné %%EOF)."))
        case .noStatementContract:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "No employment contract", cs: "Chybí pracovní smlouva"),
                detail: LocalizedText(
                    en: "Hours were given for someone without an HPP, DPP or DPC contract in this month.",
                    cs: "Hodiny byly zadány pro někoho, kdo v tomto měsíci neměl smlouvu HPP, DPP ani DPC."))
        case .timeEntryOverlap:
            Entry(
                status: .conflict, title: LocalizedText(en: "Overlapping time", cs: "Překrývající se čas"),
                detail: LocalizedText(en: "You already have time recorded then.", cs: "V tu dobu už máte zaznamenaný čas."))
        case .periodLocked:
            Entry(
                status: .conflict, title: LocalizedText(en: "Month settled", cs: "Měsíc je uzavřen"),
                detail: LocalizedText(
                    en: "The month's invoice or statement is approved: its time entries can no longer be changed.",
                    cs: "Faktura nebo výkaz za měsíc je schválen: jeho záznamy času už nelze měnit."))
        case .projectUnavailable:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Project not available", cs: "Projekt není k dispozici"),
                detail: LocalizedText(
                    en: "The project is inactive or not open to your teams.", cs: "Projekt není aktivní nebo není otevřen vašim týmům."))
        case .clientNameTaken:
            Entry(
                status: .conflict, title: LocalizedText(en: "Client name already used", cs: "Název klienta je již použit"),
                detail: LocalizedText(en: "Another client has this name.", cs: "Tento název má jiný klient."))
        case .projectNameTaken:
            Entry(
                status: .conflict, title: LocalizedText(en: "Project name already used", cs: "Název projektu je již použit"),
                detail: LocalizedText(en: "This client has another project with this name.", cs: "Tento klient má jiný projekt s tímto názvem."))
        case .timerRunning:
            Entry(
                status: .conflict, title: LocalizedText(en: "Timer running", cs: "Časovač běží"),
                detail: LocalizedText(
                    en: "This is the running timer: stop or cancel it through the timer.",
                    cs: "Toto je běžící časovač: zastavte ho nebo zrušte přes časovač."))
        case .insufficientScope:
            Entry(
                status: .forbidden, title: LocalizedText(en: "Outside the key's scopes", cs: "Mimo rozsah klíče"),
                detail: LocalizedText(
                    en: "This personal access token's scopes do not cover the operation; sign in, or use a key with the scope named.",
                    cs: "Rozsah tohoto osobního klíče operaci nepokrývá; přihlaste se, nebo použijte klíč s uvedeným rozsahem."))
        case .rateLimited:
            Entry(
                status: .tooManyRequests, title: LocalizedText(en: "Too many requests", cs: "Příliš mnoho požadavků"),
                detail: LocalizedText(
                    en: "This key has made its requests of this minute; try again after the time in Retry-After.",
                    cs: "Tento klíč vyčerpal požadavky této minuty; zkuste to znovu po době uvedené v Retry-After."))
        case .uploadQuota:
            Entry(
                status: .tooManyRequests, title: LocalizedText(en: "Upload limit reached", cs: "Limit nahrávání vyčerpán"),
                detail: LocalizedText(
                    en: "You have uploaded as much as you may for now; try again after the time in Retry-After.",
                    cs: "Nahráli jste zatím tolik, kolik smíte; zkuste to znovu po době uvedené v Retry-After."))
        case .tooManyTokens:
            Entry(
                status: .conflict, title: LocalizedText(en: "Too many keys", cs: "Příliš mnoho klíčů"),
                detail: LocalizedText(
                    en: "You have the most personal access tokens allowed; revoke one you no longer use.",
                    cs: "Máte nejvyšší povolený počet osobních klíčů; zrušte některý, který už nepoužíváte."))
        case .awaitingSecondAdmin:
            Entry(
                status: .conflict, title: LocalizedText(en: "Waiting for a second admin", cs: "Čeká na druhého admina"),
                detail: LocalizedText(
                    en: "This run's file is released once another admin, not the one who made it, approves the run.",
                    cs: "Soubor této dávky bude k dispozici, až dávku schválí jiný admin než ten, kdo ji vytvořil."))
        case .pushNotConfigured:
            Entry(
                status: .conflict, title: LocalizedText(en: "Push is not set up", cs: "Push není nastaven"),
                detail: LocalizedText(
                    en: "This server has no key for this push service (Web Push or APNs); notifications reach e-mail and chat only.",
                    cs: "Tento server nemá klíč pro tuto službu push (Web Push nebo APNs); upozornění chodí jen e-mailem a do chatu."))
        case .pushRegisteredToAnother:
            Entry(
                status: .conflict, title: LocalizedText(en: "Another person's browser or phone", cs: "Prohlížeč nebo telefon jiné osoby"),
                detail: LocalizedText(
                    en: "This browser or phone gets another person's notifications: they turn them off on their Me page (or sign out on it) first.",
                    cs: "Tento prohlížeč nebo telefon dostává upozornění jiné osoby: ta je nejdřív vypne na své stránce Já (nebo se na něm odhlásí).")
            )
        case .personStillActive:
            Entry(
                status: .conflict, title: LocalizedText(en: "Still active", cs: "Stále aktivní"),
                detail: LocalizedText(
                    en: "Only someone who left can be erased; deactivate this person first.",
                    cs: "Vymazat lze jen toho, kdo odešel; nejdřív tuto osobu deaktivujte."))
        case .cursorExpired:
            Entry(
                status: .gone, title: LocalizedText(en: "Sync from scratch", cs: "Synchronizujte znovu od začátku"),
                detail: LocalizedText(
                    en: "This cursor is older than the changes kept; read everything again and follow the feed from the cursor of now.",
                    cs: "Tento kurzor je starší než uchovávané změny; načtěte vše znovu a sledujte změny od současného kurzoru."))
        case .ownPaymentRun:
            Entry(
                status: .conflict, title: LocalizedText(en: "Not your own run", cs: "Ne vlastní dávku"),
                detail: LocalizedText(
                    en: "You made this run: another admin approves it. An admin is never their own second.",
                    cs: "Tuto dávku jste vytvořili vy: schválí ji jiný admin. Nikdo nemůže být svým vlastním druhým."))
        case .ownRequest:
            Entry(
                status: .conflict, title: LocalizedText(en: "Waiting for another admin", cs: "Čeká na jiného admina"),
                detail: LocalizedText(
                    en: "You asked for this already: another admin agrees to it. An admin is never their own second.",
                    cs: "O tohle jste už požádali: souhlasit musí jiný admin. Nikdo nemůže být svým vlastním druhým."))
        case .notASecondAdmin:
            Entry(
                status: .conflict, title: LocalizedText(en: "Not yet a second admin", cs: "Zatím ne druhý admin"),
                detail: LocalizedText(
                    en: "An admin made recently cannot yet be the second pair of eyes: another admin agrees to it.",
                    cs: "Nedávno jmenovaný admin zatím nemůže být druhým párem očí: souhlasit musí jiný admin."))
        case .secondFactorActive:
            Entry(
                status: .conflict, title: LocalizedText(en: "Second factor already on", cs: "Druhý faktor je již zapnutý"),
                detail: LocalizedText(
                    en: "You already have a confirmed second factor; turn it off with a code before enrolling another.",
                    cs: "Už máte potvrzený druhý faktor; než přidáte jiný, vypněte ho kódem."))
        case .noSecondFactor:
            Entry(
                status: .conflict, title: LocalizedText(en: "No second factor", cs: "Žádný druhý faktor"),
                detail: LocalizedText(
                    en: "There is no second factor to confirm or turn off here; start an enrolment first.",
                    cs: "Není tu žádný druhý faktor k potvrzení nebo vypnutí; nejdřív začněte s přidáním."))
        case .codeRefused:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Code not accepted", cs: "Kód nebyl přijat"),
                detail: LocalizedText(
                    en: "The code was not accepted: type the six digits your app shows now (each works once), or an unused recovery code.",
                    cs: "Kód nebyl přijat: zadejte šest číslic, které aplikace ukazuje teď (každé platí jednou), nebo nepoužitý záložní kód."))
        case .cannotResetOwnSecondFactor:
            Entry(
                status: .conflict, title: LocalizedText(en: "Not your own", cs: "Ne vlastní"),
                detail: LocalizedText(
                    en: "An admin resets another person's second factor; turn your own off with a code from it.",
                    cs: "Správce ruší druhý faktor jiné osoby; svůj vypnete kódem z něj."))
        case .absenceOverlap:
            Entry(
                status: .conflict, title: LocalizedText(en: "Time off overlaps", cs: "Volno se překrývá"),
                detail: LocalizedText(
                    en: "Another request of yours for time off covers some of these days.",
                    cs: "Některé z těchto dní už pokrývá jiná vaše žádost o volno."))
        case .absenceBalanceExceeded:
            Entry(
                status: .conflict, title: LocalizedText(en: "Not enough vacation left", cs: "Nedostatek zbývající dovolené"),
                detail: LocalizedText(
                    en: "The request takes more vacation days than are left this year.", cs: "Žádost potřebuje víc dní dovolené, než letos zbývá."))
        case .timeEntryOnAbsence:
            Entry(
                status: .conflict, title: LocalizedText(en: "A day of time off", cs: "Den volna"),
                detail: LocalizedText(
                    en: "The day is one of approved whole-day time off: cancel the time off first.",
                    cs: "Ten den máte schválené celodenní volno: nejprve ho zrušte."))
        case .notATimeFile:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Not a time tracker file", cs: "Nejde o soubor časovače"),
                detail: LocalizedText(
                    en: "The file is not a Toggl Track or Clockify CSV (UTF-8, with their header row).",
                    cs: "Soubor není CSV z Toggl Track ani z Clockify (UTF-8, s jejich řádkem záhlaví)."))
        case .invalidIsdoc:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Unusable ISDOC", cs: "Nepoužitelné ISDOC"),
                detail: LocalizedText(
                    en: "The ISDOC in the upload cannot be used; send the fields instead, with ignoreIsdoc=true.",
                    cs: "ISDOC v nahraném souboru nelze použít; pošlete místo něj pole, s ignoreIsdoc=true."))
        case .checksNeedAttention:
            Entry(
                status: .conflict, title: LocalizedText(en: "Checks need attention", cs: "Kontroly vyžadují pozornost"),
                detail: LocalizedText(
                    en: "Checks of this invoice fail or wait for confirmation. Approve with override and a reason, or return the invoice.",
                    cs: "Kontroly této faktury neprošly nebo čekají na potvrzení. Schvalte s override a důvodem, nebo fakturu vraťte."))
        case .invoiceInPaymentRun:
            Entry(
                status: .conflict, title: LocalizedText(en: "Invoice in a payment run", cs: "Faktura je v platebním běhu"),
                detail: LocalizedText(
                    en: "The invoice waits in an open payment run; the run pays it, or cancel the run first.",
                    cs: "Faktura čeká v otevřeném platebním běhu; běh ji zaplatí, nebo běh nejprve zrušte."))
        case .paymentsNotConfigured:
            Entry(
                status: .conflict, title: LocalizedText(en: "Company account not set", cs: "Účet firmy není nastaven"),
                detail: LocalizedText(
                    en: "Set the company's account, name and bank format in /v1/settings/payments first.",
                    cs: "Nejprve nastavte účet firmy, název a formát banky v /v1/settings/payments."))
        case .nothingToPay:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Nothing to pay", cs: "Není co platit"),
                detail: LocalizedText(
                    en: "No selected invoice can be paid by a run; errors says why for each.",
                    cs: "Žádnou vybranou fakturu nelze zaplatit během; errors uvádí proč u každé."))
        case .unwritableBankFile:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Cannot write this bank file", cs: "Tento bankovní soubor nelze zapsat"),
                detail: LocalizedText(
                    en: "ABO carries only CZK to Czech accounts; download this run as pain001.",
                    cs: "ABO nese jen platby v CZK na české účty; stáhněte tento běh jako pain001."))
        case .invalidBankStatement:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Unreadable bank statement", cs: "Nečitelný bankovní výpis"),
                detail: LocalizedText(
                    en: "The file is not a camt.053 or GPC statement that can be read.", cs: "Soubor není čitelný výpis camt.053 ani GPC."))
        case .bankStatementOfAnotherAccount:
            Entry(
                status: .unprocessableContent, title: LocalizedText(en: "Statement of another account", cs: "Výpis jiného účtu"),
                detail: LocalizedText(
                    en: "The statement is of another account than the company's (payment settings).",
                    cs: "Výpis je z jiného účtu, než je účet firmy (nastavení plateb)."))
        case .preconditionFailed:
            Entry(
                status: .preconditionFailed, title: LocalizedText(en: "Changed meanwhile", cs: "Mezitím změněno"),
                detail: LocalizedText(
                    en: "Someone changed this since you read it; read it again and retry.",
                    cs: "Někdo to mezitím změnil; načtěte to znovu a zkuste to znovu."))
        case .serviceUnavailable:
            Entry(
                status: .serviceUnavailable, title: LocalizedText(en: "Service unavailable", cs: "Služba je nedostupná"),
                detail: LocalizedText(
                    en: "The service cannot answer right now; try again shortly.", cs: "Služba teď nemůže odpovědět; zkuste to za chvíli znovu."))
        case .internalError:
            Entry(
                status: .internalServerError, title: LocalizedText(en: "Internal error", cs: "Vnitřní chyba"),
                detail: LocalizedText(
                    en: "Something went wrong on our side; quote the request id when reporting it.",
                    cs: "Něco se pokazilo na naší straně; při nahlášení uveďte identifikátor požadavku."))
        }
    }
}
