/// The words of the admins' integrations pages (webhook endpoints).
extension DeskTexts {
    static let integrations: [(String, String, String)] = [
        ("integrations", "Integrations", "Integrace"),
        (
            "integrationsLead",
            "Other systems hear what happens here through webhooks: each endpoint gets the events it asks for, signed (Standard Webhooks).",
            "Jiné systémy se o dění dozvídají přes webhooky: každý koncový bod dostává události, o které požádá, podepsané (Standard Webhooks)."
        ),
        ("endpointUrl", "URL (https)", "URL (https)"),
        ("endpointDescription", "What it is for", "K čemu slouží"),
        ("endpointTypes", "Events", "Události"),
        ("endpointState", "State", "Stav"),
        ("endpointOn", "on", "zapnuto"),
        ("endpointFailing", "on, failing", "zapnuto, selhává"),
        ("endpointOff", "off", "vypnuto"),
        ("endpointActive", "On: deliver events", "Zapnuto: doručovat události"),
        ("noEndpoints", "No endpoints yet.", "Zatím žádné koncové body."),
        ("newEndpoint", "A new endpoint", "Nový koncový bod"),
        ("registerEndpoint", "Register", "Zaregistrovat"),
        ("endpointCreated", "Registered", "Zaregistrováno"),
        (
            "endpointSecretOnce", "Its signing secret, shown only now: give it to whoever runs the receiving system.",
            "Podpisový klíč, zobrazený jen teď: předejte ho tomu, kdo spravuje přijímající systém."
        ),
        ("endpointSecret", "Signing secret", "Podpisový klíč"),
        ("endpointSettings", "Settings", "Nastavení"),
        ("deliveryLog", "Deliveries (latest 50)", "Doručení (posledních 50)"),
        ("noDeliveries", "Nothing delivered yet.", "Zatím nic nedoručeno."),
        ("deliveryEvent", "Event", "Událost"),
        ("deliveryAttempts", "Attempts", "Pokusy"),
        ("deliveryStatus", "Answer", "Odpověď"),
        ("deliveryLatency", "Took", "Trvalo"),
        ("deliveryNext", "Next attempt", "Další pokus"),
        ("replay", "Send again", "Poslat znovu"),
        ("deleteEndpoint", "Remove the endpoint and its log", "Odstranit koncový bod i s historií"),
        ("endpointFailingSince", "Failing since", "Selhává od"),
        ("delivery.pending", "waiting", "čeká"),
        ("delivery.delivered", "delivered", "doručeno"),
        ("delivery.failed", "given up", "vzdáno"),
        ("done.saved", "Saved.", "Uloženo."),
        ("done.replayed", "Queued to be sent again.", "Zařazeno k novému odeslání."),
        ("allIntegrations", "All endpoints", "Všechny koncové body"),
        ("pushHeading", "Notifications in this browser", "Upozornění v tomto prohlížeči"),
        (
            "pushWhat", "What reaches you by e-mail or chat also appears here as a notification, in each browser you turn it on in.",
            "Co vám chodí e-mailem nebo do chatu, se ukáže i jako upozornění v každém prohlížeči, kde to zapnete."
        ),
        ("pushService", "Browser (push service)", "Prohlížeč (služba push)"),
        ("since", "Since", "Od"),
        ("pushOn", "Turn on in this browser", "Zapnout v tomto prohlížeči"),
        ("pushOff", "Turn off", "Vypnout"),
        (
            "pushUnsupported", "This browser cannot show notifications from the desk (or scripts are off).",
            "Tento prohlížeč neumí zobrazovat upozornění z desku (nebo má vypnuté skripty)."
        ),
        (
            "pushFailed", "The browser did not allow notifications. Allow them in its settings and try again.",
            "Prohlížeč upozornění nepovolil. Povolte je v jeho nastavení a zkuste to znovu."
        ),
        ("done.pushOn", "This browser now gets your notifications.", "Tento prohlížeč teď dostává vaše upozornění."),
        ("done.pushOff", "That browser no longer gets your notifications.", "Ten prohlížeč už upozornění nedostává."),
        // The names of the fields a refusal names (`body.url`, `body.eventTypes`).
        ("url", "URL", "URL"),
        ("eventTypes", "Events", "Události"),
        ("endpoint", "Push service", "Služba push"),
    ]
}
