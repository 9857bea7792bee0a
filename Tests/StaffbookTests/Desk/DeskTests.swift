import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookCore
@testable import StaffbookDesk
@testable import StaffbookHTTP

/// The desk through real HTTP on the real application: sessions by cookie, form tokens, the
/// access policy as the API's, the admin's month and invoice pages, and text people typed shown
/// as text.
@Suite("Desk: the admin's pages")
struct DeskTests {
    static let admin = "admin@staffbook.example"
    /// A submitted October invoice of the demo (Petra Svobodová's).
    static let october = Demo.invoiceId(Demo.petraSvobodova, "2026-10-01")

    @Test func signingInGivesACookieSessionListedWithTheOthersAndSigningOutEndsIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)

            let before = try await browser.get("/desk/invoices")
            let form = try await browser.get(before.headers[.location] ?? "")
            let signedIn = try await browser.post(
                "/desk/sign-in",
                [
                    "csrf": browser.token(of: form), "next": DeskBrowser.hidden("next", in: form.text) ?? "", "email": Self.admin,
                    "password": Demo.password,
                ])
            let month = try await browser.get("/desk/invoices")
            let sessions = try await app.sql(
                "SELECT client_description FROM sessions WHERE revoked_at IS NULL AND client_description LIKE 'Desk:%'")
            let signedOut = try await browser.post("/desk/sign-out", ["csrf": browser.token(of: month)])
            let after = try await browser.get("/desk/invoices")
            let ended = try await app.sql("SELECT revoked_reason FROM sessions WHERE client_description LIKE 'Desk:%'")

            #expect(before.status == .seeOther && before.headers[.location] == "/desk/sign-in?next=/desk/invoices")
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/desk/invoices", "back where the person was going")
            let cookie = signedIn.headers[values: .setCookie].first { $0.hasPrefix("sb_desk=") } ?? ""
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/desk"))
            #expect(!cookie.contains("Secure"), "served over plain HTTP here")
            #expect(month.status == .ok && month.text.contains("Alena Dvořáková"))
            #expect(month.text.contains("Svobodová"), "October's invoices, the month before the clock's November")
            #expect(sessions.count == 1)
            #expect(signedOut.status == .seeOther && signedOut.headers[.location] == "/desk/sign-in")
            #expect(after.status == .seeOther)
            #expect(ended == ["logout"])
        }
    }

    @Test func aWrongPasswordIsRefusedInTheAPIsWordsWithTheEmailKept() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)

            let refused = try await browser.signIn("admin@staffbook.example", password: "not the password")
            let api = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.1"],
                json: #"{"email":"admin@staffbook.example","password":"not the password"}"#)

            #expect(refused.status == .unauthorized)
            #expect(refused.text.contains("value=\"admin@staffbook.example\""))
            #expect(refused.text.contains(try #require(api.problem?.detail)))
            #expect(!refused.text.contains("not the password"))
            #expect(browser.cookies["sb_desk"] == nil)
        }
    }

    @Test func aFormWithoutItsTokenIsRefusedAndChangesNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)
            let page = try await browser.get("/desk/invoices/\(Self.october)")
            let version = DeskBrowser.hidden("version", in: page.text) ?? ""

            let noToken = try await browser.post("/desk/invoices/\(Self.october)", ["action": "approve", "version": version])
            let otherToken = try await browser.post(
                "/desk/invoices/\(Self.october)", ["action": "approve", "version": version, "csrf": "AAAA" + browser.token(of: page)])
            let signOut = try await browser.post("/desk/sign-out", [:])
            let stillIn = try await browser.get("/desk/invoices")
            let signInElsewhere = try await DeskBrowser(app).post(
                "/desk/sign-in", ["email": Self.admin, "password": Demo.password, "csrf": "made-up"])

            #expect(noToken.status == .forbidden && otherToken.status == .forbidden && signOut.status == .forbidden)
            #expect(noToken.text.contains("This form cannot be accepted"))
            #expect(stillIn.status == .ok)
            #expect(signInElsewhere.status == .forbidden)
            #expect(try await app.sql("SELECT state FROM invoices WHERE id = '\(Self.october)'") == ["submitted"])
        }
    }

    @Test func aWorkerAndATeamLeaderGet404ForEveryAdminPage() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            for email in ["petra.svobodova@staffbook.example", "lead.mobile@staffbook.example"] {
                let browser = DeskBrowser(app)
                try await browser.signIn(email)
                let toTime = try await browser.get("/desk")
                let home = try await browser.get("/desk/time")
                let token = browser.token(of: home)
                let own = Demo.invoiceId(Demo.petraSvobodova, "2026-10-01")
                let someoneElses = Demo.invoiceId(Demo.ondrejChalupa, "2026-10-01")

                let answers = [
                    try await browser.get("/desk/invoices"),
                    try await browser.get("/desk/invoices/\(own)"),
                    try await browser.get("/desk/invoices/\(someoneElses)/file"),
                    try await browser.post("/desk/invoices/\(own)", ["csrf": token, "action": "approve", "version": "1"]),
                    try await browser.post("/desk/invoices/\(own)/bank-account", ["csrf": token, "version": "1"]),
                    try await browser.post("/desk/invoices/approve-clean", ["csrf": token, "period": "2026-10", "key": "k"]),
                    try await browser.post("/desk/invoices/missing/\(Demo.janNovak)/remind", ["csrf": token, "period": "2026-10"]),
                    try await browser.get("/desk/invoices/missing?period=2026-10"),
                ]

                #expect(toTime.status == .seeOther && toTime.headers[.location] == "/desk/time", "their own time is their home")
                #expect(home.status == .ok, "\(email)")
                #expect(answers.map(\.status) == Array(repeating: .notFound, count: answers.count), "\(email)")
                #expect(answers.allSatisfy { $0.text.contains("Nothing here") })
            }
            #expect(try await app.sql("SELECT DISTINCT state FROM invoices WHERE period = '2026-10-01'") == ["submitted"])
        }
    }

    @Test func anAdminApprovesThroughTheFormAndASecondPressAppliesNothingTwice() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)
            let page = try await browser.get("/desk/invoices/\(Self.october)")
            let fields: KeyValuePairs<String, String> = [
                "csrf": browser.token(of: page), "version": DeskBrowser.hidden("version", in: page.text) ?? "", "action": "approve",
            ]

            let first = try await browser.post("/desk/invoices/\(Self.october)", fields)
            let second = try await browser.post("/desk/invoices/\(Self.october)", fields)
            let shown = try await browser.get(first.headers[.location] ?? "")
            let events = try await app.sql(
                "SELECT count(*)::text FROM invoice_events WHERE invoice_id = '\(Self.october)' AND action = 'approve'")

            #expect(page.text.contains("name=\"action\" value=\"approve\""))
            #expect(first.status == .seeOther && first.headers[.location] == "/desk/invoices/\(Self.october)?done=approve")
            // The second press (another tab, a double click) is told it was done already, by whom
            // and when, instead of "Done." (fifth round: "Done." that did nothing).
            #expect(
                second.status == .ok && second.text.contains("Nothing done: this was done already — approved, Alena Dvořáková"),
                "\(second.text.prefix(3000))")
            #expect(shown.text.contains("Approved.") && shown.text.contains("approved"))
            #expect(shown.text.contains(": approved → approved, Alena Dvořáková</li>"), "the history names the approval and who")
            #expect(shown.text.contains("Version 1: ") && shown.text.contains("(current)"), "the file's versions")
            #expect(events == ["1"])
        }
    }

    @Test func aStaleFormSaysSoAndKeepsWhatWasTyped() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)
            let page = try await browser.get("/desk/invoices/\(Self.october)")
            // Another admin approves it meanwhile, through the API.
            let approved = try await app.send(
                .post, "/v1/invoices/\(Self.october)/actions/approve", token: try await app.token("lead.web@staffbook.example"), json: "{}",
                headers: [.ifMatch: "*"])

            let returned = try await browser.post(
                "/desk/invoices/\(Self.october)",
                [
                    "csrf": browser.token(of: page), "version": DeskBrowser.hidden("version", in: page.text) ?? "", "action": "return",
                    "reason": "Chybí podpis — & <b>",
                ])

            #expect(approved.status == .ok)
            #expect(returned.status == .ok)
            #expect(returned.text.contains("Someone changed this invoice meanwhile"))
            #expect(returned.text.contains("Chybí podpis — &amp; &lt;b&gt;</textarea>"))
            #expect(try await app.sql("SELECT state FROM invoices WHERE id = '\(Self.october)'") == ["approved"])
        }
    }

    @Test func aReturnWithoutAReasonAndAnApprovalOverFailingChecksAreRefusedInTheAPIsWords() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            _ = try await app.sql(
                """
                UPDATE invoices SET needs_attention = true,
                  checks = '[{"kind":"amount","status":"fail","code":"over_tolerance","expected":98560,"invoiced":89600,"difference":-8960}]'
                WHERE id = '\(Self.october)' RETURNING id::text
                """)
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)
            let page = try await browser.get("/desk/invoices/\(Self.october)")
            let version = DeskBrowser.hidden("version", in: page.text) ?? ""
            let token = browser.token(of: page)
            let api = try await app.send(
                .post, "/v1/invoices/\(Self.october)/actions/return", token: try await app.token(Self.admin), json: "{}", headers: [.ifMatch: "*"])

            let noReason = try await browser.post(
                "/desk/invoices/\(Self.october)", ["csrf": token, "version": version, "action": "return", "reason": "  "])
            let override = try await browser.post(
                "/desk/invoices/\(Self.october)",
                ["csrf": token, "version": version, "action": "approve-override", "reason": "Smluvená odměna navíc"])

            #expect(page.text.contains("Amount against the hours and rates: fails"))
            #expect(page.text.contains("CZK\u{00A0}98,560.00"), "the expected amount")
            #expect(!page.text.contains("name=\"action\" value=\"approve\""), "only the override while a check fails")
            #expect(noReason.status.code == api.status.code)
            #expect(noReason.text.contains(try #require(api.problem?.detail)))
            #expect(override.status == .seeOther)
            #expect(try await app.sql("SELECT state FROM invoices WHERE id = '\(Self.october)'") == ["approved"])
            #expect(
                try await app.sql("SELECT reason FROM invoice_events WHERE invoice_id = '\(Self.october)' AND action = 'approve_override'")
                    == ["Smluvená odměna navíc"])
        }
    }

    @Test func approveAllCleanApprovesWhatPassesEveryCheckAndListsTheRestWithWhy() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            _ = try await app.sql(
                """
                UPDATE invoices SET needs_attention = true, checks = '[{"kind":"supplier","status":"fail","code":"missing"}]'
                WHERE id = '\(Self.october)' RETURNING id::text
                """)
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)
            let month = try await browser.get("/desk/invoices?period=2026-10")
            let fields: KeyValuePairs<String, String> = [
                "csrf": browser.token(of: month), "period": "2026-10", "key": DeskBrowser.hidden("key", in: month.text) ?? "",
            ]

            let report = try await browser.post("/desk/invoices/approve-clean", fields)
            let again = try await browser.post("/desk/invoices/approve-clean", fields)
            let states = try await app.sql("SELECT state || ':' || count(*) FROM invoices WHERE period = '2026-10-01' GROUP BY state ORDER BY 1")

            #expect(month.text.contains("Supplier is the person: fails"))
            #expect(report.status == .ok)
            #expect(report.text.contains("Approved: 24 · Skipped: 1"))
            #expect(report.text.contains("Petra Svobodová"))
            #expect(again.text.contains("Approved: 24 · Skipped: 1"), "the same key answers the same report")
            #expect(states == ["approved:24", "submitted:1"])
        }
    }

    @Test func remindNowSendsTheMissingPersonOneReminderAndSaysSoBesideTheirName() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)
            let month = try await browser.get("/desk/invoices?period=2026-10")
            let list = try await browser.get("/desk/invoices/missing?period=2026-10")
            let fields: KeyValuePairs<String, String> = ["csrf": browser.token(of: list), "period": "2026-10"]

            let first = try await browser.post("/desk/invoices/missing/\(Demo.janNovak)/remind", fields)
            let shown = try await browser.get(first.headers[.location] ?? "")
            let second = try await browser.post("/desk/invoices/missing/\(Demo.janNovak)/remind", fields)
            let shownAgain = try await browser.get(second.headers[.location] ?? "")
            let forged = try await browser.post("/desk/invoices/missing/\(Demo.janNovak)/remind", ["period": "2026-10"])
            let notMissing = try await browser.post("/desk/invoices/missing/\(Demo.petraSvobodova)/remind", fields)

            #expect(month.text.contains("href=\"/desk/invoices/missing?period=2026-10\""))
            #expect(list.text.contains("action=\"/desk/invoices/missing/\(Demo.janNovak)/remind\""))
            #expect(list.text.contains("aria-label=\"Remind now: Jan Novák\""))
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/desk/invoices/missing?period=2026-10&reminded=\(Demo.janNovak)&sent=1")
            #expect(shown.text.contains("Jan Novák (jan.novak@staffbook.example)"))
            #expect(shown.text.contains("<strong role=\"status\">Reminder sent.</strong>"))
            #expect(shownAgain.text.contains("Already reminded today; nothing sent."))
            #expect(forged.status == .forbidden)
            #expect(notMissing.status == .conflict)
            #expect(notMissing.text.contains("not missing an invoice for 2026-10"))
            let reminders = try await app.sql(
                "SELECT count(*)::text FROM notifications WHERE account_id = '\(Demo.janNovak)' AND kind = 'invoice_reminder'")
            #expect(reminders == ["1"])
        }
    }

    @Test func whatPeopleTypedIsShownAsTextOnEveryPageThatShowsIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let script = "<script>alert(1)</script>"
            let image = "\"><img src=x onerror=alert(2)>"
            _ = try await app.sql(
                "UPDATE accounts SET last_name = 'Svobodová\(script)', first_name = 'Petra\(image)' WHERE id = '\(Demo.petraSvobodova)' RETURNING id::text"
            )
            _ = try await app.sql(
                "UPDATE invoices SET state = 'returned', return_reason = '\(image)\(script)', invoice_number = '\(script)' WHERE id = '\(Self.october)' RETURNING id::text"
            )
            let browser = DeskBrowser(app)
            try await browser.signIn(Self.admin)

            let pages = [
                try await browser.get("/desk/invoices?period=2026-10"),
                try await browser.get("/desk/invoices?period=2026-10&q=Svobodov"),
                try await browser.get("/desk/invoices/\(Self.october)"),
            ]

            for page in pages {
                #expect(page.status == .ok)
                #expect(!page.text.contains(script) && !page.text.contains("<img"), "\(page.text.prefix(200))")
                #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            }
            #expect(pages[2].text.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        }
    }

    @Test func pagesCarryAStrictPolicyTheStylesheetIsImmutableAndUnknownPathsAnswerA404Page() async throws {
        try await TestApp.test { app in
            let browser = DeskBrowser(app)
            let signIn = try await browser.get("/desk/sign-in")
            let css = DeskBrowser.href(in: signIn.text) ?? ""
            let sheet = try await browser.get(css)
            let scriptPath = signIn.text.firstMatch(of: /<script src="([^"]+)" defer><\/script>/).map { String($0.1) } ?? ""
            let script = try await browser.get(scriptPath)
            let unknown = try await browser.get("/desk/nothing/here")
            let oldSheet = try await browser.get("/desk/assets/desk.0000.css")
            let czech = try await browser.get("/desk/language?to=cs&back=%2Fdesk%2Fsign-in")
            let inCzech = try await browser.get("/desk/sign-in")
            let offsite = try await browser.get("/desk/language?to=en&back=%2F%2Fevil.example")

            let policy = signIn.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
            #expect(signIn.headers[.cacheControl] == "no-store")
            #expect(sheet.status == .ok && sheet.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(scriptPath.hasPrefix("/desk/assets/desk.") && scriptPath.hasSuffix(".js"), "our one script, by its content's hash")
            #expect(script.status == .ok && script.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8" && script.text.contains("data-drop"))
            #expect(policy.contains("script-src 'self'"), "no inline script, none from elsewhere")
            #expect(unknown.status == .notFound && unknown.headers[.contentType] == "text/html; charset=utf-8")
            #expect(oldSheet.status == .notFound)
            #expect(czech.status == .seeOther && czech.headers[.location] == "/desk/sign-in")
            #expect(inCzech.text.contains("<html lang=\"cs\">") && inCzech.text.contains("Přihlásit se"))
            #expect(offsite.headers[.location] == "/desk")
        }
    }

    @Test func everyWordATemplateShowsHasATextInBothLanguages() throws {
        let used = Set(
            (DeskTemplates.all + DeskTemplates.rows).flatMap { _, text in text.matches(of: /\{\{[#^\/]?t\.([A-Za-z]+)[}.]/).map { String($0.1) } })
        let english = DeskTexts.all(.en)
        let czech = DeskTexts.all(.cs)

        #expect(used.count > 50)
        #expect(used.filter { english[$0] == nil || czech[$0] == nil }.sorted() == [])
        #expect(!DeskTemplates.all.contains { $0.1.contains(/\{\{t\.[A-Za-z]+\.[A-Za-z]/) }, "a dotted key is read as nested")
        #expect(DeskTemplates.all.filter { $0.1.contains("\\") }.map(\.0) == [], "a line's continuation written twice shows as a backslash")
        let keys = DeskTexts.table.map(\.0)
        #expect(Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted() == [], "a second entry of a key is never read")
    }

    /// An invoice's history names each event in words: every action the server writes into it
    /// (the engine's, the notes of payment runs and bank accounts) has words in both languages, so
    /// no page shows `event.payment-run`.
    @Test func everyEventOfAnInvoiceHasWordsInBothLanguages() throws {
        var actions = Set(InvoiceAction.allCases.map(\.rawValue))
        actions.formUnion(["approve_override", "approve_override_requested", "paid-by-statement"])
        actions.formUnion(["confirm_bank_account", "confirm_bank_account_requested"])
        let written = try Regex(#"(?s)InvoiceWriter\.note\((?:(?!\)\n)[^"])*?action: "([a-z_-]+)"|invoiceNote = "([a-z_-]+)""#)
        for target in ["StaffbookCore", "StaffbookPostgres", "StaffbookJobs"] {
            for (_, text) in try ArchitectureTests.sources(target) {
                for match in text.matches(of: written) {
                    if let action = match.output[1].substring ?? match.output[2].substring { actions.insert(String(action)) }
                }
            }
        }
        #expect(actions.isSuperset(of: ["payment-run", "payment-run-sent", "payment-run-cancelled", "left-out-of-run"]))
        let english = DeskTexts.all(.en)
        let czech = DeskTexts.all(.cs)
        #expect(actions.filter { english["event." + $0] == nil || czech["event." + $0] == nil }.sorted() == [])
    }

    @Test func aRowTemplateEscapesEachValueAsMustacheDoesAndRefusesAnythingButPlainValues() throws {
        let row = try RowTemplate("<td title=\"{{name}}\">{{ name }}</td><td>{{{markup}}}</td>{{missing}}|")
        var html = "<tr>"
        row.render(["name": "Žofie <b>\"O'Neil\" & co</b> 🎉", "markup": "<br>"], into: &html)

        #expect(
            html == "<tr><td title=\"Žofie &lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt; 🎉\">"
                + "Žofie &lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt; 🎉</td><td><br></td>|")
        #expect(RowTemplate.escaped("plain") == "plain" && RowTemplate.escaped("") == "" && RowTemplate.escaped("&") == "&amp;")
        for malformed in ["{{#rows}}x{{/rows}}", "{{t.person}}", "{{> problem}}", "{{open", "{{}}"] {
            #expect(throws: RowTemplate.Malformed.self) { try RowTemplate(malformed) }
        }
    }

    @Test func moneyAndDatesAreWrittenAsEachLanguageWritesThem() {
        let czech = DeskFormat(language: .cs)
        let english = DeskFormat(language: .en)

        #expect(czech.money(Decimal(string: "1234.5")!, currency: "CZK") == "1\u{202F}234,50\u{00A0}Kč")
        #expect(english.money(Decimal(string: "1234.5")!, currency: "CZK") == "CZK\u{00A0}1,234.50")
        #expect(english.money(Decimal(string: "-1234567.05")!, currency: "EUR") == "−€1,234,567.05")
        #expect(czech.day(CalendarDay(year: 2026, month: 4, day: 3)) == "3. 4. 2026")
        #expect(english.day(CalendarDay(year: 2026, month: 4, day: 3)) == "3 Apr 2026")
        #expect(czech.month(CalendarMonth(year: 2026, month: 10)) == "říjen 2026")
    }
}

extension DeskBrowser {
    static func href(in html: String) -> String? {
        guard let range = html.range(of: "rel=\"stylesheet\" href=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}
