import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookHTTP

@Suite("Desk: a person's own account")
struct DeskMeTests {
    @Test func billingDetailsAreCheckedAsTheAPIChecksThemAndAChangedAccountIsMailedAndKept() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let page = try await jan.get("/desk/me")
            let token = jan.token(of: page)

            let bad = try await jan.post("/desk/me/billing", ["csrf": token, "ico": "12345678", "dic": "", "bankAccount": "2001000002/0800"])
            let saved = try await jan.post(
                "/desk/me/billing", ["csrf": token, "ico": "12345679", "dic": "CZ12345679", "bankAccount": "19-2000145399/0800"])
            let after = try await jan.get(saved.headers[.location] ?? "/desk/me")

            #expect(page.status == .ok && page.text.contains("jan.novak@staffbook.example") && page.text.contains("An admin keeps these"))
            #expect(page.text.contains("A changed bank account sends your approved, unpaid invoices back"), "the change is warned about")
            #expect(bad.status == .badRequest && bad.text.contains("IČO: ") && bad.text.contains("Bank account: "), "each field in the API's words")
            #expect(bad.text.contains("value=\"12345678\"") && bad.text.contains("value=\"2001000002/0800\""), "what was typed is kept")
            #expect(saved.status == .seeOther && after.text.contains("Your billing details are saved"))
            #expect(after.text.contains("value=\"19-2000145399/0800\"") && after.text.contains("value=\"CZ12345679\""))
            #expect(try await app.sql("SELECT bank_account FROM accounts WHERE id = '\(Demo.janNovak)'") == ["CZ6508000000192000145399"])
            #expect(
                try await app.sql("SELECT count(*)::text FROM notifications WHERE account_id = '\(Demo.janNovak)' AND kind = 'bank_account_changed'")
                    == ["1"])
        }
    }

    @Test func notificationPreferencesRefuseChatWithoutAWebhookAndSavingEnglishSwitchesTheDesk() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            let page = try await petra.get("/desk/me")
            let token = petra.token(of: page)

            let refused = try await petra.post(
                "/desk/me/preferences", ["csrf": token, "language": "en", "channel.invoice_paid": "chat", "chatWebhookUrl": ""])
            let saved = try await petra.post(
                "/desk/me/preferences", ["csrf": token, "language": "en", "channel.invoice_paid": "off", "chatWebhookUrl": ""])
            let after = try await petra.get("/desk/me")

            #expect(!page.text.contains("The missing invoices (admins)"), "a worker is not offered an admin's digest")
            #expect(refused.status == .badRequest && refused.text.contains("Chat webhook (https): "))
            #expect(refused.text.contains("<option value=\"chat\" selected>"), "the chosen channel is kept")
            #expect(saved.status == .seeOther && saved.headers[.setCookie]?.contains("sb_lang=en") == true)
            #expect(after.text.contains("Your language and notifications are saved") || after.status == .ok)
            #expect(
                try await app.sql(
                    "SELECT a.language || ':' || p.channel FROM accounts a JOIN notification_preferences p ON p.account_id = a.id WHERE a.id = '\(Demo.petraSvobodova)' AND p.kind = 'invoice_paid'"
                ) == ["en:off"])
            #expect(
                try await app.sql(
                    "SELECT channel FROM notification_preferences WHERE account_id = '\(Demo.petraSvobodova)' AND kind = 'statement_ready'") == [
                        "email"
                    ])
        }
    }

    @Test func aPersonalTokenIsShownOnceWorksForItsScopeAndStopsWhenRevoked() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let token = jan.token(of: try await jan.get("/desk/me"))

            let noScope = try await jan.post("/desk/me/tokens", ["csrf": token, "name": "Tlačítko", "expiresOn": "2027-02-01"])
            let past = try await jan.post("/desk/me/tokens", ["csrf": token, "name": "Tlačítko", "scope.timer": "on", "expiresOn": "2026-01-01"])
            let created = try await jan.post("/desk/me/tokens", ["csrf": token, "name": "Tlačítko", "scope.timer": "on", "expiresOn": "2027-02-01"])
            let secret = try #require(created.text.range(of: #"sbp_[A-Za-z0-9_-]+"#, options: .regularExpression).map { String(created.text[$0]) })
            let timer = try await app.get("/v1/me/timer", token: secret)
            let invoices = try await app.get("/v1/me/invoices", token: secret)
            let listed = try await jan.get("/desk/me")
            let id = try #require(try await app.sql("SELECT id::text FROM personal_access_tokens WHERE name = 'Tlačítko'").first ?? nil)

            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            let othersRevoke = try await petra.post("/desk/me/tokens/\(id)/revoke", ["csrf": petra.token(of: try await petra.get("/desk/me"))])
            let stillWorks = try await app.get("/v1/me/timer", token: secret)
            let revoked = try await jan.post("/desk/me/tokens/\(id)/revoke", ["csrf": token])
            let afterRevoke = try await app.get("/v1/me/timer", token: secret)

            #expect(noScope.status == .badRequest && noScope.text.contains("value=\"Tlačítko\""))
            #expect(past.status == .badRequest && past.text.contains("Works through: "), "an expiry in the past in the API's words")
            #expect(created.status == .created && created.text.contains("it is shown this once"))
            #expect(created.text.contains("data-copy=\"new-token\""), "a copy button for the secret")
            #expect(timer.status == .ok, "the token presses the timer")
            #expect(invoices.status == .forbidden, "and does nothing its scopes do not allow")
            #expect(listed.text.contains("Tlačítko") && !listed.text.contains(secret), "the list never shows the secret again")
            #expect(othersRevoke.status == .notFound && stillWorks.status == .ok, "someone else's token is not found")
            #expect(revoked.status == .seeOther && afterRevoke.status == .unauthorized)
        }
    }

    @Test func endingAnotherSessionSignsThatBrowserOutAndSomeoneElsesSessionIsNotFound() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let laptop = DeskBrowser(app)
            try await laptop.signIn("petra.svobodova@staffbook.example")
            let phone = DeskBrowser(app)
            try await phone.signIn("petra.svobodova@staffbook.example")
            let page = try await laptop.get("/desk/me")
            let token = laptop.token(of: page)
            let sessions = try await app.sql(
                "SELECT id::text FROM sessions WHERE account_id = '\(Demo.petraSvobodova)' AND revoked_at IS NULL ORDER BY created_at")
            let phoneSession = try #require(sessions.last ?? nil)
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")

            let othersEnd = try await jan.post("/desk/me/sessions/\(phoneSession)/end", ["csrf": jan.token(of: try await jan.get("/desk/me"))])
            let phoneStill = try await phone.get("/desk/me")
            let ended = try await laptop.post("/desk/me/sessions/\(phoneSession)/end", ["csrf": token])
            let phoneAfter = try await phone.get("/desk/me")
            let linkAsked = try await laptop.post("/desk/me/password", ["csrf": token])

            #expect(sessions.count == 2 && page.text.contains("(this one)"))
            #expect(othersEnd.status == .notFound && phoneStill.status == .ok)
            #expect(ended.status == .seeOther && ended.headers[.location] == "/desk/me?done=sessionEnded")
            #expect(phoneAfter.status == .seeOther && phoneAfter.headers[.location]?.hasPrefix("/desk/sign-in") == true)
            #expect(linkAsked.status == .seeOther && linkAsked.headers[.location] == "/desk/me?done=passwordLinkSent")
            #expect(
                try await app.sql("SELECT payload->>'email' FROM jobs WHERE kind = 'password_reset'") == ["petra.svobodova@staffbook.example"])
        }
    }

    @Test func aCalendarLinkIsMadeOnTheTimeOffPageServesTheFeedAndIsRevoked() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            let token = petra.token(of: try await petra.get("/desk/time-off"))

            let made = try await petra.post("/desk/time-off/feeds", ["csrf": token])
            let page = try await petra.get("/desk/time-off?done=feedMade")
            let url = try #require(
                page.text.range(of: #"http[^"]*/v1/calendar-feeds/[A-Za-z0-9_-]+"#, options: .regularExpression).map { String(page.text[$0]) })
            let path = try #require(URLComponents(string: url)?.path)
            let feed = try await app.execute(path)
            let id = try #require(try await app.sql("SELECT id::text FROM calendar_feeds WHERE account_id = '\(Demo.petraSvobodova)'").first ?? nil)
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let othersRevoke = try await jan.post("/desk/time-off/feeds/\(id)/revoke", ["csrf": jan.token(of: try await jan.get("/desk/time-off"))])
            let revoked = try await petra.post("/desk/time-off/feeds/\(id)/revoke", ["csrf": token])
            let feedAfter = try await app.execute(path)

            #expect(made.status == .seeOther && made.headers[.location] == "/desk/time-off?done=feedMade#feeds-heading")
            #expect(page.text.contains("The link is made"))
            #expect(page.text.contains("data-copy=\"feed-1\""), "a copy button for the link")
            #expect(feed.status == .ok && feed.headers[.contentType]?.hasPrefix("text/calendar") == true && feed.text.contains("BEGIN:VCALENDAR"))
            #expect(othersRevoke.status == .notFound)
            #expect(revoked.status == .seeOther && feedAfter.status == .notFound)
        }
    }

    @Test func theMePageIsEveryRolesAndAskedSignedOutGoesToSignIn() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let anonymous = DeskBrowser(app)
            let signedOut = try await anonymous.get("/desk/me")
            #expect(signedOut.status == .seeOther && signedOut.headers[.location] == "/desk/sign-in?next=/desk/me")
            for email in ["admin@staffbook.example", "lead.mobile@staffbook.example", "petra.svobodova@staffbook.example"] {
                let browser = DeskBrowser(app)
                try await browser.signIn(email)
                let page = try await browser.get("/desk/me")
                #expect(page.status == .ok && page.text.contains(email) && page.text.contains("href=\"/desk/me\""), "\(email)")
                #expect(page.text.contains("The missing invoices (admins)") == (email == "admin@staffbook.example"))
            }
        }
    }
}
