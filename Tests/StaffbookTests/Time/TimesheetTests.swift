import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Timesheets: a person submits their month, a leader of their team approves or returns it")
struct TimesheetTests {
    typealias API = TimeAPI

    struct Sheet: Decodable {
        var personId: String
        var month: String
        var state: String
        var reason: String?
        var decidedBy: String?
    }
    struct Member: Decodable {
        var personId: String
        var name: String
        var hours: String
        var billableHours: String
        var billableShare: String?
        var capacityHours: String
        var utilisation: String?
        var daysWithoutEntries: Int
        var runningSince: String?
        var timesheet: String
    }
    struct Team: Decodable {
        var teamName: String
        var month: String
        var items: [Member]
    }

    @Test func aLeaderApprovingAMembersMonthLocksItsEntriesUntilAnAdminReopensIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let entry = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.mobileBanking, "2026-11-16", "08:00", "12:00")
            ).decode(API.Entry.self)

            let submitted = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan).decode(Sheet.self)
            let approved = try await app.send(.post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/approve", token: lead)
            let approvedSheet = try approved.decode(Sheet.self)
            let add = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.mobileBanking, "2026-11-16", "13:00", "14:00"),
                headers: [.acceptLanguage: "en"])
            let change = try await app.send(
                .patch, "/v1/me/time-entries/\(entry.id)", token: jan, json: #"{"description":"Později"}"#, headers: [.ifMatch: "*"])
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let someoneElse = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: API.json(projectId: Demo.mobileBanking, "2026-11-16", "13:00", "14:00"))
            let reopenWithout = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/reopen", token: admin, json: #"{"reason":" "}"#)
            let reopened = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/reopen", token: admin, json: #"{"reason":"Chybí porada"}"#
            ).decode(Sheet.self)
            let addAfter = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.mobileBanking, "2026-11-16", "13:00", "14:00"))
            let audit = try await app.sql(
                "SELECT action FROM audit_log WHERE entity = 'timesheet' AND subject_id = '\(Demo.janNovak)' ORDER BY changed_at, action")

            #expect(submitted.state == "submitted")
            #expect(approved.status == .ok)
            #expect(approvedSheet.state == "approved")
            #expect(approvedSheet.decidedBy == Demo.mobileLead.lowercasedString)
            #expect(add.status == .conflict)
            #expect(add.problem?.type == "urn:staffbook:problem:period-locked")
            #expect(add.problem?.detail.contains("timesheet") == true)
            #expect(change.problem?.type == "urn:staffbook:problem:period-locked", "entries of an approved month are read-only")
            #expect(someoneElse.status == .created, "only Jan's month locks")
            #expect(reopenWithout.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(reopened.state == "open")
            #expect(reopened.reason == "Chybí porada")
            #expect(addAfter.status == .created, "a reopened month takes entries again")
            #expect(Set(audit.compactMap { $0 }) == ["submit", "approve", "reopen"])
        }
    }

    @Test func anotherTeamsLeaderIsToldTheMonthAndTheTeamDoNotExist() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let backend = try await app.token("lukas.cermak@staffbook.example")
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan)
            let approve = try await app.send(.post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/approve", token: backend)
            let returned = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/return", token: backend, json: #"{"reason":"x"}"#)
            let team = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/time-summary?month=2026-11", token: backend)
            let noTeam = try await app.send(.get, "/v1/teams/\(UUID())/time-summary?month=2026-11", token: backend)
            let state = try await app.send(.get, "/v1/me/timesheets/2026-11", token: jan).decode(Sheet.self)

            #expect(approve.status == .notFound)
            #expect(returned.status == .notFound)
            #expect(team.status == .notFound)
            #expect(noTeam.status == .notFound)
            #expect(state.state == "submitted", "nothing changed")
        }
    }

    @Test func aReturnNeedsAReasonAndTheMonthIsSubmittedAgainAndOnlyOnce() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let early = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/approve", token: lead, headers: [.acceptLanguage: "en"])
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan)
            let without = try await app.send(.post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/return", token: lead, json: #"{}"#)
            let returned = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/timesheets/2026-11/return", token: lead, json: #"{"reason":"Chybí porady"}"#
            ).decode(Sheet.self)
            let mine = try await app.send(.get, "/v1/me/timesheets/2026-11", token: jan).decode(Sheet.self)
            let again = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan).decode(Sheet.self)
            let twice = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan, headers: [.acceptLanguage: "cs"])
            let future = try await app.send(.post, "/v1/me/timesheets/2027-01/submit", token: jan)
            let badMonth = try await app.send(.post, "/v1/me/timesheets/2026-13/submit", token: jan)
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: lead)
            let own = try await app.send(.post, "/v1/users/\(Demo.mobileLead)/timesheets/2026-11/approve", token: lead)

            #expect(early.status == .conflict, "nothing submitted to approve")
            #expect(early.problem?.detail == "The timesheet is open: it cannot be approved now.")
            #expect(without.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(returned.state == "returned")
            #expect(mine.reason == "Chybí porady", "the person reads why")
            #expect(again.state == "submitted")
            #expect(twice.status == .conflict)
            #expect(twice.problem?.type == "urn:staffbook:problem:invalid-transition")
            #expect(twice.problem?.detail == "Docházka je ve stavu odevzdaná: teď ji nelze odevzdat.")
            #expect(future.status == .unprocessableContent)
            #expect(future.problem?.type == "urn:staffbook:problem:future-period")
            #expect(badMonth.status == .badRequest)
            #expect(own.status == .conflict, "a leader does not approve their own month")
        }
    }

    @Test func aStatementFromTrackedHoursSaysWhetherThoseHoursAreApproved() async throws {
        struct Run: Decodable {
            struct Item: Decodable {
                var userId: String
                var invoiceId: String?
            }
            var items: [Item]
        }
        struct Detail: Decodable {
            var statementBasis: String?
            var trackedHoursApproved: Bool?
        }
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let katerinaId = Demo.id(18)
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: katerina, json: API.json(projectId: Demo.internalProject, "2026-11-02", "08:00", "16:00"))
            let run = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin).decode(Run.self)
            let invoiceId = try #require(run.items.first { $0.userId == katerinaId.lowercasedString }?.invoiceId)
            let onCapacity = try #require(run.items.first { $0.userId != katerinaId.lowercasedString && $0.invoiceId != nil }?.invoiceId)
            let before = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin).decode(Detail.self)
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: katerina)
            let submitted = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin).decode(Detail.self)
            _ = try await app.send(.post, "/v1/users/\(katerinaId)/timesheets/2026-11/approve", token: admin)
            let approved = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin).decode(Detail.self)
            let capacity = try await app.send(.get, "/v1/invoices/\(onCapacity)", token: admin).decode(Detail.self)

            #expect(before.statementBasis == "tracked")
            #expect(before.trackedHoursApproved == false)
            #expect(submitted.trackedHoursApproved == false, "submitted is not yet approved")
            #expect(approved.trackedHoursApproved == true)
            #expect(capacity.statementBasis == "capacity")
            #expect(capacity.trackedHoursApproved == nil, "a statement on capacity says nothing of tracked hours")
        }
    }

    @Test func theTeamsMonthShowsHoursAgainstCapacityGapsTimersAndTimesheets() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            for (day, from, to) in [("2026-11-16", "08:00", "12:00"), ("2026-11-16", "13:00", "15:00"), ("2026-11-17", "09:00", "10:30")] {
                _ = try await app.send(.post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.mobileBanking, day, from, to))
            }
            _ = try await app.send(.post, "/v1/me/timer/start", token: jan, json: #"{"projectId":"\#(Demo.internalProject)"}"#)
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan)
            // Two approved days of vacation are days away, not days without entries; an
            // afternoon off still leaves the morning to record.
            struct Asked: Decodable { var id: String }
            _ = try await app.sql(
                """
                DELETE FROM time_entries WHERE account_id = '\(Demo.janNovak)' AND started_at >= '2026-11-08 23:00+00' AND started_at < '2026-11-10 23:00+00'
                RETURNING id::text
                """)
            for (first, last, part) in [("2026-11-09", "2026-11-10", nil), ("2026-11-11", "2026-11-11", "afternoon")] {
                let part = part.map { #","part":"\#($0)""# } ?? ""
                let asked = try await app.send(
                    .post, "/v1/me/absences", token: jan, json: #"{"kind":"vacation","firstDay":"\#(first)","lastDay":"\#(last)"\#(part)}"#)
                let approved = try await app.send(.post, "/v1/absences/\(try asked.decode(Asked.self).id)/approve", token: lead)
                #expect(approved.status == .ok, "\(approved.text)")
            }
            let away: Set<CalendarDay> = [CalendarDay(year: 2026, month: 11, day: 9), CalendarDay(year: 2026, month: 11, day: 10)]
            let response = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/time-summary?month=2026-11", token: lead)
            let team = try response.decode(Team.self)
            let janRow = try #require(team.items.first { $0.personId == Demo.janNovak.lowercasedString })
            let janNovember = try await app.send(
                .get, "/v1/me/time-summary?from=2026-11-01&to=2026-11-30", token: jan
            ).decode(API.Summary.self)
            let badMonth = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/time-summary?month=11-2026", token: lead)

            #expect(response.status == .ok)
            #expect(team.month == "2026-11")
            #expect(janRow.hours == janNovember.hours, "the same hours as his own summary")
            #expect(janRow.capacityHours == janNovember.capacityHours)
            #expect(janRow.timesheet == "submitted")
            #expect(janRow.runningSince != nil, "his timer runs")
            let working = TimeRules.workingDays(DayRange(from: CalendarDay(year: 2026, month: 11, day: 1), to: TimeRules.day(of: app.clock.now())))
            let tracked = try await app.sql(
                """
                SELECT DISTINCT to_char(started_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD') FROM time_entries
                WHERE account_id = '\(Demo.janNovak)' AND started_at >= '2026-11-01' AND started_at < '2026-12-01'
                """)
            let days = Set(tracked.compactMap { $0.flatMap(CalendarDay.init) })
            #expect(days.isDisjoint(with: away))
            #expect(
                janRow.daysWithoutEntries == working.filter { !days.contains($0) && !away.contains($0) }.count,
                "working days up to today, holidays and whole days away aside")
            let others = team.items.filter { $0.personId != Demo.janNovak.lowercasedString }
            #expect(others.allSatisfy { $0.timesheet == "open" && $0.runningSince == nil })
            #expect(badMonth.status == .badRequest)
        }
    }

    @Test(.tags(.fourthProbe))
    func nobodyApprovesTheirOwnMonthAdminsIncluded() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let zuzana = try await app.token("lead.web@staffbook.example")
            let alena = try await app.token("admin@staffbook.example")
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: zuzana)

            let own = try await app.send(.post, "/v1/users/\(Demo.webLead)/timesheets/2026-11/approve", token: zuzana)
            let byAnother = try await app.send(.post, "/v1/users/\(Demo.webLead)/timesheets/2026-11/approve", token: alena)

            #expect(own.status == .conflict)
            #expect(own.problem?.detail.contains("Nobody signs off their own month") == true, "\(own.text)")
            #expect(byAnother.status == .ok, "\(byAnother.text)")
        }
    }
}

