import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Time entries")
struct TimeEntryTests {
    typealias API = TimeAPI

    @Test func aPersonsEntriesNeverOverlapAndTheAnswerNamesTheOneInTheWay() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            // Jan worked 9:00–12:30 and 13:00–17:00 on Friday 13 November (demo data).
            let morning = try await app.send(.get, "/v1/me/time-entries?from=2026-11-13&to=2026-11-13", token: jan).decode(API.Entries.self)
                .items.first { $0.start == API.prague("2026-11-13", "09:00") }

            let across = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.internalProject, "2026-11-13", "12:00", "13:30"),
                headers: [.acceptLanguage: "en"])
            let lunch = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.internalProject, "2026-11-13", "12:30", "13:00"))
            let someoneElse = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: API.json(projectId: Demo.internalProject, "2026-11-14", "12:00", "13:30"))
            // The database holds the rule too, whatever writes to it.
            let direct = try await app.sqlError(
                """
                INSERT INTO time_entries (account_id, project_id, started_at, ended_at, billable, created_at, updated_at)
                VALUES ('\(Demo.janNovak)', '\(Demo.internalProject)', '2026-11-13T10:00:00Z', '2026-11-13T10:30:00Z', false, now(), now())
                """
            )

            #expect(across.status == .conflict)
            #expect(across.problem?.type == "urn:staffbook:problem:time-entry-overlap")
            #expect(across.problem?.detail.contains(try #require(morning).id) == true)
            #expect(lunch.status == .created, "touching ends do not overlap: \(lunch.text)")
            #expect(someoneElse.status == .created)
            #expect(direct?.contains("time_entries_no_overlap") == true)
        }
    }

    @Test func entriesLastAtMostADayDoNotEndInTheFutureAndUseProjectsOpenToThePerson() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            func post(_ json: String) async throws -> TestResponse {
                try await app.send(.post, "/v1/me/time-entries", token: jan, json: json, headers: [.acceptLanguage: "en"])
            }

            let long = try await post(#"{"projectId":"\#(Demo.internalProject)","start":"2026-11-15T08:00:00Z","end":"2026-11-16T08:00:01Z"}"#)
            let future = try await post(#"{"projectId":"\#(Demo.internalProject)","start":"2026-11-18T22:00:00Z","end":"2026-11-18T23:00:00Z"}"#)
            let backwards = try await post(#"{"projectId":"\#(Demo.internalProject)","start":"2026-11-15T08:00:00Z","end":"2026-11-15T07:00:00Z"}"#)
            let webProject = try await post(API.json(projectId: Demo.carConfigurator, "2026-11-15", "08:00", "09:00"))
            let unknown = try await post(API.json(projectId: UUID(), "2026-11-15", "08:00", "09:00"))
            let comma = try await post(
                #"{"projectId":"\#(Demo.internalProject)","start":"2026-11-15T08:00:00Z","end":"2026-11-15T09:00:00Z","tags":["a,b"]}"#)
            let noEnd = try await post(#"{"projectId":"\#(Demo.internalProject)","start":"2026-11-15T08:00:00Z","end":""}"#)
            let day = try await post(
                #"{"projectId":"\#(Demo.mobileBanking)","start":"2026-11-15T08:00:00.750Z","end":"2026-11-16T08:00:00.900Z","tags":[" vývoj ","vývoj",""]}"#
            )

            #expect(long.problem?.errors?.map(\.code) == ["too_long"])
            #expect(noEnd.status == .badRequest, "an empty date is the client's mistake: \(noEnd.text)")
            #expect(future.problem?.errors?.map(\.code) == ["future"])
            #expect(backwards.problem?.errors?.map(\.code) == ["before_start"])
            #expect(webProject.status == .unprocessableContent)
            #expect(webProject.problem?.type == "urn:staffbook:problem:project-unavailable")
            #expect(unknown.status == .unprocessableContent)
            #expect(comma.problem?.errors?.map(\.field) == ["body.tags[0]"])
            // Exactly a day is allowed; times are kept to the second, tags tidied, billable as the project.
            #expect(day.status == .created, "\(day.text)")
            let entry = try day.decode(API.Entry.self)
            #expect(entry.durationSeconds == 86400)
            #expect(entry.tags == ["vývoj"])
            #expect(entry.billable)
            #expect(entry.client.name == "Česká spořitelna")
        }
    }

    @Test func changesNeedIfMatchAndReachOnlyTheCallersOwnFinishedEntries() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let created = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.internalProject, "2026-11-15", "10:00", "11:00"))
            let id = try created.decode(API.Entry.self).id
            let etag = try #require(created.headers[.eTag])

            let noIfMatch = try await app.send(.patch, "/v1/me/time-entries/\(id)", token: jan, json: #"{"description":"Review"}"#)
            let changed = try await app.send(
                .patch, "/v1/me/time-entries/\(id)", token: jan, json: #"{"description":"Review","end":"\#(API.prague("2026-11-15", "11:30"))"}"#,
                headers: [.ifMatch: etag]
            )
            let stale = try await app.send(.patch, "/v1/me/time-entries/\(id)", token: jan, json: #"{"description":"x"}"#, headers: [.ifMatch: etag])
            let notHers = try await app.send(
                .patch, "/v1/me/time-entries/\(id)", token: petra, json: #"{"description":"x"}"#, headers: [.ifMatch: "*"])
            let notHersDelete = try await app.send(.delete, "/v1/me/time-entries/\(id)", token: petra, headers: [.ifMatch: "*"])
            let deleted = try await app.send(
                .delete, "/v1/me/time-entries/\(id)", token: jan, headers: [.ifMatch: try #require(changed.headers[.eTag])])

            #expect(noIfMatch.status.code == 428)
            #expect(changed.status == .ok, "\(changed.text)")
            #expect(try changed.decode(API.Entry.self).description == "Review")
            #expect(try changed.decode(API.Entry.self).durationSeconds == 5400)
            #expect(stale.status == .preconditionFailed)
            #expect(notHers.status == .notFound && notHersDelete.status == .notFound)
            #expect(deleted.status == .noContent)
        }
    }

    @Test func aSettledMonthsEntriesAreReadOnlyExceptToAnAdminWhoSaysWhy() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let october = try await app.send(.get, "/v1/me/time-entries?from=2026-10-01&to=2026-10-31&limit=1", token: petra).decode(API.Entries.self)
            let entry = try #require(october.items.first)
            let before = try await app.send(
                .patch, "/v1/me/time-entries/\(entry.id)", token: petra, json: #"{"description":"Před schválením"}"#, headers: [.ifMatch: "*"])

            // The admin approves Petra's October invoice: October is settled for her.
            let invoice = Demo.invoiceId(Demo.petraSvobodova, "2026-10-01")
            let approved = try await app.send(.post, "/v1/invoices/\(invoice)/actions/approve", token: admin, headers: [.ifMatch: "*"])
            let change = try await app.send(
                .patch, "/v1/me/time-entries/\(entry.id)", token: petra, json: #"{"description":"Po schválení"}"#,
                headers: [.ifMatch: "*", .acceptLanguage: "en"])
            let add = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: API.json(projectId: Demo.internalProject, "2026-10-31", "10:00", "11:00"))
            let remove = try await app.send(.delete, "/v1/me/time-entries/\(entry.id)", token: petra, headers: [.ifMatch: "*"])
            let moveIn = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: API.json(projectId: Demo.internalProject, "2026-11-15", "10:00", "11:00")
            )
            let movedId = try moveIn.decode(API.Entry.self).id
            let moveBack = try await app.send(
                .patch, "/v1/me/time-entries/\(movedId)", token: petra,
                json: #"{"start":"\#(API.prague("2026-10-31", "10:00"))","end":"\#(API.prague("2026-10-31", "11:00"))"}"#, headers: [.ifMatch: "*"]
            )
            let adminWithout = try await app.send(
                .patch, "/v1/users/\(Demo.petraSvobodova)/time-entries/\(entry.id)", token: admin, json: #"{"description":"Oprava"}"#,
                headers: [.ifMatch: "*"]
            )
            let adminWith = try await app.send(
                .patch, "/v1/users/\(Demo.petraSvobodova)/time-entries/\(entry.id)", token: admin,
                json: #"{"description":"Oprava","reason":"Chybný projekt v popisu"}"#, headers: [.ifMatch: "*"]
            )

            #expect(before.status == .ok)
            #expect(approved.status == .ok)
            #expect(change.status == .conflict)
            #expect(change.problem?.type == "urn:staffbook:problem:period-locked")
            #expect(change.problem?.detail.contains("2026-10") == true)
            #expect(add.problem?.type == "urn:staffbook:problem:period-locked")
            #expect(remove.problem?.type == "urn:staffbook:problem:period-locked")
            #expect(moveIn.status == .created)
            #expect(moveBack.problem?.type == "urn:staffbook:problem:period-locked", "moving an entry into a settled month")
            #expect(adminWithout.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(adminWith.status == .ok, "\(adminWith.text)")
            let audit = try await app.sql(
                "SELECT action || ' ' || (changes->'reason'->>'to') FROM audit_log WHERE entity = 'time_entry' AND entity_id = '\(entry.id)'"
            )
            #expect(audit == ["update Chybný projekt v popisu"])
        }
    }

    @Test func leadersReadTheirMembersTimeAndNobodyElses() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let lead = try await app.token("lead.mobile@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")

            let member = try await app.send(.get, "/v1/users/\(Demo.janNovak)/time-entries?from=2026-11-02&to=2026-11-06", token: lead)
            let notMember = try await app.send(.get, "/v1/users/\(Demo.ondrejChalupa)/time-entries", token: lead)
            let colleague = try await app.send(.get, "/v1/users/\(Demo.petraSvobodova)/time-summary?from=2026-11-02&to=2026-11-06", token: jan)
            let page = try await app.send(.get, "/v1/me/time-entries?limit=7", token: jan).decode(API.Entries.self)
            let next = try await app.send(.get, "/v1/me/time-entries?limit=7&cursor=\(try #require(page.nextCursor))", token: jan).decode(
                API.Entries.self)

            #expect(member.status == .ok)
            #expect(try member.decode(API.Entries.self).items.count == 10)
            #expect(notMember.status == .notFound)
            #expect(colleague.status == .notFound)
            // Newest first, pages continuing where the last one ended.
            #expect(page.items.map(\.start) == page.items.map(\.start).sorted(by: >))
            #expect(Set(page.items.map(\.id)).isDisjoint(with: next.items.map(\.id)))
            let (newest, oldest) = (try #require(next.items.first), try #require(page.items.last))
            #expect(newest.start < oldest.start)
        }
    }
}
