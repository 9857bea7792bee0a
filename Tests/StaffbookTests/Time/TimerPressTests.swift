import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Timer presses an automation repeats, and presses that arrive late")
struct TimerPressTests {
    typealias API = TimeAPI

    private static func start(_ projectId: UUID, _ description: String, at: Date? = nil) -> String {
        let at = at.map { #","at":"\#($0.formatted(.iso8601))""# } ?? ""
        return #"{"projectId":"\#(projectId)","description":"\#(description)","tags":["auto"]\#(at)}"#
    }

    private static func at(_ date: Date) -> String { #"{"at":"\#(date.formatted(.iso8601))"}"# }

    private static func entries(_ app: TestContext, _ token: String) async throws -> [API.Entry] {
        try await app.send(.get, "/v1/me/time-entries?from=2026-11-17&to=2026-11-19&limit=100", token: token).decode(API.Entries.self).items
    }

    @Test func aRepeatedIdenticalStartKeepsTheStartTimeAndTheOneEntry() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let first = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "V kanceláři"))
                .decode(API.Timer.self)
            app.clock.advance(by: 20 * 60)
            // The location trigger fires again at the next arrival.
            let again = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "V kanceláři"))
            let againTimer = try again.decode(API.Timer.self)
            let entriesAfterRepeat = try await Self.entries(app, jan)
            app.clock.advance(by: 10 * 60)
            let other = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Porada"))
                .decode(API.Timer.self)
            app.clock.advance(by: 60)
            let stop = try await app.send(.post, "/v1/me/timer/stop", token: jan).decode(API.Timer.self)
            let stopAgain = try await app.send(.post, "/v1/me/timer/stop", token: jan).decode(API.Timer.self)

            #expect(first.changed)
            #expect(again.status == .ok)
            #expect(!againTimer.changed)
            #expect(againTimer.running?.id == first.running?.id)
            #expect(againTimer.running?.start == first.running?.start, "the start time does not move")
            #expect(againTimer.stopped == nil)
            #expect(entriesAfterRepeat.count == 1, "one entry, not split")
            #expect(other.changed, "other work ends the running entry and starts anew")
            #expect(other.stopped?.id == first.running?.id)
            #expect(other.stopped?.durationSeconds == 30 * 60)
            #expect(other.running?.description == "Porada")
            #expect(stop.changed)
            #expect(stop.stopped?.durationSeconds == 60)
            #expect(!stopAgain.changed)
            #expect(stopAgain.stopped == nil)
        }
    }

    @Test func pressesArrivingOutOfOrderAreAppliedInTheOrderTheyWerePressed() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let now = app.clock.now()
            let eight = now.addingTimeInterval(-5 * 3600)
            let ten = now.addingTimeInterval(-3 * 3600)
            let noon = now.addingTimeInterval(-3600)
            let one = now.addingTimeInterval(-1800)

            // Offline all morning: the stop reaches the server before the start that preceded it.
            let stop = try await app.send(.post, "/v1/me/timer/stop", token: jan, json: Self.at(noon)).decode(API.Timer.self)
            let start = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Vývoj", at: eight))
                .decode(API.Timer.self)
            let morning = try await Self.entries(app, jan)
            // Back online, a timer runs since one; then a switch pressed at ten arrives.
            let afternoon = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.internalProject, "Porada", at: one))
                .decode(API.Timer.self)
            let late = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Revize", at: ten))
                .decode(API.Timer.self)
            let day = try await Self.entries(app, jan).sorted { $0.start < $1.start }

            #expect(stop.changed, "nothing ran when it arrived, but it is kept to end the start pressed before it")
            #expect(stop.running == nil && stop.stopped == nil)
            #expect(start.changed)
            #expect(start.running == nil, "the later stop ends it")
            #expect(start.started?.start == eight.formatted(.iso8601) && start.started?.end == noon.formatted(.iso8601))
            #expect(start.started?.description == "Vývoj" && start.started?.id == morning.first?.id)
            #expect(morning.count == 1)
            #expect(morning.first?.start == eight.formatted(.iso8601))
            #expect(morning.first?.end == noon.formatted(.iso8601))
            #expect(afternoon.running?.start == one.formatted(.iso8601))
            #expect(late.changed)
            #expect(late.running?.id == afternoon.running?.id, "the running timer keeps its id")
            #expect(late.started?.start == ten.formatted(.iso8601) && late.started?.end == noon.formatted(.iso8601))
            #expect(day.map(\.description) == ["Vývoj", "Revize", "Porada"])
            #expect(day.map(\.start) == [eight, ten, one].map { $0.formatted(.iso8601) })
            #expect(day.map(\.end) == [ten.formatted(.iso8601), noon.formatted(.iso8601), nil])
            #expect(day.first?.id == morning.first?.id, "the morning's entry is reshaped, not replaced")
        }
    }

    @Test func aPressFromTheFutureOrOverADayAgoIsRefusedWithTheField() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let future = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "x", at: app.clock.now().addingTimeInterval(60)))
            let skewed = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "x", at: app.clock.now().addingTimeInterval(5)))
            let old = try await app.send(.post, "/v1/me/timer/stop", token: jan, json: Self.at(app.clock.now().addingTimeInterval(-25 * 3600)))
            let empty = try await app.send(.post, "/v1/me/timer/stop", token: jan, json: #"{"at":""}"#)
            let notADate = try await app.send(.post, "/v1/me/timer/start", token: jan, json: #"{"projectId":"\#(Demo.mobileBanking)","at":"včera"}"#)
            let problem = try future.decode(ProblemBody.self)

            #expect(future.status == .badRequest)
            #expect(problem.errors?.first?.field == "body.at")
            #expect(problem.errors?.first?.code == "future")
            #expect(skewed.status == .ok, "a phone clock a few seconds ahead is fine")
            #expect(try skewed.decode(API.Timer.self).running?.start == TimeRules.wholeSeconds(app.clock.now()).formatted(.iso8601))
            #expect(old.status == .badRequest)
            #expect(try old.decode(ProblemBody.self).errors?.first?.code == "too_old")
            #expect(empty.status == .badRequest && notADate.status == .badRequest)
            #expect(try empty.decode(ProblemBody.self).errors?.map(\.code) == ["date_time"])
            #expect(try notADate.decode(ProblemBody.self).errors?.map(\.code) == ["date_time"])
        }
    }

    @Test func theRunningTimerCanBeEditedAndNotWhenNothingRuns() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let nothing = try await app.send(.patch, "/v1/me/timer", token: jan, json: #"{"description":"x"}"#)
            let started = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Vývoj"))
                .decode(API.Timer.self)
            let earlier = app.clock.now().addingTimeInterval(-45 * 60)
            let edit = #"{"start":"\#(earlier.formatted(.iso8601))","projectId":"\#(Demo.internalProject)","description":"Porada","tags":["a","b"]}"#
            let edited = try await app.send(.patch, "/v1/me/timer", token: jan, json: edit).decode(API.Timer.self)
            let same = try await app.send(.patch, "/v1/me/timer", token: jan, json: #"{"description":"Porada"}"#).decode(API.Timer.self)
            let future = try await app.send(
                .patch, "/v1/me/timer", token: jan, json: #"{"start":"\#(app.clock.now().addingTimeInterval(3600).formatted(.iso8601))"}"#)
            let tooOld = try await app.send(
                .patch, "/v1/me/timer", token: jan, json: #"{"start":"\#(app.clock.now().addingTimeInterval(-90_000).formatted(.iso8601))"}"#)
            // The phone's repeated start of what now runs changes nothing.
            let repeated = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: #"{"projectId":"\#(Demo.internalProject)","description":"Porada","tags":["a","b"]}"#
            )
            .decode(API.Timer.self)

            #expect(nothing.status == .notFound)
            #expect(edited.changed)
            #expect(edited.running?.id == started.running?.id)
            #expect(edited.running?.start == earlier.formatted(.iso8601))
            #expect(edited.running?.project.id == Demo.internalProject.uuidString.lowercased())
            #expect(edited.running?.billable == false, "billable follows the new project")
            #expect(edited.running?.tags == ["a", "b"])
            #expect(!same.changed)
            #expect(future.status == .badRequest)
            #expect(try future.decode(ProblemBody.self).errors?.first?.field == "body.start")
            #expect(tooOld.status == .badRequest)
            #expect(try tooOld.decode(ProblemBody.self).errors?.first?.code == "too_old")
            #expect(!repeated.changed)
            #expect(repeated.running?.start == earlier.formatted(.iso8601))
        }
    }

    @Test func anEntryEditedByHandIsNotReshapedByALatePress() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let now = app.clock.now()
            let started = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Vývoj", at: now.addingTimeInterval(-3 * 3600))
            ).decode(API.Timer.self)
            _ = try await app.send(.post, "/v1/me/timer/stop", token: jan, json: Self.at(now.addingTimeInterval(-3600)))
            let id = try #require(started.running?.id)
            let fixed = try await app.send(
                .patch, "/v1/me/time-entries/\(id)", token: jan, json: #"{"description":"Vývoj (opraveno)"}"#,
                headers: [.ifMatch: "\"v2\""])
            let late = try await app.send(.post, "/v1/me/timer/stop", token: jan, json: Self.at(now.addingTimeInterval(-2 * 3600)))
            let entries = try await Self.entries(app, jan)

            #expect(fixed.status == .ok)
            #expect(late.status == .ok)
            #expect(try !late.decode(API.Timer.self).changed)
            #expect(entries.count == 1)
            #expect(entries.first?.durationSeconds == 2 * 3600, "the hand's edit stands")
        }
    }

    @Test func aTimerStartedByAnOlderServerIsStoppedByTheNextPressOnceMigrated() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let started = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Vývoj"))
                .decode(API.Timer.self)
            // What a server from before presses were kept left behind: a running entry not marked as the timer's.
            _ = try await app.sql("UPDATE time_entries SET timer = false WHERE ended_at IS NULL")
            let migration = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
                path: "../../../schema/0022_mark_running_timers.sql")
            _ = try await app.sql(try String(contentsOf: migration, encoding: .utf8))
            app.clock.advance(by: 600)
            let stop = try await app.send(.post, "/v1/me/timer/stop", token: jan).decode(API.Timer.self)

            #expect(stop.changed)
            #expect(stop.stopped?.id == started.running?.id)
            #expect(stop.stopped?.durationSeconds == 600)
            #expect(stop.running == nil)
        }
    }
}
