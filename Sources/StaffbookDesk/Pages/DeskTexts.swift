import StaffbookCore

/// Every word the desk's pages show that is not a problem's (those come from the API's problem
/// types, so a refusal reads the same on a page and in problem+json). Templates read them as
/// `{{t.key}}`.
enum DeskTexts {
    static func all(_ language: Language) -> [String: String] {
        var texts: [String: String] = [:]
        for (key, en, cs) in table { texts[key] = language == .cs ? cs : en }
        return texts
    }

    static func text(_ key: String, _ language: Language) -> String {
        guard let row = table.first(where: { $0.0 == key }) else { return key }
        return language == .cs ? row.2 : row.1
    }

    private static let table: [(String, String, String)] = [
        ("skip", "Skip to the content", "Přejít na obsah"),
        ("signIn", "Sign in", "Přihlásit se"),
        ("signOut", "Sign out", "Odhlásit se"),
        ("email", "E-mail", "E-mail"),
        ("password", "Password", "Heslo"),
        ("signInLead", "Staffbook's desk: the month's invoices, people and payments.", "Stůl Staffbooku: faktury měsíce, lidé a platby."),
        ("language", "Language", "Jazyk"),
        ("otherLanguage", "Česky", "English"),
        ("month", "The month", "Měsíc"),
        ("invoices", "Invoices", "Faktury"),
        ("person", "Person", "Osoba"),
        ("amount", "Amount", "Částka"),
        ("expected", "Expected", "Očekáváno"),
        ("difference", "Difference", "Rozdíl"),
        ("state", "State", "Stav"),
        ("checks", "Checks", "Kontroly"),
        ("open", "Open", "Otevřít"),
        ("filter", "Show", "Zobrazit"),
        ("anyState", "Any state", "Jakýkoli stav"),
        ("attention", "Needs attention only", "Jen ty, které potřebují pozornost"),
        ("search", "Name", "Jméno"),
        ("period", "Month", "Měsíc"),
        ("next", "Next page", "Další stránka"),
        ("noInvoices", "No invoice matches.", "Žádná faktura neodpovídá."),
        ("missing", "Not uploaded yet", "Dosud nenahráli"),
        ("noneMissing", "Everyone with a contract has an invoice for this month.", "Všichni se smlouvou mají za tento měsíc fakturu."),
        ("approveClean", "Approve all clean", "Schválit všechny bez nálezů"),
        (
            "approveCleanLead", "Approves every submitted invoice of the month whose checks all pass; the rest are listed with why.",
            "Schválí každou odevzdanou fakturu měsíce, jejíž kontroly všechny prošly; ostatní vypíše s důvodem."
        ),
        ("bulkDone", "Approved", "Schváleno"),
        ("bulkSkipped", "Skipped", "Přeskočeno"),
        ("why", "Why", "Proč"),
        ("backToMonth", "Back to the month", "Zpět na měsíc"),
        ("invoice", "Invoice", "Faktura"),
        ("data", "What the invoice says", "Údaje faktury"),
        ("source", "From", "Zdroj"),
        ("number", "Number", "Číslo"),
        ("variableSymbol", "Variable symbol", "Variabilní symbol"),
        ("supplierIco", "Supplier's IČO", "IČO dodavatele"),
        ("issueDate", "Issued", "Vystaveno"),
        ("dueDate", "Due", "Splatnost"),
        ("total", "Total", "Celkem"),
        ("bankAccount", "Bank account", "Bankovní účet"),
        ("actions", "Actions", "Akce"),
        ("approve", "Approve", "Schválit"),
        ("return", "Return", "Vrátit"),
        ("approveOverride", "Approve over failing checks", "Schválit přes nálezy kontrol"),
        ("undoApproval", "Undo the approval", "Zrušit schválení"),
        ("reason", "Reason", "Důvod"),
        (
            "reasonHint", "Required to return, and to approve over failing checks. The person reads it.",
            "Nutný pro vrácení a pro schválení přes nálezy. Osoba ho uvidí."
        ),
        ("confirmAccount", "Confirm the new bank account", "Potvrdit nový bankovní účet"),
        ("file", "The invoice's file", "Soubor faktury"),
        ("download", "Download the PDF", "Stáhnout PDF"),
        ("downloadOther", "Download the file", "Stáhnout soubor"),
        ("events", "What happened", "Co se stalo"),
        ("returnReason", "Returned because", "Vráceno, protože"),
        ("done", "Done.", "Hotovo."),
        ("stale", "Someone changed this invoice meanwhile", "Fakturu mezitím někdo změnil"),
        (
            "staleDetail", "Here it is as it is now. What you typed is kept: press the button again if it still applies.",
            "Zde je, jak je teď. Co jste napsali, zůstalo: pokud to stále platí, stiskněte tlačítko znovu."
        ),
        ("requestId", "Request id", "Id požadavku"),
        ("forgedTitle", "This form cannot be accepted", "Tento formulář nelze přijmout"),
        (
            "forgedForm", "It did not come from a page of this desk for your session. Open the page again and send it from there.",
            "Nepřišel ze stránky tohoto stolu pro vaše přihlášení. Otevřete stránku znovu a odešlete ho odtud."
        ),
        ("home", "Home", "Domů"),
        ("notFound", "Nothing here", "Nic tu není"),
        (
            "notFoundDetail", "This page does not exist or is not yours to see.",
            "Tato stránka neexistuje nebo vám nepatří."
        ),
        ("serverError", "Something went wrong on our side", "Něco se pokazilo u nás"),
        (
            "serverErrorDetail", "Nothing you did caused it. Try again in a moment; if it stays, tell an admin the request id.",
            "Nezpůsobili jste to vy. Zkuste to za chvíli znovu; pokud to trvá, sdělte adminovi id požadavku."
        ),
        (
            "workerHome", "Your timers, hours and invoices come to the desk next; until then the apps and the API serve them.",
            "Vaše časovače, hodiny a faktury přijdou na stůl příště; do té doby slouží aplikace a API."
        ),
        ("pass", "passes", "v pořádku"),
        ("allPass", "all pass", "vše v pořádku"),
        ("fail", "fails", "nesedí"),
        ("needs_confirmation", "needs confirmation", "čeká na potvrzení"),
        ("submitted", "submitted", "odevzdaná"),
        ("approved", "approved", "schválená"),
        ("returned", "returned", "vrácená"),
        ("paid", "paid", "zaplacená"),
        ("statement", "statement", "výkaz"),
        ("uploaded", "uploaded", "nahraná"),
        ("isdoc", "ISDOC", "ISDOC"),
        ("form", "form", "formulář"),
        ("profile", "profile", "profil"),
        ("check.amount", "Amount against the hours and rates", "Částka proti hodinám a sazbám"),
        ("check.supplier", "Supplier is the person", "Dodavatel je osoba"),
        ("check.customer", "Customer is us", "Odběratel jsme my"),
        ("check.bank_account", "Bank account on file", "Bankovní účet z profilu"),
        ("check.duplicate", "Not a duplicate", "Není duplicitní"),
        ("check.dates", "Dates", "Data"),
        ("check.vat", "VAT", "DPH"),
        ("menu", "Menu", "Nabídka"),
        ("people", "People", "Lidé"),
        ("team", "Team", "Tým"),
        ("teams", "Teams", "Týmy"),
        ("anyTeam", "Any team", "Jakýkoli tým"),
        ("activeLabel", "Active", "Aktivní"),
        ("anyone", "Anyone", "Kdokoli"),
        ("activeYes", "active", "aktivní"),
        ("activeNo", "deactivated", "deaktivovaný"),
        ("position", "Position", "Pozice"),
        ("noPeople", "Nobody matches.", "Nikdo neodpovídá."),
        ("profile", "Profile", "Profil"),
        ("phone", "Phone", "Telefon"),
        ("capacity", "Hours a week", "Hodin týdně"),
        ("contracts", "Contracts", "Smlouvy"),
        ("billing", "Billing details", "Fakturační údaje"),
        ("rates", "Hourly rates", "Hodinové sazby"),
        ("from", "from", "od"),
        ("corrected", "corrected from", "opraveno z"),
        ("addRate", "Add a rate", "Přidat sazbu"),
        ("hourlyRate", "Hourly rate (CZK)", "Hodinová sazba (Kč)"),
        ("effectiveFrom", "In effect from", "Platí od"),
        ("paymentRuns", "Payment runs", "Platební dávky"),
        ("run", "Run", "Dávka"),
        ("runs", "Runs", "Dávky"),
        ("newRun", "A new run", "Nová dávka"),
        (
            "newRunLead", "These approved invoices go into a new run. Nothing is paid until its file goes to the bank.",
            "Tyto schválené faktury půjdou do nové dávky. Nic se neplatí, dokud její soubor nepůjde do banky."
        ),
        ("createRun", "Create the run", "Vytvořit dávku"),
        ("nothingToPay", "No approved invoice waits to be paid.", "Žádná schválená faktura nečeká na zaplacení."),
        ("leftOut", "Left out, and why", "Vynechané a proč"),
        ("noRuns", "No run yet.", "Zatím žádná dávka."),
        ("created", "Created", "Vytvořeno"),
        ("payments", "Payments", "Platby"),
        ("fileFormat", "File format", "Formát souboru"),
        ("downloadFile", "Download the bank file", "Stáhnout soubor pro banku"),
        (
            "downloadHint", "Downloading the file marks a draft run sent: it is what goes to the bank.",
            "Stažení souboru označí návrh dávky jako odeslaný: to je to, co jde do banky."
        ),
        ("cancelRun", "Cancel the run", "Zrušit dávku"),
        (
            "bankDidNotPay", "The bank did not pay it (required to cancel a run at the bank; say how you know below)",
            "Banka ji nezaplatila (nutné pro zrušení dávky v bance; níže napište, jak to víte)"
        ),
        ("importStatement", "Import a bank statement", "Načíst výpis z banky"),
        ("statementTitle", "A bank statement", "Výpis z banky"),
        (
            "statementLead", "A camt.053 (XML) or GPC statement of the company's account: first a preview of what it pays, then your confirmation.",
            "Výpis firemního účtu ve formátu camt.053 (XML) nebo GPC: nejdřív náhled, co platí, pak vaše potvrzení."
        ),
        ("statementFile", "The statement's file", "Soubor výpisu"),
        ("statementPreview", "Show what it pays", "Ukázat, co platí"),
        ("statementMissing", "Choose the statement's file first.", "Nejdřív vyberte soubor výpisu."),
        ("statementLines", "lines", "řádků"),
        ("statementLine", "Line", "Řádek"),
        ("statementBooked", "Booked", "Zaúčtováno"),
        ("statementWho", "Counterparty", "Protistrana"),
        ("statementMatched", "Pays these invoices", "Platí tyto faktury"),
        ("statementNone", "It pays none of the runs at the bank.", "Neplatí žádnou z dávek v bance."),
        ("statementPartial", "Agrees only in part: not applied", "Shoduje se jen zčásti: nepoužito"),
        ("statementAgreeing", "What agrees", "Co se shoduje"),
        ("statementTwice", "Possibly paid twice: look at these", "Možná zaplaceno dvakrát: podívejte se"),
        ("statementUnmatched", "Not ours", "Nejsou naše"),
        (
            "statementConfirmLead", "Confirming marks the invoices above paid. Nothing else changes.",
            "Potvrzení označí faktury výše jako zaplacené. Nic jiného se nezmění."
        ),
        ("statementConfirm", "Confirm: they are paid", "Potvrdit: jsou zaplacené"),
        ("statementConfirmed", "Imported: the matched invoices are paid.", "Načteno: spárované faktury jsou zaplacené."),
        ("statementRepeated", "This statement was imported before: nothing changed.", "Tento výpis už byl načten: nic se nezměnilo."),
        (
            "statementBankUnchecked", "The statement names our account without its bank: the number matched, the bank could not be checked.",
            "Výpis uvádí náš účet bez banky: číslo sedí, banku nešlo ověřit."
        ),
        ("statementAnother", "Another statement", "Další výpis"),
        ("criterion.variable_symbol", "variable symbol", "variabilní symbol"),
        ("criterion.amount", "amount", "částka"),
        ("criterion.account", "account", "účet"),
        ("run.draft", "draft", "návrh"),
        ("run.sent", "at the bank", "v bance"),
        ("run.partially_paid", "partly paid", "částečně zaplacená"),
        ("run.paid", "paid", "zaplacená"),
        ("run.cancelled", "cancelled", "zrušená"),
        ("item.pending", "pending", "čeká"),
        ("item.paid", "paid", "zaplaceno"),
        ("item.failed", "failed", "selhalo"),
        ("item.cancelled", "cancelled", "zrušeno"),
        ("exclusion.not_found", "no such invoice", "taková faktura není"),
        ("exclusion.not_approved", "not approved", "není schválená"),
        ("exclusion.not_a_contractor_invoice", "a statement, paid by payroll", "výkaz, placený mzdou"),
        ("exclusion.checks_need_attention", "its checks need a look", "její kontroly potřebují pozornost"),
        ("exclusion.no_bank_account", "no bank account to pay to", "chybí bankovní účet"),
        ("exclusion.in_open_run", "already in an open run", "už je v otevřené dávce"),
        ("exclusion.nothing_to_pay", "nothing to pay", "není co platit"),
        ("roles.admin", "admin", "admin"),
        ("roles.team_leader", "team leader", "vedoucí týmu"),
        ("roles.worker", "worker", "pracovník"),
    ]
}
