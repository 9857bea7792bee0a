import StaffbookCore

/// The words of every notification, per kind and language, as Mustache templates: a subject,
/// a plain text body (also the chat message) and an HTML body. The HTML is the text's
/// paragraphs; values are escaped by Mustache there and left as they are in the text.
enum MailTemplates {
    struct Texts: Sendable {
        var subject: String
        var text: String
    }

    static let signature = LocalizedText(en: "— Staffbook", cs: "— Staffbook")

    static func texts(_ kind: NotificationKind, _ language: Language) -> Texts {
        switch (kind, language) {
        case (.invitation, .cs):
            Texts(
                subject: "Pozvánka do Staffbooku",
                text: """
                    Dobrý den, {{firstName}},

                    máte účet ve Staffbooku ({{email}}). Heslo si nastavíte tímto odkazem (platí do {{expires}}, jen jednou):
                    {{link}}
                    """)
        case (.invitation, .en):
            Texts(
                subject: "Your Staffbook invitation",
                text: """
                    Hello {{firstName}},

                    you have a Staffbook account ({{email}}). Set your password with this link (valid until {{expires}}, once):
                    {{link}}
                    """)
        case (.passwordReset, .cs):
            Texts(
                subject: "Nové heslo do Staffbooku",
                text: """
                    Dobrý den, {{firstName}},

                    někdo (snad vy) požádal o nové heslo k účtu {{email}}. Nastavíte ho tímto odkazem (platí do {{expires}}, jen jednou):
                    {{link}}

                    Pokud jste o nic nežádali, zprávu pominete; heslo zůstává.
                    """)
        case (.passwordReset, .en):
            Texts(
                subject: "A new Staffbook password",
                text: """
                    Hello {{firstName}},

                    someone (we hope you) asked for a new password for {{email}}. Set it with this link (valid until {{expires}}, once):
                    {{link}}

                    If it was not you, ignore this message; your password stays as it is.
                    """)
        case (.statementReady, .cs):
            Texts(
                subject: "Výkaz za {{periodName}} je připraven",
                text: """
                    Dobrý den, {{firstName}},

                    váš výkaz za {{periodName}} ({{period}}) je připraven: {{amount}} Kč. Najdete ho ve Staffbooku mezi svými měsíci.
                    """)
        case (.statementReady, .en):
            Texts(
                subject: "Your statement for {{periodName}} is ready",
                text: """
                    Hello {{firstName}},

                    your statement for {{periodName}} ({{period}}) is ready: CZK {{amount}}. You find it in Staffbook among your months.
                    """)
        case (.invoiceReminder, .cs):
            Texts(
                subject: "Připomínka: faktura za {{periodName}}",
                text: """
                    Dobrý den, {{firstName}},

                    faktura za {{periodName}} ({{period}}) nám zatím nepřišla. Nahrajte ji prosím ve Staffbooku.{{#sequence}} (Připomínka {{sequence}} z {{of}}.){{/sequence}}
                    """)
        case (.invoiceReminder, .en):
            Texts(
                subject: "Reminder: your invoice for {{periodName}}",
                text: """
                    Hello {{firstName}},

                    we have not received your invoice for {{periodName}} ({{period}}) yet. Please upload it in Staffbook.{{#sequence}} (Reminder {{sequence}} of {{of}}.){{/sequence}}
                    """)
        case (.missingInvoicesDigest, .cs):
            Texts(
                subject: "Chybějící faktury za {{periodName}}: {{count}}",
                text: """
                    Faktury za {{periodName}} ({{period}}), které stále chybějí ({{count}}):
                    {{#teams}}

                    {{team}}:
                    {{#people}}
                    - {{name}}{{#previousAmount}} (minulý měsíc {{previousAmount}} Kč){{/previousAmount}}
                    {{/people}}
                    {{/teams}}
                    {{^teams}}
                    Žádné: všichni fakturu poslali.
                    {{/teams}}

                    Odeslané faktury, jejichž kontroly neprošly nebo čekají na potvrzení: {{attention}}.
                    {{#unsubmitted}}
                    Docházka s odpracovaným časem, kterou lidé zatím neodevzdali: {{unsubmitted}}; odevzdaná a zatím neschválená: {{unapproved}}.
                    {{/unsubmitted}}
                    {{#unpaidRuns}}
                    Platební běhy odeslané do banky, které žádný výpis zatím celé nezaplatil: {{unpaidRuns}}.
                    {{/unpaidRuns}}
                    {{#secondAdminWaits}}
                    Čeká na druhého admina (schválení přes nálezy, bankovní účty, platební dávky): {{secondAdminWaits}}.
                    {{/secondAdminWaits}}
                    """)
        case (.missingInvoicesDigest, .en):
            Texts(
                subject: "Missing invoices for {{periodName}}: {{count}}",
                text: """
                    Invoices for {{periodName}} ({{period}}) still missing ({{count}}):
                    {{#teams}}

                    {{team}}:
                    {{#people}}
                    - {{name}}{{#previousAmount}} (last month CZK {{previousAmount}}){{/previousAmount}}
                    {{/people}}
                    {{/teams}}
                    {{^teams}}
                    None: everyone has sent theirs.
                    {{/teams}}

                    Submitted invoices whose checks fail or wait for confirmation: {{attention}}.
                    {{#unsubmitted}}
                    Timesheets with tracked time not yet submitted: {{unsubmitted}}; submitted and not yet approved: {{unapproved}}.
                    {{/unsubmitted}}
                    {{#unpaidRuns}}
                    Payment runs sent to the bank that no statement has fully paid yet: {{unpaidRuns}}.
                    {{/unpaidRuns}}
                    {{#secondAdminWaits}}
                    Waiting for a second admin (approvals over failing checks, bank accounts, payment runs): {{secondAdminWaits}}.
                    {{/secondAdminWaits}}
                    """)
        case (.absenceRequested, .cs):
            Texts(
                subject: "Žádost o volno: {{person}}, {{days}}",
                text: """
                    Dobrý den, {{firstName}},

                    {{person}} žádá o volno ({{absenceKind}}) na {{days}}. Schválit nebo zamítnout ho můžete ve Staffbooku.
                    """)
        case (.absenceRequested, .en):
            Texts(
                subject: "Time off requested: {{person}}, {{days}}",
                text: """
                    Hello {{firstName}},

                    {{person}} asks for time off ({{absenceKind}}) on {{days}}. You can approve or reject it in Staffbook.
                    """)
        case (.webhookDisabled, .cs):
            Texts(
                subject: "Webhook vypnut: {{endpoint}}",
                text: """
                    Dobrý den, {{firstName}},

                    webhook {{endpoint}} byl vypnut ({{reason}}): žádné doručení na něj neuspělo. Události, které na něj čekají, \
                    odejdou, až ho admin v Staffbooku znovu zapne (PUT /v1/webhooks/…, active: true).
                    """)
        case (.webhookDisabled, .en):
            Texts(
                subject: "Webhook turned off: {{endpoint}}",
                text: """
                    Hello {{firstName}},

                    the webhook {{endpoint}} was turned off ({{reason}}): no delivery to it succeeded. The events waiting for it \
                    go once an admin turns it on again in Staffbook (PUT /v1/webhooks/…, active: true).
                    """)
        case (.personalDataReady, .cs):
            Texts(
                subject: "Export osobních údajů je připraven",
                text: """
                    Dobrý den, {{firstName}},

                    export osobních údajů, o který jste požádali, je připraven. Stáhnete ho do {{expires}} zde:

                    {{link}}

                    Odkaz je jako heslo: nikomu ho nepřeposílejte.
                    """)
        case (.personalDataReady, .en):
            Texts(
                subject: "The export of personal data is ready",
                text: """
                    Hello {{firstName}},

                    the export of personal data you asked for is ready. Download it by {{expires}} here:

                    {{link}}

                    The link works like a password: do not forward it.
                    """)
        case (.secondAdminRequested, .cs):
            Texts(
                subject: "Čeká na druhého admina: {{change}} ({{person}})",
                text: """
                    Dobrý den, {{firstName}},

                    {{askedBy}} ve Staffbooku požádal(a): {{change}} – {{person}}. Platí to, až totéž udělá druhý admin \
                    (na stránce osoby na desku); žádost za týden propadne. Pokud o ní nevíte, neschvalujte ji a ověřte si \
                    u {{askedBy}}, že ji skutečně podal(a): tak se projeví ukradené přihlášení.
                    """)
        case (.secondAdminRequested, .en):
            Texts(
                subject: "Waiting for a second admin: {{change}} ({{person}})",
                text: """
                    Hello {{firstName}},

                    {{askedBy}} asked in Staffbook to {{change}}: {{person}}. It takes effect when a second admin does the \
                    same (on the person's page on the desk); the request lapses in a week. If you did not expect it, do not \
                    agree, and check with {{askedBy}} that they asked: this is how a stolen sign-in shows.
                    """)
        case (.personalDataErased, .cs):
            Texts(
                subject: "Vaše osobní údaje ve Staffbooku byly vymazány",
                text: """
                    Dobrý den,

                    na vaši žádost jsme ve Staffbooku vymazali vaše osobní údaje: kontakty, přihlášení, poznámky a historii. \
                    Faktury, výkazy a platby musíme podle zákona o účetnictví a zákona o DPH uchovat; zůstávají u nich jen \
                    vaše iniciály. Na tuto adresu vám už nic nepošleme.
                    """)
        case (.personalDataErased, .en):
            Texts(
                subject: "Your personal data in Staffbook was erased",
                text: """
                    Hello,

                    as you asked, we erased your personal data in Staffbook: contacts, sign-ins, notes and history. Invoices, \
                    statements and payments must be kept under accounting and VAT law; only your initials stay with them. \
                    Nothing more will be sent to this address.
                    """)
        case (.absenceDecided, .cs):
            Texts(
                subject: "Vaše volno na {{days}}: {{decision}}",
                text: """
                    Dobrý den, {{firstName}},

                    vaše volno ({{absenceKind}}) na {{days}} bylo {{decision}}.{{#reason}} Důvod: {{reason}}{{/reason}}
                    """)
        case (.absenceDecided, .en):
            Texts(
                subject: "Your time off on {{days}}: {{decision}}",
                text: """
                    Hello {{firstName}},

                    your time off ({{absenceKind}}) on {{days}} was {{decision}}.{{#reason}} Reason: {{reason}}{{/reason}}
                    """)
        case (.timesheetReminder, .cs):
            Texts(
                subject: "Docházka za {{periodName}} čeká na odevzdání",
                text: """
                    Dobrý den, {{firstName}},

                    docházku za {{periodName}} ({{period}}) jste zatím neodevzdali. Zkontrolujte své záznamy času a odevzdejte ji ve Staffbooku.{{#sequence}} (Připomínka {{sequence}} z {{of}}.){{/sequence}}
                    """)
        case (.timesheetReminder, .en):
            Texts(
                subject: "Reminder: submit your timesheet for {{periodName}}",
                text: """
                    Hello {{firstName}},

                    you have not submitted your timesheet for {{periodName}} ({{period}}) yet. Please check your time entries and submit it in Staffbook.{{#sequence}} (Reminder {{sequence}} of {{of}}.){{/sequence}}
                    """)
        case (.timesheetApprovalReminder, .cs):
            Texts(
                subject: "Docházka za {{periodName}} čeká na schválení: {{waiting}}",
                text: """
                    Dobrý den, {{firstName}},

                    členové vašich týmů odevzdali docházku za {{periodName}} ({{period}}), která čeká na vaše schválení: {{waiting}}. Přehled týmu najdete ve Staffbooku.
                    """)
        case (.timesheetApprovalReminder, .en):
            Texts(
                subject: "Timesheets for {{periodName}} waiting for approval: {{waiting}}",
                text: """
                    Hello {{firstName}},

                    members of your teams have submitted timesheets for {{periodName}} ({{period}}) that wait for your approval: {{waiting}}. The team's month is in Staffbook.
                    """)
        case (.invoiceReturned, .cs):
            Texts(
                subject: "Faktura za {{periodName}} vrácena",
                text: """
                    Dobrý den, {{firstName}},

                    vaše faktura za {{periodName}} ({{period}}, {{amount}} Kč) byla vrácena s důvodem:
                    {{reason}}

                    Opravenou nahrajte ve Staffbooku.
                    """)
        case (.invoiceReturned, .en):
            Texts(
                subject: "Invoice for {{periodName}} returned",
                text: """
                    Hello {{firstName}},

                    your invoice for {{periodName}} ({{period}}, CZK {{amount}}) was returned, because:
                    {{reason}}

                    Please upload a corrected one in Staffbook.
                    """)
        case (.invoiceReturnWithdrawn, .cs):
            Texts(
                subject: "Vrácení faktury za {{periodName}} zrušeno",
                text: """
                    Dobrý den, {{firstName}},

                    vaše faktura za {{periodName}} ({{period}}, {{amount}} Kč) byla vrácena omylem; vrácení je zrušeno
                    a faktura čeká na schválení. Nic nahrazovat nemusíte.
                    """)
        case (.invoiceReturnWithdrawn, .en):
            Texts(
                subject: "Return of your invoice for {{periodName}} withdrawn",
                text: """
                    Hello {{firstName}},

                    your invoice for {{periodName}} ({{period}}, CZK {{amount}}) was returned by mistake; the return is
                    withdrawn and the invoice awaits approval. There is nothing to replace.
                    """)
        case (.invoiceApproved, .cs):
            Texts(
                subject: "Faktura za {{periodName}} schválena",
                text: """
                    Dobrý den, {{firstName}},

                    vaše faktura za {{periodName}} ({{period}}, {{amount}} Kč) byla schválena.
                    """)
        case (.invoiceApproved, .en):
            Texts(
                subject: "Invoice for {{periodName}} approved",
                text: """
                    Hello {{firstName}},

                    your invoice for {{periodName}} ({{period}}, CZK {{amount}}) was approved.
                    """)
        case (.invoicePaid, .cs):
            Texts(
                subject: "Faktura za {{periodName}} zaplacena",
                text: """
                    Dobrý den, {{firstName}},

                    vaše faktura za {{periodName}} ({{period}}, {{amount}} Kč) byla zaplacena.
                    """)
        case (.invoicePaid, .en):
            Texts(
                subject: "Invoice for {{periodName}} paid",
                text: """
                    Hello {{firstName}},

                    your invoice for {{periodName}} ({{period}}, CZK {{amount}}) was paid.
                    """)
        case (.rateAnnounced, .cs):
            Texts(
                subject: "Nová hodinová sazba od {{effectiveFrom}}",
                text: """
                    Dobrý den, {{firstName}},

                    od {{effectiveFrom}} je vaše hodinová sazba {{amount}} Kč.
                    {{#reason}}

                    Důvod: {{reason}}
                    {{/reason}}
                    """)
        case (.rateAnnounced, .en):
            Texts(
                subject: "A new hourly rate from {{effectiveFrom}}",
                text: """
                    Hello {{firstName}},

                    from {{effectiveFrom}} your hourly rate is CZK {{amount}}.
                    {{#reason}}

                    Reason: {{reason}}
                    {{/reason}}
                    """)
        case (.bankAccountChanged, .cs):
            Texts(
                subject: "Změna bankovního účtu pro vaše faktury",
                text: """
                    Dobrý den, {{firstName}},

                    účet, na který vám platíme faktury, je nyní {{account}}.
                    Pokud jste změnu neprovedli vy ani jste o ni nežádali, ozvěte se nám hned.
                    """)
        case (.bankAccountChanged, .en):
            Texts(
                subject: "Your bank account for invoices changed",
                text: """
                    Hello {{firstName}},

                    the account we pay your invoices to is now {{account}}.
                    If you did not make or ask for this change, tell us at once.
                    """)
        }
    }

