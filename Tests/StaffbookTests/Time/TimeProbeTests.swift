import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import JWTKit
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Findings of the outside probes about this area, one test (or more) each; each test is
/// tagged with the probe that found it. The timing and slow-client medians are in `make verify`.
@Suite("Time entries and the time import: what the outside probes found")
struct TimeProbeTests {
    static let togglHeader = "User,Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration,Tags"

    static func importFile(_ app: TestContext, _ csv: String, token: String, confirm: Bool = false) async throws -> TestResponse {
        try await app.client.execute(
            uri: "/v1/me/time-entries/import\(confirm ? "?confirm=true" : "")", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "text/csv"], body: ByteBuffer(string: csv)
        )
    }

    struct Problems: Decodable {
        struct Line: Decodable { var line: Int; var code: String; var reason: String }
        var imported: Int
        var problems: [Line]
    }

    // 1. An hour count that overflows: a line problem, not a trap.

    @Test(.tags(.thirdProbe), arguments: ["9223372036854775807:00:00", "2562047788015216:00:00", "-1:00:00", "99999999999999999999:00"])
    func trap_aDurationOfInt64MaxHoursInTheTimeImportIsALineProblem(duration: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let csv = "\(Self.togglHeader)\nJan,jan@x.cz,Staffbook (interní),Interní,,Porada,No,2026-11-16,09:00:00,\(duration),\n"

            let preview = try await Self.importFile(app, csv, token: jan)
            let clockify = try await Self.importFile(
                app, """
                    Project,Client,Description,Task,User,Email,Tags,Billable,Start Date,Start Time,Duration (decimal)
                    Interní,Staffbook (interní),Porada,,Jan,jan@x.cz,,No,11/16/2026,09:00:00,1e300
                    """, token: jan)

            #expect(preview.status == .ok, "\(preview.text)")
            #expect(try preview.decode(Problems.self).problems.map(\.code) == ["unreadable_end"])
            #expect(clockify.status == .ok, "\(clockify.text)")
            #expect(try clockify.decode(Problems.self).problems.map(\.code) == ["unreadable_end"])
            #expect(try await app.get("/health/live", token: jan).status == .ok)
        }
    }

    // 6. A large preview: in memory and a few statements; past the per-instance limit, 503.

    @Test(.tags(.thirdProbe)) func importSize_aPreviewOfThousandsOfLinesWritesNothingAndTheImportWritesThemAll() async throws {
        try await TestApp.test(configure: { $0.http.maxBodyBytes = 1 << 20 }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            var lines = [Self.togglHeader]
            for day in 0..<2000 {
                let date = CalendarDay(year: 2000, month: 1, day: 1).adding(days: day)
                lines.append("Alena,a@x.cz,Nový klient \(day % 7),Projekt \(day % 3),,Práce \(day),Yes,\(date.iso),08:00:00,02:30:00,a, b")
            }
            let csv = lines.joined(separator: "\n")

            let previewed = try await Self.importFile(app, csv, token: admin)
            try #require(previewed.status == .ok, "\(previewed.text.prefix(500))")
            let preview = try previewed.decode(Problems.self)
            let countAfterPreview = try await app.sql("SELECT count(*)::text FROM time_entries WHERE account_id = '\(Demo.admin)'")
            let clientsAfterPreview = try await app.sql("SELECT count(*)::text FROM clients WHERE name LIKE 'Nový klient%'")
            let imported = try await Self.importFile(app, csv, token: admin, confirm: true).decode(Problems.self)
            let again = try await Self.importFile(app, csv, token: admin, confirm: true)

            #expect(preview.imported == 2000, "\(preview.problems.prefix(3))")
            #expect(preview.problems.isEmpty)
            #expect(countAfterPreview == ["0"] && clientsAfterPreview == ["0"])
            #expect(imported.imported == 2000)
            #expect(try await app.sql("SELECT count(*)::text FROM time_entries WHERE account_id = '\(Demo.admin)'") == ["2000"])
            #expect(try await app.sql("SELECT count(*)::text FROM projects p JOIN clients c ON c.id = p.client_id WHERE c.name LIKE 'Nový klient%'") == ["21"])
            #expect(try again.decode(TimeAPI.ImportResult.self).alreadyThere == 2000)
        }
    }

    @Test(.tags(.thirdProbe)) func importSize_pastTheImportsAllowedAtOnceTheAnswerIs503WithRetryAfter() async throws {
        try await TestApp.test(configure: { $0.http.maxConcurrentImports = 0 }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let busy = try await Self.importFile(app, "\(Self.togglHeader)\n", token: jan)

            #expect(busy.status == .serviceUnavailable)
            #expect(busy.headers[.retryAfter] == "5")
            #expect(busy.problem?.type == "urn:staffbook:problem:service-unavailable")
        }
    }

    @Test(.tags(.thirdProbe)) func importSize_theGateLetsAtMostItsLimitRunAtOnce() async throws {
        let gate = ConcurrencyGate(limit: 1)
        let (entered, release) = AsyncStream.makeStream(of: Void.self)
        let (held, hold) = AsyncStream.makeStream(of: Void.self)

        async let first = gate.ifFree { () async -> Bool in
            hold.yield()
            for await _ in entered { break }
            return true
        }
        for await _ in held { break }
        let second = await gate.ifFree { true }
        release.yield()
        let firstRan = await first
        let third = await gate.ifFree { true }

        #expect(firstRan == true && second == nil && third == true)
    }

    // 9. A closed project's entries keep their size.

    @Test(.tags(.thirdProbe)) func closedProject_anEntryOnAClosedProjectCannotBeResized() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let created = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-16", "13:00", "14:00")
            )
            let entry = try created.decode(TimeAPI.Entry.self)
            _ = try await app.sql("UPDATE projects SET active = false WHERE id = '\(Demo.mobileBanking)'")

            let resized = try await app.send(
                .patch, "/v1/me/time-entries/\(entry.id)", token: jan, json: #"{"end":"\#(TimeAPI.prague("2026-11-16", "18:00"))"}"#,
                headers: [.ifMatch: "*"]
            )
            let described = try await app.send(
                .patch, "/v1/me/time-entries/\(entry.id)", token: jan, json: #"{"description":"Opraveno"}"#, headers: [.ifMatch: "*"]
            )

            #expect(resized.status == .unprocessableContent, "\(resized.text)")
            #expect(resized.problem?.type == "urn:staffbook:problem:project-unavailable")
            #expect(described.status == .ok, "\(described.text)")
        }
    }

    /// Fifth probe, finding 11 (third round's, open): a timer running on a project closed
    /// afterwards kept growing (1 s → 8 h: 200). Closing the project stops it then.
    @Test(.tags(.fifthProbe)) func closedProject_aTimerRunningOnAProjectStopsWhenTheProjectCloses() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let started = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: #"{"projectId":"\#(Demo.mobileBanking)","description":"Revize"}"#)
            #expect(started.status == .ok || started.status == .created, "\(started.text)")
            app.clock.advance(by: 60)
            let closed = try await app.send(.patch, "/v1/projects/\(Demo.mobileBanking)", token: admin, json: #"{"active":false}"#, headers: [.ifMatch: "*"])
            #expect(closed.status == .ok, "\(closed.text)")
            app.clock.advance(by: 8 * 3600)
            let jan2 = try await app.token("jan.novak@staffbook.example")
            let stop = try await app.send(.post, "/v1/me/timer/stop", token: jan2)
            #expect(stop.status.code < 500)
            let seconds = try await app.sql(
                "SELECT extract(epoch FROM ended_at - started_at)::int::text FROM time_entries WHERE account_id = '\(Demo.janNovak)' AND project_id = '\(Demo.mobileBanking)' AND timer ORDER BY started_at DESC LIMIT 1")
            #expect(seconds == ["60"], "stopped when the project closed, not eight hours later: \(seconds)")
            #expect(try await app.sql("SELECT count(*)::text FROM time_entries WHERE ended_at IS NULL") == ["0"])
        }
    }

    // 10. Names over 200 characters from an admin's import: a line problem, and a check
    // constraint anywhere answers 400.

    @Test(.tags(.thirdProbe)) func longNames_anAdminImportingANameOver200CharactersGetsALineProblemNot500() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let long = String(repeating: "Š", count: 201)
            let csv = "\(Self.togglHeader)\nA,a@x.cz,\(long),Projekt,,Práce,Yes,2026-11-16,08:00:00,01:00:00,\n"

            let preview = try await Self.importFile(app, csv, token: admin)
            let confirmed = try await Self.importFile(app, csv, token: admin, confirm: true)

            #expect(preview.status == .ok && confirmed.status == .ok, "\(confirmed.text)")
            #expect(try confirmed.decode(Problems.self).problems.map(\.code) == ["name"])
            #expect(try await app.sql("SELECT count(*)::text FROM clients WHERE length(name) > 200") == ["0"])
        }
    }

    // 12. One set of rules for every way in.

    @Test(.tags(.thirdProbe)) func oneSetOfRules_theImportRefusesWhatTheJSONAPIRefuses() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let longTag = String(repeating: "t", count: 5000)
            let csv = """
                \(Self.togglHeader)
                J,j@x.cz,Staffbook (interní),Interní,,Ovládací\u{7}znak,No,2026-11-16,08:00:00,01:00:00,
                J,j@x.cz,Staffbook (interní),Interní,,Dlouhý štítek,No,2026-11-16,10:00:00,01:00:00,\(longTag)
                J,j@x.cz,Staffbook (interní),Interní,,Starý,No,1969-12-31,10:00:00,01:00:00,
                J,j@x.cz,Staffbook (interní),Interní,,Dobrý,No,2026-11-16,12:00:00,01:00:00,a
                """

            let result = try await Self.importFile(app, csv, token: jan, confirm: true).decode(Problems.self)
            let json = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: #"{"projectId":"\#(Demo.internalProject)","start":"2026-11-16T13:00:00Z","end":"2026-11-16T14:00:00Z","tags":["\#(longTag)"]}"#
            )

            #expect(result.imported == 1)
            #expect(result.problems.map(\.code) == ["text", "text", "too_early"])
            #expect(json.status == .badRequest)
            #expect(json.problem?.errors?.map(\.field) == ["body.tags[0]"])
        }
    }

    @Test(.tags(.thirdProbe), arguments: ["0001-11-16T08:00:00Z", "1969-12-31T08:00:00Z"])
    func oneSetOfRules_anEntryBeforeTheYear2000IsRefused(start: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let old = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: #"{"projectId":"\#(Demo.internalProject)","start":"\#(start)","end":"\#(start.replacingOccurrences(of: "T08", with: "T09"))"}"#
            )

            #expect(old.status == .badRequest, "\(old.text)")
            // Year 1: refused as any date outside 1900–2199 (the runtime does not say where the
            // date was); 1969: refused by the rules of entries.
            #expect(old.problem?.errors?.map(\.code) == [start.hasPrefix("0001") ? "date_time" : "too_early"])
        }
    }

    @Test(.tags(.thirdProbe)) func oneSetOfRules_theOldestEntryAllowedGetsACursorTheServerTakesBack() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            for hour in ["08", "10"] {
                _ = try await app.send(
                    .post, "/v1/me/time-entries", token: jan,
                    json: #"{"projectId":"\#(Demo.internalProject)","start":"2000-01-03T\#(hour):00:00Z","end":"2000-01-03T\#(hour):30:00Z"}"#
                )
            }

            let first = try await app.get("/v1/me/time-entries?from=2000-01-01&to=2000-01-31&limit=1", token: jan).decode(TimeAPI.Entries.self)
            let cursor = try #require(first.nextCursor)
            let second = try await app.get("/v1/me/time-entries?from=2000-01-01&to=2000-01-31&limit=1&cursor=\(cursor)", token: jan)

            #expect(second.status == .ok, "\(second.text)")
            #expect(try second.decode(TimeAPI.Entries.self).items.map(\.start) == ["2000-01-03T08:00:00Z"])
        }
    }

    // 15. Idempotency keys expire.

    @Test(.tags(.thirdProbe)) func idempotencyExpiry_aFixedKeyStartsTheTimerAgainTheNextDayAndOldKeysArePruned() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let start = #"{"projectId":"\#(Demo.internalProject)","description":"Porada"}"#
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "shortcut-1"]

            let started = try await app.send(.post, "/v1/me/timer/start", token: jan, json: start, headers: key)
            try #require(started.status == .ok, "\(started.text)")
            let monday = try started.decode(TimeAPI.Timer.self)
            _ = try await app.send(.post, "/v1/me/timer/stop", token: jan)
            app.clock.advance(by: 86400 + 60)
            let janNextDay = try await app.token("jan.novak@staffbook.example")
            let next = try await app.send(.post, "/v1/me/timer/start", token: janNextDay, json: start, headers: key)
            try #require(next.status == .ok, "\(next.text)")
            let tuesday = try next.decode(TimeAPI.Timer.self)
            try await app.withWorker { worker in
                app.clock.advance(by: 86400)
                _ = await worker.tick()
            }

            #expect(monday.running?.id != tuesday.running?.id)
            #expect(tuesday.running?.start != monday.running?.start)
            #expect(try await app.sql("SELECT count(*)::text FROM idempotency_keys WHERE key = 'shortcut-1'") == ["0"])
        }
    }
}