@Suite("Timesheets at month-end")
struct TimesheetMonthEndTests {
    @Test func monthEndRemindsWhoHasNotSubmittedAndLeadersWhoHaveNotApproved() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            for token in [jan, petra] {
                _ = try await app.send(
                    .post, "/v1/me/time-entries", token: token, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-20", "08:00", "09:00"))
            }
            _ = try await app.send(.post, "/v1/me/timesheets/2026-11/submit", token: jan)
            app.clock.set("2026-12-02", 14, 0)
            let admin = try await app.token("admin@staffbook.example")
            let run = try await app.send(.post, "/v1/jobs/reminders/run", token: admin)
            try await app.withWorker { _ = await $0.tick() }
            let reminded = try await app.sql(
                "SELECT account_id::text FROM notifications WHERE kind = 'timesheet_reminder' AND payload->>'period' = '2026-11' ORDER BY 1")
            let leaders = try await app.sql(
                "SELECT account_id::text || ' ' || (payload->>'waiting') FROM notifications WHERE kind = 'timesheet_approval_reminder'")
            let trackers = try await app.sql(
                """
                SELECT DISTINCT e.account_id::text FROM time_entries e JOIN accounts a ON a.id = e.account_id AND a.is_active
                WHERE e.started_at >= '2026-11-01' AND e.started_at < '2026-12-01' AND e.account_id <> '\(Demo.janNovak)' ORDER BY 1
                """)

            #expect(run.status == .accepted)
            #expect(reminded.contains(Demo.petraSvobodova.lowercasedString))
            #expect(!reminded.contains(Demo.janNovak.lowercasedString), "Jan submitted his month")
            #expect(reminded == trackers, "everyone who tracked time in November and has not submitted it")
            #expect(leaders == ["\(Demo.mobileLead.lowercasedString) 1"], "Mobile's leader has Jan's month to approve")
        }
    }
}
