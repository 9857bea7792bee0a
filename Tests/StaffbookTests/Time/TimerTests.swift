import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("The timer")
struct TimerTests {
    typealias API = TimeAPI

    private static func start(_ projectId: UUID, _ description: String) -> String {
        #"{"projectId":"\#(projectId)","description":"\#(description)","tags":["automatizace"]}"#
    }

    @Test func stopAndCancelWithNothingRunningChangeNothingAndAnswer200() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let before = try await app.send(.get, "/v1/me/time-entries?from=2026-11-01&to=2026-11-30&limit=100", token: jan).decode(API.Entries.self)

            let stop = try await app.send(.post, "/v1/me/timer/stop", token: jan)
            let cancel = try await app.send(.post, "/v1/me/timer/cancel", token: jan)
            let after = try await app.send(.get, "/v1/me/time-entries?from=2026-11-01&to=2026-11-30&limit=100", token: jan).decode(API.Entries.self)

            #expect(stop.status == .ok)
            #expect(try stop.decode(API.Timer.self).running == nil)
            #expect(try stop.decode(API.Timer.self).stopped == nil)
            #expect(cancel.status == .ok)
            #expect(try cancel.decode(API.Timer.self).running == nil)
            #expect(after.items.map(\.id) == before.items.map(\.id))
        }
    }

    @Test func startingStopsTheRunningTimerAtTheSameInstant() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let first = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Revize kódu")).decode(
                API.Timer.self)
            app.clock.advance(by: 30 * 60 + 0.4)
            let second = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.internalProject, "Porada")).decode(
                API.Timer.self)
            let now = try await app.send(.get, "/v1/me/timer", token: jan).decode(API.Timer.self)
            app.clock.advance(by: 15 * 60)
            let stopped = try await app.send(.post, "/v1/me/timer/stop", token: jan).decode(API.Timer.self)

            let running = try #require(first.running)
            #expect(running.running)
            #expect(running.end == nil)
            #expect(running.tags == ["automatizace"])
            #expect(running.billable, "billable follows the project")
            let handedOver = try #require(second.stopped)
            let next = try #require(second.running)
            #expect(handedOver.id == running.id)
            #expect(handedOver.end == next.start, "one ends the instant the next begins")
            #expect(handedOver.durationSeconds == 1800, "kept to the whole second")
            #expect(next.project.id == Demo.internalProject.uuidString.lowercased())
            #expect(!next.billable)
            #expect(now.running?.id == next.id)
            #expect(stopped.running == nil)
            #expect(stopped.stopped?.id == next.id)
            #expect(stopped.stopped?.durationSeconds == 900)
            #expect(!stopped.capped)
        }
    }

    @Test func aRetriedPressWithTheSameKeyGetsTheFirstAnswerAndChangesNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let startKey: HTTPFields = [.literal("Idempotency-Key"): "shortcut-start-0800"]
            let stopKey: HTTPFields = [.literal("Idempotency-Key"): "shortcut-stop-0900"]

            let started = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Vývoj"), headers: startKey
            )
            .decode(API.Timer.self)
            app.clock.advance(by: 60)
            let startAgain = try await app.send(
                .post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Vývoj"), headers: startKey
            )
            .decode(API.Timer.self)
            app.clock.advance(by: 3600)
            let jan2 = try await app.token("jan.novak@staffbook.example")
            let stopped = try await app.send(.post, "/v1/me/timer/stop", token: jan2, headers: stopKey).decode(API.Timer.self)
            let restarted = try await app.send(.post, "/v1/me/timer/start", token: jan2, json: Self.start(Demo.internalProject, "Porada"))
                .decode(API.Timer.self)
            app.clock.advance(by: 60)
            // The automation's stop from before is delivered again: it must not stop the new timer.
            let stopAgain = try await app.send(.post, "/v1/me/timer/stop", token: jan2, headers: stopKey).decode(API.Timer.self)
            let current = try await app.send(.get, "/v1/me/timer", token: jan2).decode(API.Timer.self)
            let today = try await app.send(.get, "/v1/me/time-entries?from=2026-11-18&to=2026-11-18", token: jan2).decode(API.Entries.self)

            #expect(startAgain.running?.id == started.running?.id)
            #expect(stopped.stopped?.id == started.running?.id)
            #expect(stopped.stopped?.durationSeconds == 3660)
            #expect(stopAgain.stopped?.id == stopped.stopped?.id, "the first answer, replayed")
            #expect(current.running?.id == restarted.running?.id)
            #expect(today.items.count == 2, "one finished entry and the running one: \(today.items.map(\.description))")
        }
    }

    @Test func aTimerForgottenOverADayEndsAt24HoursAndOneThatRanNoTimeIsDropped() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let started = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Zapomenutý")).decode(
                API.Timer.self)
            app.clock.advance(by: 30 * 3600)
            let later = try await app.token("jan.novak@staffbook.example")
            let capped = try await app.send(.post, "/v1/me/timer/stop", token: later).decode(API.Timer.self)

            let blink = try await app.send(.post, "/v1/me/timer/start", token: later, json: Self.start(Demo.internalProject, "Omyl")).decode(
                API.Timer.self)
            let dropped = try await app.send(.post, "/v1/me/timer/stop", token: later).decode(API.Timer.self)
            let cancelled = try await app.send(.post, "/v1/me/timer/start", token: later, json: Self.start(Demo.internalProject, "Zrušeno"))
            app.clock.advance(by: 600)
            let cancel = try await app.send(.post, "/v1/me/timer/cancel", token: later).decode(API.Timer.self)
            let entries = try await app.send(.get, "/v1/me/time-entries?from=2026-11-18&to=2026-11-20", token: later).decode(API.Entries.self)

            #expect(capped.capped)
            #expect(capped.stopped?.id == started.running?.id)
            #expect(capped.stopped?.durationSeconds == 86400)
            #expect(blink.running != nil)
            #expect(dropped.running == nil)
            #expect(dropped.stopped == nil, "an entry of no length is not kept")
            #expect(cancelled.status == .ok)
            #expect(cancel.running == nil)
            #expect(entries.items.map(\.description) == ["Zapomenutý"])
        }
    }

    @Test(.tags(.fourthProbe))
    func aRunningTimerOnAProjectClosedSinceCannotBeResizedButCanStop() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            _ = try await app.send(.post, "/v1/me/timer/start", token: jan, json: Self.start(Demo.mobileBanking, "Revize"))
            app.clock.advance(by: 1800)
            _ = try await app.sql("UPDATE projects SET active = false, version = version + 1 WHERE id = '\(Demo.mobileBanking)'")
            let twoHoursAgo = ISO8601DateFormatter().string(from: app.clock.now().addingTimeInterval(-7200))

            let earlier = try await app.send(.patch, "/v1/me/timer", token: jan, json: #"{"start":"\#(twoHoursAgo)"}"#)
            let described = try await app.send(.patch, "/v1/me/timer", token: jan, json: #"{"description":"Revize kódu"}"#)
            let stopped = try await app.send(.post, "/v1/me/timer/stop", token: jan)

            #expect(earlier.status == .unprocessableContent, "\(earlier.text)")
            #expect(earlier.problem?.type == "urn:staffbook:problem:project-unavailable")
            #expect(described.status == .ok, "what it is about may still be said")
            #expect(stopped.status == .ok)
        }
    }
}
