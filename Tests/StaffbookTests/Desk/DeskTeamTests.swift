import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookHTTP

@Suite("Desk: time off and the team's month")
struct DeskTeamTests {
    static let mobile = Demo.mobileTeam.uuidString.lowercased()
    static let petra = Demo.petraSvobodova.uuidString.lowercased()

    /// Petra asks for two days of vacation and submits October; returns her token and the request's id.
    private static func petraAsks(_ app: TestContext) async throws -> (DeskBrowser, String) {
        let petra = DeskBrowser(app)
        try await petra.signIn("petra.svobodova@staffbook.example")
        let token = petra.token(of: try await petra.get("/desk/time-off"))
        _ = try await petra.post(
            "/desk/time-off", ["csrf": token, "kind": "vacation", "firstDay": "2026-12-07", "lastDay": "2026-12-08", "part": "full"])
        _ = try await petra.post("/desk/time/timesheet", ["csrf": token, "month": "2026-10"])
        let id = try #require(
            try await app.sql("SELECT id::text FROM absences WHERE account_id = '\(Demo.petraSvobodova)' AND first_day = '2026-12-07'").first ?? nil)
        return (petra, id)
    }

    @Test func aWorkerAsksForVacationAndTheirLeaderApprovesItAndTheTimesheetFromTheTeamsMonth() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            let timeOff = try await petra.get("/desk/time-off")
            let token = petra.token(of: timeOff)
            let asked = try await petra.post(
                "/desk/time-off",
                ["csrf": token, "kind": "vacation", "firstDay": "2026-12-07", "lastDay": "2026-12-08", "part": "full", "note": "Hory"])
            let refused = try await petra.post(
                "/desk/time-off",
                ["csrf": token, "kind": "vacation", "firstDay": "2026-12-09", "lastDay": "", "part": "hours", "hours": "2,5", "note": "Zubař"])
            let listed = try await petra.get("/desk/time-off")
            _ = try await petra.post("/desk/time/timesheet", ["csrf": token, "month": "2026-10"])
            let absenceId = try #require(
                try await app.sql("SELECT id::text FROM absences WHERE account_id = '\(Demo.petraSvobodova)' AND first_day = '2026-12-07'").first
                    ?? nil)

            let lead = DeskBrowser(app)
            try await lead.signIn("lead.mobile@staffbook.example")
            let month = try await lead.get("/desk/team?month=2026-10")
            let leadToken = lead.token(of: month)
            let returnedWithoutReason = try await lead.post(
                "/desk/team/timesheets/\(Self.petra)", ["csrf": leadToken, "action": "return", "month": "2026-10", "team": Self.mobile, "reason": ""])
            let approvedSheet = try await lead.post(
                "/desk/team/timesheets/\(Self.petra)", ["csrf": leadToken, "action": "approve", "month": "2026-10", "team": Self.mobile])
            let approvedAbsence = try await lead.post(
                "/desk/team/absences/\(absenceId)", ["csrf": leadToken, "action": "approve", "month": "2026-10", "team": Self.mobile])
            let after = try await lead.get(approvedAbsence.headers[.location] ?? "/desk/team")
            let petraAfter = try await petra.get("/desk/time-off")

            #expect(timeOff.status == .ok && timeOff.text.contains("Vacation 2026") && timeOff.text.contains("Ask for time off"))
            #expect(asked.status == .seeOther && asked.headers[.location] == "/desk/time-off?done=absenceRequested")
            #expect(refused.status == .badRequest && refused.text.contains("Hours:"), "the API's words, with the field's label")
            #expect(refused.text.contains("value=\"Zubař\"") && refused.text.contains("value=\"2,5\""), "what was typed is kept")
            #expect(listed.text.contains("waiting") && listed.text.contains("Cancel"))
            #expect(month.status == .ok && month.text.contains("Petra Svobodová") && month.text.contains("submitted"))
            #expect(month.text.contains("/desk/team/absences/\(absenceId)") && month.text.contains("Hory"))
            #expect(
                returnedWithoutReason.status == .badRequest && returnedWithoutReason.text.contains("Reason"), "a return needs a reason, as in the API"
            )
            #expect(approvedSheet.status == .seeOther && approvedAbsence.status == .seeOther)
            #expect(after.text.contains("The time off is approved") && after.text.contains("No request waits for a decision."))
            #expect(
                try await app.sql("SELECT state FROM timesheets WHERE account_id = '\(Demo.petraSvobodova)' AND month = '2026-10-01'") == ["approved"]
            )
            #expect(try await app.sql("SELECT state FROM absences WHERE id = '\(absenceId)'") == ["approved"])
            #expect(petraAfter.text.contains("approved"))
        }
    }

    @Test func theTeamsPagesAreNotFoundToAWorkerAndToTheLeaderOfAnotherTeam() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let (_, absenceId) = try await Self.petraAsks(app)
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let janToken = jan.token(of: try await jan.get("/desk/time"))
            let backend = DeskBrowser(app)
            try await backend.signIn("lukas.cermak@staffbook.example")
            let own = try await backend.get("/desk/team")
            let backendToken = backend.token(of: own)

            let answers = [
                try await jan.get("/desk/team"),
                try await jan.post("/desk/team/timesheets/\(Self.petra)", ["csrf": janToken, "action": "approve", "month": "2026-10"]),
                try await jan.post("/desk/team/absences/\(absenceId)", ["csrf": janToken, "action": "approve"]),
                try await jan.post("/desk/time-off/\(absenceId)/cancel", ["csrf": janToken]),
                try await backend.get("/desk/team?team=\(Self.mobile)"),
                try await backend.post("/desk/team/timesheets/\(Self.petra)", ["csrf": backendToken, "action": "approve", "month": "2026-10"]),
                try await backend.post("/desk/team/absences/\(absenceId)", ["csrf": backendToken, "action": "reject", "reason": "Ne"]),
            ]

            #expect(own.status == .ok && own.text.contains("Backend") && !own.text.contains("Petra"))
            #expect(answers.map(\.status) == Array(repeating: .notFound, count: answers.count))
            #expect(try await app.sql("SELECT state FROM absences WHERE id = '\(absenceId)'") == ["requested"])
            #expect(
                try await app.sql("SELECT state FROM timesheets WHERE account_id = '\(Demo.petraSvobodova)' AND month = '2026-10-01'") == [
                    "submitted"
                ])
        }
    }

    @Test func theTeamCalendarShowsWhoIsAwayEachDayWithPrivateKindsAsAwayToALeaderAndIsOnlyForTheTeamsLeaders() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let (petra, _) = try await Self.petraAsks(app)
            let token = petra.token(of: try await petra.get("/desk/time-off"))
            _ = try await petra.post(
                "/desk/time-off", ["csrf": token, "kind": "sick", "firstDay": "2026-12-10", "lastDay": "2026-12-10", "part": "full"])
            let leader = DeskBrowser(app)
            try await leader.signIn("lead.mobile@staffbook.example")
            let grid = try await leader.get("/desk/team/calendar?team=\(Self.mobile)&month=2026-12")
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let adminGrid = try await admin.get("/desk/team/calendar?team=\(Self.mobile)&month=2026-12")
            let otherLeader = DeskBrowser(app)
            try await otherLeader.signIn("lukas.cermak@staffbook.example")
            let othersTeam = try await otherLeader.get("/desk/team/calendar?team=\(Self.mobile)&month=2026-12")
            let worker = try await petra.get("/desk/team/calendar?team=\(Self.mobile)&month=2026-12")

            let petraRow = try #require(grid.text.split(separator: "<tr>").first { $0.contains("Petra Svobodová") })
            let cells = Array(petraRow.split(separator: "<td").dropFirst())
            #expect(grid.status == .ok && grid.text.contains("Who is away, day by day"))
            #expect(cells.count == 31, "one cell a day of December")
            #expect(cells[6].contains("Vacation (waiting)") && cells[7].contains("Vacation (waiting)"), "the 7th and 8th: asked")
            #expect(cells[9].contains("Away") && !grid.text.contains("Sick leave"), "sick leave is only away to a leader")
            #expect(cells[5].isEmpty == false && !cells[5].contains("visually-hidden"), "the 6th, a Sunday, is empty")
            #expect(adminGrid.status == .ok && adminGrid.text.contains("Sick leave"), "an admin sees the kind")
            #expect(othersTeam.status == .notFound && worker.status == .notFound)
        }
    }
}