    static let monthNames: [Language: [String]] = [
        .cs: ["leden", "únor", "březen", "duben", "květen", "červen", "červenec", "srpen", "září", "říjen", "listopad", "prosinec"],
        .en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    ]

    /// What became of time off, as the sentence "… was {{decision}}" has it.
    /// Half days as a message names them; a whole day needs no word.
    static let dayParts: [Language: [String: String]] = [
        .cs: ["morning": "dopoledne", "afternoon": "odpoledne"],
        .en: ["morning": "morning", "afternoon": "afternoon"],
    ]
    /// A change of who is an admin, as a request names it.
    static let adminChanges: [Language: [String: String]] = [
        .cs: [
            "grant_admin": "udělit roli admina", "revoke_admin": "odebrat roli admina", "deactivate_admin": "deaktivovat admina",
            "reactivate_admin": "znovu aktivovat admina", "erase_person": "vymazat osobní údaje",
            "reset_admin_second_factor": "zrušit adminovi druhý faktor",
        ],
        .en: [
            "grant_admin": "make an admin", "revoke_admin": "remove the admin role from", "deactivate_admin": "deactivate the admin",
            "reactivate_admin": "reactivate the admin", "erase_person": "erase the personal data of",
            "reset_admin_second_factor": "remove the second factor of the admin",
        ],
    ]

    static let decisions: [Language: [String: String]] = [
        .cs: ["approved": "schváleno", "rejected": "zamítnuto", "cancelled": "zrušeno"],
        .en: ["approved": "approved", "rejected": "rejected", "cancelled": "cancelled"],
    ]
}
