import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookHTTP

@Suite("Desk: a person's own time")
struct DeskTimeTests {
    static let project = Demo.mobileBanking.uuidString.lowercased()

    @Test func aWorkerRunsTheTimerAddsAnEntryAndSubmitsLastMonthFromTheTimePage() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn("petra.svobodova@staffbook.example")
            let page = try await browser.get("/desk/time")
            let token = browser.token(of: page)
            let week = try #require(DeskBrowser.hidden("week", in: page.text))

            let started = try await browser.post(
                "/desk/time/timer", ["csrf": token, "week": week, "press": "start", "projectId": Self.project, "description": "Oprava <přihlášení>"])
            let running = try await browser.get("/desk/time")
            app.clock.advance(by: 45 * 60)
            let stopped = try await browser.post("/desk/time/timer", ["csrf": token, "week": week, "press": "stop"])
            let afterStop = try await browser.get(stopped.headers[.location] ?? "/desk/time")
            let added = try await browser.post(
                "/desk/time/entries",
                [
                    "csrf": token, "week": week, "day": "2026-11-16", "start": "09:00", "end": "10:30", "projectId": Self.project,
                    "description": "Revize",
                ])
            let overlapping = try await browser.post(
                "/desk/time/entries",
                [
                    "csrf": token, "week": week, "day": "2026-11-16", "start": "10:00", "end": "11:00", "projectId": Self.project,
                    "description": "Porada",
                ])
            let badTime = try await browser.post(
                "/desk/time/entries",
                [
                    "csrf": token, "week": week, "day": "2026-11-16", "start": "10:00", "end": "25:00", "projectId": Self.project,
                    "description": "Porada",
                ])
            let submitted = try await browser.post("/desk/time/timesheet", ["csrf": token, "week": week, "month": "2026-10"])
            let afterSubmit = try await browser.get("/desk/time")

            #expect(page.status == .ok && page.text.contains("Start the timer") && page.text.contains("value=\"\(Self.project)\""))
            #expect(started.status == .seeOther && started.headers[.location]?.hasPrefix("/desk/time?week=") == true)
            #expect(running.text.contains("Running since") && running.text.contains("Oprava &lt;přihlášení&gt;"))
            #expect(stopped.status == .seeOther && afterStop.text.contains("The timer is stopped"))
            #expect(afterStop.text.contains("0:45"), "the stopped timer is an entry of 45 minutes")
            #expect(added.status == .seeOther && added.headers[.location] == "/desk/time?week=2026-11-16&done=entryAdded")
            #expect(
                try await app.sql(
                    "SELECT description || ' ' || extract(epoch FROM ended_at - started_at)::int FROM time_entries WHERE account_id = '\(Demo.petraSvobodova)' AND description IN ('Revize', 'Oprava <přihlášení>') ORDER BY 1"
                ) == ["Oprava <přihlášení> 2700", "Revize 5400"])
            #expect(overlapping.status == .conflict, "the API's overlap refusal")
            #expect(overlapping.text.contains("value=\"Porada\"") && overlapping.text.contains("value=\"10:00\""), "what was typed is kept")
            #expect(badTime.status == .badRequest && badTime.text.contains("To: Expected a time of day as 08:30."))
            #expect(badTime.text.contains("value=\"25:00\""))
            #expect(submitted.status == .seeOther)
            #expect(
                try await app.sql("SELECT state FROM timesheets WHERE account_id = '\(Demo.petraSvobodova)' AND month = '2026-10-01'") == [
                    "submitted"
                ])
            #expect(afterSubmit.text.contains("The timesheet is submitted") || afterSubmit.text.contains("submitted"))
        }
    }

    @Test func aStaleEditOfAnEntryKeepsWhatWasTypedAndSomeoneElsesEntryIsNotFound() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            let token = petra.token(of: try await petra.get("/desk/time"))
            _ = try await petra.post(
                "/desk/time/entries",
                ["csrf": token, "day": "2026-11-17", "start": "08:00", "end": "09:00", "projectId": Self.project, "description": "Ráno"])
            let id = try #require(
                try await app.sql("SELECT id::text FROM time_entries WHERE account_id = '\(Demo.petraSvobodova)' AND description = 'Ráno'").first
                    ?? nil)
            let form = try await petra.get("/desk/time/entries/\(id)")
            let version = try #require(DeskBrowser.hidden("version", in: form.text))
            // Her phone changes the entry meanwhile.
            let api = try await app.token("petra.svobodova@staffbook.example")
            let phone = try await app.send(
                .patch, "/v1/me/time-entries/\(id)", token: api, json: #"{"description":"Z telefonu"}"#, headers: [.ifMatch: "\"v" + version + "\""])
            let stale = try await petra.post(
                "/desk/time/entries/\(id)",
                [
                    "csrf": token, "version": version, "day": "2026-11-17", "start": "08:00", "end": "09:30", "projectId": Self.project,
                    "description": "Ráno, déle",
                ])
            let current = try #require(DeskBrowser.hidden("version", in: stale.text))
            let again = try await petra.post(
                "/desk/time/entries/\(id)",
                [
                    "csrf": token, "version": current, "day": "2026-11-17", "start": "08:00", "end": "09:30", "projectId": Self.project,
                    "description": "Ráno, déle",
                ])

            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let janToken = jan.token(of: try await jan.get("/desk/time"))
            let hers = [
                try await jan.get("/desk/time/entries/\(id)"),
                try await jan.post(
                    "/desk/time/entries/\(id)",
                    ["csrf": janToken, "version": "3", "day": "2026-11-17", "start": "08:00", "end": "09:00", "projectId": Self.project]),
                try await jan.post("/desk/time/entries/\(id)/delete", ["csrf": janToken, "version": "3"]),
            ]
            let deleted = try await petra.post("/desk/time/entries/\(id)/delete", ["csrf": token, "version": "3"])

            #expect(form.status == .ok && form.text.contains("value=\"Ráno\"") && form.text.contains("value=\"08:00\""))
            #expect(phone.status == .ok)
            #expect(stale.status == .preconditionFailed)
            #expect(stale.text.contains("Someone changed this entry meanwhile"))
            #expect(stale.text.contains("value=\"Ráno, déle\"") && stale.text.contains("value=\"09:30\""), "what was typed is kept")
            #expect(current != version)
            #expect(again.status == .seeOther)
            #expect(hers.map(\.status) == [.notFound, .notFound, .notFound])
            #expect(deleted.status == .seeOther)
            #expect(try await app.sql("SELECT count(*)::text FROM time_entries WHERE id = '\(id)'") == ["0"])
        }
    }
}
