/// The words of a person's own account page and the calendar feeds.
extension DeskTexts {
    static let me: [(String, String, String)] = [
        ("me", "Me", "Já"),
        (
            "profileByAdmins", "An admin keeps these; ask one to change them.",
            "Tyto údaje spravuje admin; o změnu požádejte jeho."
        ),
        ("ico", "IČO", "IČO"),
        ("dic", "DIČ", "DIČ"),
        (
            "accountWarning",
            "A changed bank account sends your approved, unpaid invoices back for a new check, an admin confirms it before money goes there, and we e-mail you that it changed.",
            "Změna bankovního účtu vrátí vaše schválené a nezaplacené faktury k nové kontrole, admin ji potvrdí dřív, než tam pošle peníze, a pošleme vám o ní e-mail."
        ),
        ("languageAndNotifications", "Language and notifications", "Jazyk a upozornění"),
        ("notification", "Notification", "Upozornění"),
        ("channel", "Sent by", "Posílat"),
        ("channel.email", "e-mail", "e-mailem"),
        ("channel.chat", "chat", "do chatu"),
        ("channel.off", "not at all", "vůbec"),
        ("chatWebhookUrl", "Chat webhook (https)", "Webhook chatu (https)"),
        ("kind.statement_ready", "A statement is ready", "Výkaz k výplatě je připraven"),
        ("kind.invoice_reminder", "A reminder to upload the invoice", "Připomenutí nahrát fakturu"),
        ("kind.missing_invoices_digest", "The missing invoices (admins)", "Chybějící faktury (admini)"),
        ("kind.invoice_returned", "An invoice returned", "Faktura vrácena"),
        ("kind.invoice_return_withdrawn", "A return withdrawn", "Vrácení vzato zpět"),
        ("kind.invoice_approved", "An invoice approved", "Faktura schválena"),
        ("kind.invoice_paid", "An invoice paid", "Faktura zaplacena"),
        ("kind.rate_announced", "A new rate", "Nová sazba"),
        ("kind.second_admin_requested", "A change waiting for a second admin (admins)", "Změna čekající na druhého admina (admini)"),
        ("kind.timesheet_reminder", "A reminder to submit the timesheet", "Připomenutí odeslat výkaz"),
        ("kind.timesheet_approval_reminder", "Timesheets waiting for my approval", "Výkazy čekající na mé schválení"),
        ("kind.absence_requested", "Time off to decide", "Volno k rozhodnutí"),
        ("kind.absence_decided", "My time off decided", "Rozhodnutí o mém volnu"),
        ("kind.webhook_disabled", "A webhook turned off for failing", "Webhook vypnutý kvůli chybám"),
        (
            "passwordHow", "We e-mail you a link that sets a new password (valid for an hour).",
            "Pošleme vám e-mailem odkaz, kterým nastavíte nové heslo (platí hodinu)."
        ),
        ("sendPasswordLink", "E-mail me a link", "Poslat odkaz e-mailem"),
        ("sessions", "Where I am signed in", "Kde jsem přihlášen(a)"),
        ("client", "Device", "Zařízení"),
        ("signedIn", "Signed in", "Přihlášení"),
        ("lastUsed", "Last used", "Naposledy použito"),
        ("thisOne", "this one", "toto"),
        ("endSession", "Sign out there", "Odhlásit tam"),
        ("personalTokens", "Personal tokens", "Osobní tokeny"),
        (
            "tokensWhat", "A key for a button, a script or a shortcut: it can do only what its scopes allow, never sign in.",
            "Klíč pro tlačítko, skript nebo zkratku: smí jen to, co dovolí jeho rozsah, nikdy se nepřihlásí."
        ),
        ("tokenName", "Name", "Název"),
        ("name", "Name", "Název"),
        ("scopes", "Scopes", "Rozsah"),
        ("scope.timer", "the timer", "časovač"),
        ("scope.time:read", "read my time", "číst můj čas"),
        ("scope.time:write", "write my time", "zapisovat můj čas"),
        ("scope.invoices:read", "read my invoices", "číst mé faktury"),
        ("expires", "Expires", "Platnost do"),
        ("expiresOn", "Works through", "Platí do"),
        ("expiresAt", "Works through", "Platí do"),
        ("expiresHint", "empty: until revoked", "prázdné: do odvolání"),
        ("never", "until revoked", "do odvolání"),
        ("newToken", "A new token", "Nový token"),
        ("createToken", "Create the token", "Vytvořit token"),
        ("revoke", "Revoke", "Odvolat"),
        ("tokenCreated", "The token is made", "Token je vytvořen"),
        (
            "tokenOnce", "Copy it now: it is shown this once and cannot be shown again.",
            "Zkopírujte si ho hned: ukáže se jen teď a znovu už ne."
        ),
        ("tokenSecret", "The token", "Token"),
        ("copy", "Copy", "Kopírovat"),
        ("copied", "Copied", "Zkopírováno"),
        ("shortcutsRecipe", "The Shortcuts recipe (iPhone, Mac)", "Recept pro Zkratky (iPhone, Mac)"),
        (
            "shortcutsHow",
            "An automation (arriving at the office, a Focus, a time of day) runs a shortcut with one action, Get Contents of URL, set as below with a token that has the timer scope.",
            "Automatizace (příchod do kanceláře, režim soustředění, denní čas) spustí zkratku s jedinou akcí Získat obsah URL, nastavenou jako níže, s tokenem s rozsahem časovač."
        ),
        ("orStop", "or, to stop,", "nebo pro zastavení"),
        ("method", "Method", "Metoda"),
        ("headers", "Headers", "Hlavičky"),
        ("requestBody", "Request body", "Tělo požadavku"),
        (
            "shortcutsBody", "JSON: projectId (the project's id), description, optionally at (the current date, ISO 8601).",
            "JSON: projectId (id projektu), description (popis), volitelně at (aktuální datum, ISO 8601)."
        ),
        ("done.billingSaved", "Your billing details are saved.", "Fakturační údaje jsou uloženy."),
        ("done.preferencesSaved", "Your language and notifications are saved.", "Jazyk a upozornění jsou uloženy."),
        (
            "done.passwordLinkSent", "A link is on its way to your e-mail.",
            "Odkaz je na cestě do vašeho e-mailu."
        ),
        ("resetFactor", "Remove their second factor", "Odebrat druhý faktor"),
        (
            "resetFactorHint", "For a lost phone: their next password sign-in needs no code, or, for an admin, sets up a new one.",
            "Při ztrátě telefonu: příští přihlášení heslem nebude chtít kód, admina povede k nastavení nového."
        ),
        ("waitingSecondAdmin", "Waiting for a second admin", "Čeká na druhého admina"),
        ("adminChange.grant_admin", "Make an admin", "Udělit roli admina"),
        ("adminChange.revoke_admin", "Remove the admin role", "Odebrat roli admina"),
        ("adminChange.deactivate_admin", "Deactivate an admin", "Deaktivovat admina"),
        ("adminChange.reactivate_admin", "Reactivate an admin", "Znovu aktivovat admina"),
        ("adminChange.erase_person", "Erase the personal data", "Vymazat osobní údaje"),
        ("adminChange.reset_admin_second_factor", "Remove the admin's second factor", "Zrušit adminovi druhý faktor"),
        ("askedByLabel", "asked by", "požádal(a)"),
        ("lapses", "lapses", "propadne"),
        ("agreeAsSecond", "Agree as the second admin", "Souhlasit jako druhý admin"),
        ("withdrawRequest", "Withdraw the request", "Vzít žádost zpět"),
        ("declineRequest", "Turn it down", "Odmítnout"),
        ("doneProfile", "The profile was saved.", "Profil je uložen."),
        ("doneRate", "The rate was added.", "Sazba je přidána."),
        (
            "doneFactor", "The second factor was removed: the next password sign-in enrols a new one.",
            "Druhý faktor je zrušen: při příštím přihlášení heslem se nastaví nový."
        ),
        (
            "doneRequested", "Recorded as asked: it takes effect when a second admin does the same. The other admins were told by e-mail.",
            "Zaznamenáno jako žádost: platí, až totéž udělá druhý admin. Ostatním adminům přišel e-mail."
        ),
        (
            "doneAgreed", "Done: you agreed as the second admin, and the change took effect.",
            "Hotovo: souhlasili jste jako druhý admin a změna platí."
        ),
        ("doneErased", "Erased: you agreed as the second admin.", "Vymazáno: souhlasili jste jako druhý admin."),
        ("doneWithdrawn", "The request is gone: nothing of it takes effect.", "Žádost je pryč: nic z ní neplatí."),
        (
            "doneGone", "Nothing waits any more: the request was done, withdrawn or lapsed meanwhile.",
            "Už nic nečeká: žádost byla mezitím vyřízena, vzata zpět nebo propadla."
        ),
        (
            "ownRunWaits", "You made this run: another admin approves it before its file can go to the bank.",
            "Tuto dávku jste vytvořili vy: než její soubor půjde do banky, schválí ji jiný admin."
        ),
        ("approveRun", "Approve the run", "Schválit dávku"),
        ("runApproved", "Approved by a second admin", "Schváleno druhým adminem"),
        ("madeByLabel", "Made by", "Vytvořil(a)"),
        ("approvedByLabel", "approved by", "schválil(a)"),
        ("auditLog", "History", "Historie"),
        (
            "auditLead", "Who changed what about whom, and when: every change to people, money, time and access, newest first.",
            "Kdo co komu a kdy změnil: každá změna lidí, peněz, času a přístupů, nejnovější nahoře."
        ),
        ("auditKind", "What", "Co"),
        ("auditAll", "everything", "vše"),
        ("auditEveryone", "Everyone's", "Všech"),
        ("auditCSV", "Download as CSV", "Stáhnout jako CSV"),
        ("auditNone", "No changes match.", "Žádné odpovídající změny."),
        ("auditWhat", "Change", "Změna"),
        ("auditAbout", "About", "Koho se týká"),
        ("auditBy", "By", "Kdo"),
        ("auditChanges", "Before → after", "Před → po"),
        ("auditHistory", "History", "Historie"),
        ("auditAllOfPerson", "All of this person's history", "Celá historie této osoby"),
        ("auditService", "Staffbook", "Staffbook"),
        ("older", "Older", "Starší"),
        ("show", "Show", "Zobrazit"),
        ("audit.account", "person", "osoba"),
        ("audit.contract", "contract", "smlouva"),
        ("audit.hourly_rate", "rate", "sazba"),
        ("audit.team_membership", "team", "tým"),
        ("audit.time_entry", "time", "čas"),
        ("audit.invoice", "invoice", "faktura"),
        ("audit.personal_access_token", "personal token", "osobní klíč"),
        ("audit.timesheet", "timesheet", "výkaz"),
        ("audit.absence", "time off", "volno"),
        ("audit.calendar_feed", "calendar link", "odkaz kalendáře"),
        ("audit.vacation_entitlement", "vacation days", "nárok na dovolenou"),
        ("audit.absence_kind", "kind of time off", "druh volna"),
        ("audit.second_factor", "second factor", "druhý faktor"),
        ("audit.session", "session", "přihlášení"),
        ("audit.payment_run", "payment run", "platební dávka"),
        ("audit.setting", "setting", "nastavení"),
        ("audit.webhook_endpoint", "webhook", "webhook"),
        ("audit.personal_data", "personal data", "osobní údaje"),
        ("personalData", "Personal data", "Osobní údaje"),
        (
            "personalDataMine",
            "Everything Staffbook holds about you, as one ZIP: JSON files, your uploaded invoices and a README saying what each file is.",
            "Vše, co o vás Staffbook uchovává, v jednom ZIPu: soubory JSON, vámi nahrané faktury a README s popisem každého souboru."
        ),
        (
            "personalDataAdmin",
            "Everything Staffbook holds about this person, as one ZIP, for answering their request. It is recorded in their history.",
            "Vše, co o této osobě Staffbook uchovává, v jednom ZIPu, pro vyřízení její žádosti. Zapíše se do její historie."
        ),
        ("personalDataDownload", "Download (ZIP)", "Stáhnout (ZIP)"),
        (
            "done.exportQueued", "The export is large: it is being made, and a link to download it will be mailed to you.",
            "Export je velký: připravuje se a odkaz ke stažení vám přijde e-mailem."
        ),
        ("secondFactor", "Second factor", "Druhý faktor"),
        ("secondStep", "Code from your app", "Kód z aplikace"),
        (
            "secondStepLead", "Your password is right. Type the six digits your authenticator app shows now, or one of your recovery codes.",
            "Heslo je správně. Zadejte šest číslic, které teď ukazuje vaše ověřovací aplikace, nebo jeden ze záložních kódů."
        ),
        (
            "enrolRequired", "Admins sign in with a second factor. Set one up now to finish signing in.",
            "Admini se přihlašují s druhým faktorem. Nastavte si ho teď a přihlášení dokončíte."
        ),
        (
            "enrolScan", "Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).",
            "Naskenujte tento kód ověřovací aplikací (Google Authenticator, Microsoft Authenticator, 1Password, …)."
        ),
        ("enrolType", "Or type this key into it:", "Nebo do ní opište tento klíč:"),
        ("enrolConfirm", "Type the six digits the app shows below.", "Níže zadejte šest číslic, které aplikace ukáže."),
        ("code", "Code", "Kód"),
        ("codeHint", "six digits, or a recovery code", "šest číslic, nebo záložní kód"),
        ("startOver", "Sign in again", "Přihlásit se znovu"),
        ("secondFactorSetUp", "Set up a second factor", "Nastavení druhého faktoru"),
        ("confirmFactor", "Confirm and turn on", "Potvrdit a zapnout"),
        ("recoveryCodes", "Recovery codes", "Záložní kódy"),
        ("factorOn", "Your second factor is on.", "Druhý faktor je zapnutý."),
        (
            "recoveryOnce",
            "Keep these codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.",
            "Uložte si tyto kódy na bezpečné místo: každý vás jednou přihlásí, když ztratíte telefon. Ukazujeme je jen teď."
        ),
        ("continue", "Continue", "Pokračovat"),
        ("factorStateNone", "Your password alone signs you in.", "Přihlašujete se jen heslem."),
        ("factorStatePending", "A factor is being set up: confirm it with its first code.", "Druhý faktor se nastavuje: potvrďte ho prvním kódem."),
        ("factorStateActive", "On: a password sign-in also asks for a code from your app.", "Zapnutý: přihlášení heslem chce i kód z aplikace."),
        (
            "factorRequired", "Admins must have one: without it, a password sign-in only sets one up.",
            "Admini ho mít musí: bez něj přihlášení heslem vede jen k jeho nastavení."
        ),
        ("recoveryLeft", "Unused recovery codes:", "Nepoužité záložní kódy:"),
        ("codeToTurnOff", "A code from your app, or a recovery code", "Kód z aplikace, nebo záložní kód"),
        ("turnOff", "Turn off", "Vypnout"),
        ("finishSetUp", "Finish setting it up", "Dokončit nastavení"),
        ("setUpFactor", "Set up a second factor", "Nastavit druhý faktor"),
        ("done.secondFactorOff", "Your second factor is off.", "Druhý faktor je vypnutý."),
        ("done.sessionEnded", "You are signed out there.", "Tam jste odhlášen(a)."),
        ("done.tokenRevoked", "The token is revoked: it works no more.", "Token je odvolán: už nefunguje."),
        ("calendarFeeds", "In my phone's calendar", "V kalendáři telefonu"),
        (
            "calendarFeedsWhat",
            "A link to subscribe to in a calendar app: your time off appears there and stays current. Anyone with the link sees it, so revoke one you no longer use.",
            "Odkaz k odběru v kalendáři: vaše volno se tam objeví a zůstane aktuální. Vidí ho každý, kdo má odkaz, proto nepoužívaný odvolejte."
        ),
        ("calendarLink", "Calendar link", "Odkaz kalendáře"),
        ("makeCalendarLink", "Make a calendar link", "Vytvořit odkaz kalendáře"),
        ("done.feedMade", "The link is made: copy it into your calendar.", "Odkaz je vytvořen: zkopírujte ho do kalendáře."),
        ("done.feedRevoked", "The link is revoked.", "Odkaz je odvolán."),
    ]
}
