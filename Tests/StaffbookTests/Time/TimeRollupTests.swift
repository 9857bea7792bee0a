import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Reports from kept sums: tracked time by day and month, capacity in the store")
struct TimeRollupTests {
    /// How many kept sums differ from the entries summed again (by day and by month), and how
    /// many there are.
    static func mismatches(_ app: TestContext) async throws -> (differ: String?, sums: String?) {
        let rows = try await app.sql(
            """
            WITH days AS (
                SELECT (started_at AT TIME ZONE 'Europe/Prague')::date AS day, account_id, project_id,
                       sum(extract(epoch FROM ended_at - started_at)) AS seconds,
                       coalesce(sum(extract(epoch FROM ended_at - started_at)) FILTER (WHERE billable), 0) AS billable_seconds,
                       count(*)::int AS entries
                FROM time_entries WHERE ended_at IS NOT NULL GROUP BY 1, 2, 3
            ), months AS (
                SELECT date_trunc('month', day)::date AS month, account_id, project_id, sum(seconds) AS seconds,
                       sum(billable_seconds) AS billable_seconds, sum(entries)::int AS entries FROM days GROUP BY 1, 2, 3
            )
            SELECT ((SELECT count(*) FROM days t FULL JOIN time_rollup_days r USING (day, account_id, project_id)
                     WHERE (t.seconds, t.billable_seconds, t.entries) IS DISTINCT FROM (r.seconds, r.billable_seconds, r.entries))
                  + (SELECT count(*) FROM months t FULL JOIN time_rollup_months r USING (month, account_id, project_id)
                     WHERE (t.seconds, t.billable_seconds, t.entries) IS DISTINCT FROM (r.seconds, r.billable_seconds, r.entries)))::text
            UNION ALL SELECT ((SELECT count(*) FROM time_rollup_days) + (SELECT count(*) FROM time_rollup_months))::text
            """)
        return (rows.first ?? nil, rows.last ?? nil)
    }

