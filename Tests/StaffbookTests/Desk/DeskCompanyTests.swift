import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookHTTP

@Suite("Desk: an admin's company time, time report and month-end")
struct DeskCompanyTests {
    @Test func theTimeReportShowsHoursByProjectWithAChartAndDownloadsTheAPIsCSVAndXLSX() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let query = "from=2026-10-01&to=2026-10-31&groupBy=project"

            let page = try await admin.get("/desk/reports/time?" + query)
            let csv = try await admin.get("/desk/reports/time?\(query)&format=csv")
            let xlsx = try await admin.get("/desk/reports/time?\(query)&format=xlsx")
            let api = try await app.get("/v1/reports/time?\(query)&format=csv", token: try await app.token("admin@staffbook.example"))
            let backwards = try await admin.get("/desk/reports/time?from=2026-10-31&to=2026-10-01&groupBy=person")

            #expect(page.status == .ok && page.text.contains("Mobilní bankovnictví") && page.text.contains("<svg class=\"chart\""))
            #expect(page.text.contains("href=\"/desk/reports/time?from=2026-10-01&amp;to=2026-10-31&amp;groupBy=project&amp;format=xlsx\""))
            #expect(csv.status == .ok && csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"time-project-2026-10-01-2026-10-31.csv\"")
            #expect(csv.text == api.text, "the same file the API writes")
            #expect(xlsx.status == .ok && xlsx.body.readableBytesView.starts(with: Array("PK".utf8)))
            #expect(backwards.status == .badRequest && backwards.text.contains("value=\"2026-10-31\""), "what was asked for is kept")
            #expect(backwards.text.contains("<option value=\"person\" selected>"))
        }
    }

    @Test func anAdminDecidesTimeOffFromTheCompanyPageAndComesBackToIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            _ = try await petra.post(
                "/desk/time-off",
                [
                    "csrf": petra.token(of: try await petra.get("/desk/time-off")), "kind": "vacation", "firstDay": "2026-12-07",
                    "lastDay": "2026-12-08",
                ])
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let page = try await admin.get("/desk/company?month=2026-11")
            let id = try #require(try await app.sql("SELECT id::text FROM absences WHERE account_id = '\(Demo.petraSvobodova)'").first ?? nil)

            let approved = try await admin.post(
                "/desk/team/absences/\(id)", ["csrf": admin.token(of: page), "action": "approve", "back": "/desk/company?month=2026-11"])
            let elsewhere = try await admin.post(
                "/desk/team/absences/\(id)", ["csrf": admin.token(of: page), "action": "reject", "back": "https://example.com/"])

            #expect(page.status == .ok && page.text.contains("Petra Svobodová") && page.text.contains("action=\"/desk/team/absences/\(id)\""))
            #expect(page.text.contains("/desk/team/calendar?team=\(Demo.mobileTeam.uuidString.lowercased())"), "every team's calendar is a link")
            #expect(approved.status == .seeOther && approved.headers[.location] == "/desk/company?month=2026-11&done=absence.approve")
            #expect(try await app.sql("SELECT state FROM absences WHERE id = '\(id)'") == ["approved"])
            #expect(elsewhere.headers[.location]?.contains("example.com") != true, "never back to another site")
        }
    }

    @Test func theMonthEndListsJobsAndRunsTodaysRemindersByHand() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let page = try await admin.get("/desk/month-end")

            let ran = try await admin.post("/desk/month-end/run", ["csrf": admin.token(of: page), "kind": "reminders"])
            let notRunnable = try await admin.post("/desk/month-end/run", ["csrf": admin.token(of: page), "kind": "housekeeping"])
            let after = try await admin.get("/desk/month-end?state=pending")

            #expect(page.status == .ok && page.text.contains("Today&#39;s reminders") || page.text.contains("Today's reminders"))
            #expect(ran.status == .seeOther && ran.headers[.location] == "/desk/month-end?done=jobQueued")
            #expect(
                try await app.sql("SELECT kind || ':' || (payload->>'manual') FROM jobs WHERE unique_key LIKE 'manual:%'") == ["reminders:true"])
            #expect(notRunnable.status == .notFound)
            #expect(after.text.contains("by hand") && after.text.contains("<option value=\"pending\" selected>"))
        }
    }

    @Test func theCompanyPagesAreAdminsOnly() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            for email in ["lead.mobile@staffbook.example", "petra.svobodova@staffbook.example"] {
                let browser = DeskBrowser(app)
                try await browser.signIn(email)
                let token = browser.token(of: try await browser.get("/desk/me"))
                for path in [
                    "/desk/company", "/desk/reports/time", "/desk/reports/time?from=2026-10-01&to=2026-10-31&groupBy=team&format=csv",
                    "/desk/month-end",
                ] {
                    #expect(try await browser.get(path).status == .notFound, "\(email) \(path)")
                }
                #expect(try await browser.post("/desk/month-end/run", ["csrf": token, "kind": "reminders"]).status == .notFound, "\(email)")
            }
            #expect(try await app.sql("SELECT count(*)::text FROM jobs WHERE unique_key LIKE 'manual:%'") == ["0"])
        }
    }
}