    @Test func theSumsFollowEveryKindOfWriteToEntries() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let before = try await Self.mismatches(app)
            let jan = try await app.token("jan.novak@staffbook.example")
            let project = Demo.internalProject.uuidString
            // A new entry, one edited (longer, another project, not billable), one deleted, the
            // timer started and stopped, and a batch from an offline phone.
            let made = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: #"{"projectId":"\#(project)","start":"2026-11-16T08:00:00+01:00","end":"2026-11-16T10:00:00+01:00"}"#)
            let edited = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: #"{"projectId":"\#(project)","start":"2026-11-16T11:00:00+01:00","end":"2026-11-16T12:00:00+01:00"}"#)
            let editedId = try edited.decode(TimeAPI.Entry.self).id
            let patched = try await app.send(
                .patch, "/v1/me/time-entries/\(editedId)", token: jan,
                json: #"{"end":"2026-11-16T13:30:00+01:00","projectId":"\#(Demo.mobileBanking.uuidString)","billable":false}"#,
                headers: [.ifMatch: edited.headers[.eTag] ?? ""])
            let deleted = try await app.send(
                .delete, "/v1/me/time-entries/\(try made.decode(TimeAPI.Entry.self).id)", token: jan,
                headers: [.ifMatch: made.headers[.eTag] ?? ""])
            let started = try await app.send(.post, "/v1/me/timer/start", token: jan, json: #"{"projectId":"\#(project)"}"#)
            app.clock.advance(by: 5400)
            let janAgain = try await app.token("jan.novak@staffbook.example")  // the first token expired meanwhile
            let stopped = try await app.send(.post, "/v1/me/timer/stop", token: janAgain)
            let items = (0..<3).map { i in
                #"{"id":"\#(UUID())","projectId":"\#(project)","start":"2026-11-14T0\#(8 + i):00:00+01:00","end":"2026-11-14T0\#(8 + i):45:00+01:00"}"#
            }
            let batch = try await app.send(
                .post, "/v1/me/time-entries/batch", token: janAgain, json: #"{"items":[\#(items.joined(separator: ","))]}"#)
            let after = try await Self.mismatches(app)

            #expect([made, edited].map(\.status) == [.created, .created])
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(deleted.status == .noContent)
            #expect(started.status == .ok && stopped.status == .ok)
            #expect(batch.status == .ok, "\(batch.text)")
            #expect(before.differ == "0" && after.differ == "0", "sums that differ from the entries summed again")
            #expect((Int(after.sums ?? "") ?? 0) > (Int(before.sums ?? "") ?? 0))
            // The day's sums: 1.5 h on the mobile project (edited, not billable); the deleted 2 h are gone.
            #expect(
                try await app.sql(
                    """
                    SELECT project_id::text || ' ' || seconds::int || ' ' || billable_seconds::int FROM time_rollup_days
                    WHERE account_id = '\(Demo.janNovak)' AND day = '2026-11-16' ORDER BY 1
                    """) == ["\(Demo.mobileBanking.uuidString.lowercased()) 9000 0"])
        }
    }

    @Test func aReportAcrossPartOfTwoMonthsAndAWholeOneSumsEachEntryOnce() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // 20 October – 3 December: the end of October from the day sums, all of November
            // from the month's, 1–3 December from the day's.
            let report = try await app.send(.get, "/v1/reports/time?from=2026-10-20&to=2026-12-03&groupBy=project", token: admin)
                .decode(TimeAPI.Summary.self)
            let direct = try await app.sql(
                """
                SELECT round(sum(extract(epoch FROM ended_at - started_at)) / 3600, 2)::text FROM time_entries
                WHERE started_at >= '2026-10-20T00:00:00+02:00' AND started_at < '2026-12-04T00:00:00+01:00' AND ended_at IS NOT NULL
                """)

            #expect(
                DayRange(from: CalendarDay(year: 2026, month: 10, day: 20), to: CalendarDay(year: 2026, month: 12, day: 3)).wholeMonths?.from.iso
                    == "2026-11-01")
            #expect(DayRange(from: CalendarDay(year: 2026, month: 10, day: 20), to: CalendarDay(year: 2026, month: 11, day: 3)).wholeMonths == nil)
            #expect([report.hours] == direct)
        }
    }

    @Test func eachPersonsCapacityInTheReportIsWhatTheRuleComputesWithTimeOffAndContractChanges() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            // Time off of every shape in the month: a week (with a holiday), a half day and hours.
            for body in [
                #"{"kind":"vacation","firstDay":"2026-11-16","lastDay":"2026-11-20"}"#,
                #"{"kind":"vacation","firstDay":"2026-11-24","lastDay":"2026-11-24","part":"afternoon"}"#,
                #"{"kind":"doctor","firstDay":"2026-11-26","lastDay":"2026-11-26","part":"hours","hours":"2.5"}"#,
            ] {
                let asked = try await app.send(.post, "/v1/me/absences", token: katerina, json: body)
                #expect(asked.status == .created, "\(asked.text)")
                let id = try asked.decode(AbsenceTests.Absence.self).id
                _ = try await app.send(.post, "/v1/absences/\(id)/approve", token: admin)
            }
            let range = DayRange(month: CalendarMonth(year: 2026, month: 11))
            let people = try await app.send(.get, "/v1/reports/time?from=2026-11-01&to=2026-11-30&groupBy=person", token: admin)
                .decode(TimeAPI.Summary.self)
            let expected = try await app.withDatabase { pool in
                try await PostgresTimeEntryRepository(database: pool, logger: TestDatabase.logger).capacity(personIds: nil, range: range)
            }
            let workingDays = TimeRules.workingDays(range)
            let byPerson = Dictionary(uniqueKeysWithValues: people.items.map { ($0.key, $0.capacityHours) })

            #expect(expected.count > 10)
            for person in expected {
                let rule = person.hours(workingDays: workingDays)
                #expect(byPerson[person.personId.uuidString.lowercased()] == "\(Money.format(rule))", "\(person.name)")
            }
            // Kateřina: 30 h a week, 20 working days (the 17th a holiday): 120 h less a week of 4
            // days (24 h), half a day (3 h) and 2.5 h.
            #expect(byPerson[Demo.id(18).uuidString.lowercased()] == "90.50")
            #expect(people.capacityHours == "\(Money.format(expected.reduce(Decimal(0)) { $0 + $1.hours(workingDays: workingDays) }))")
        }
    }

    @Test func keptMonthlyCapacityFollowsTimeOffWeeklyCapacityAndContracts() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = Demo.janNovak.uuidString.lowercased()
            let novemberDays = DayRange(month: CalendarMonth(year: 2026, month: 11))
            let autumnDays = DayRange(from: CalendarDay(year: 2026, month: 10, day: 1), to: CalendarDay(year: 2026, month: 11, day: 30))
            // Jan's capacity in the report of a range, and what the rule computes from the store.
            func capacity(_ range: DayRange) async throws -> (report: String?, rule: String?) {
                let report = try await app.send(.get, "/v1/reports/time?from=\(range.from.iso)&to=\(range.to.iso)&groupBy=person", token: admin)
                    .decode(TimeAPI.Summary.self)
                let basis = try await app.withDatabase { pool in
                    try await PostgresTimeEntryRepository(database: pool, logger: TestDatabase.logger).capacity(
                        personIds: [Demo.janNovak], range: range)
                }
                return (
                    report.items.first { $0.key == jan }?.capacityHours,
                    basis.first.map { "\(Money.format($0.hours(workingDays: TimeRules.workingDays(range))))" }
                )
            }
            func kept() async throws -> [String] {
                try await app.sql(
                    """
                    SELECT f.month::text || ' ' || (f.version = v.version)::text FROM capacity_months_filled f, capacity_version v ORDER BY 1
                    """
                ).compactMap { $0 }
            }

            let first = try await capacity(novemberDays)
            let keptFirst = try await kept()
            let again = try await capacity(novemberDays)
            let versionBefore = try await app.sql("SELECT version::text FROM capacity_version")
            // A day off (Monday 23 November), approved.
            let janToken = try await app.token("jan.novak@staffbook.example")
            let asked = try await app.send(
                .post, "/v1/me/absences", token: janToken, json: #"{"kind":"vacation","firstDay":"2026-11-23","lastDay":"2026-11-23"}"#)
            let approved = try await app.send(.post, "/v1/absences/\(try asked.decode(AbsenceTests.Absence.self).id)/approve", token: admin)
            let afterTimeOff = try await capacity(novemberDays)
            // 40 hours a week become 20.
            let halved = try await app.send(
                .patch, "/v1/users/\(Demo.janNovak)", token: admin, json: #"{"capacityHoursPerWeek":20}"#, headers: [.ifMatch: "*"])
            let afterWeekly = try await capacity(novemberDays)
            // The contract ends mid-month.
            let profile = try await app.send(.get, "/v1/users/\(Demo.janNovak)", token: admin).decode(ProfileTests.Profile.self)
            let contract = try #require(profile.contracts.last)
            let ended = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/contracts/\(contract.id)/end", token: admin, json: #"{"validTo":"2026-11-20"}"#)
            let afterContract = try await capacity(novemberDays)
            let twoMonths = try await capacity(autumnDays)
            let keptLast = try await kept()

            #expect(first.report == "160.00" && first.rule == "160.00", "20 working days of 8 hours")
            #expect(keptFirst == ["2026-11-01 true"])
            #expect(again.report == first.report)
            #expect(asked.status == .created && approved.status == .ok, "\(approved.text)")
            #expect(afterTimeOff.report == "152.00" && afterTimeOff.rule == afterTimeOff.report)
            #expect(halved.status == .ok, "\(halved.text)")
            #expect(afterWeekly.report == "76.00" && afterWeekly.rule == afterWeekly.report)
            #expect(ended.status == .ok, "\(ended.text)")
            // 2–20 November: 14 working days (the 17th a holiday) at 4 hours; the day off is after the end.
            #expect(afterContract.report == "56.00" && afterContract.rule == afterContract.report)
            #expect(twoMonths.report == twoMonths.rule && twoMonths.report != nil)
            #expect(try await app.sql("SELECT version::text FROM capacity_version") != versionBefore)
            // The month kept for the inputs as they are now (two months are computed, not kept);
            // nothing of older versions is left.
            #expect(keptLast == ["2026-11-01 true"])
            #expect(try await app.sql("SELECT count(*)::text FROM capacity_months k, capacity_version v WHERE k.version <> v.version") == ["0"])
        }
    }
}
