import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Entries and presses made offline, sent in one batch")
struct TimeBatchTests {
    typealias API = TimeAPI

    struct Outcome: Decodable {
        struct Problem: Decodable {
            struct Field: Decodable {
                var field: String
                var code: String
                var message: String
            }
            var type: String
            var status: Int
            var detail: String
            var errors: [Field]?
        }
        var id: String
        var outcome: String
        var entry: API.Entry?
        var etag: String?
        var problem: Problem?
    }
    struct Result: Decodable {
        var items: [Outcome]
        var timer: API.Timer
    }

    private static func entry(_ id: UUID, _ day: String, _ from: String, _ to: String, description: String = "Offline", ifMatch: String? = nil)
        -> String
    {
        let match = ifMatch.map { #","ifMatch":"\#($0.replacingOccurrences(of: "\"", with: "\\\""))""# } ?? ""
        return
            #"{"id":"\#(id)","projectId":"\#(Demo.mobileBanking)","start":"\#(API.prague(day, from))","end":"\#(API.prague(day, to))","description":"\#(description)"\#(match)}"#
    }

    private static func press(_ id: UUID, _ action: String, at: Date) -> String {
        let project = action == "start" ? #","projectId":"\#(Demo.mobileBanking)","description":"Cesta""# : ""
        return #"{"id":"\#(id)","press":"\#(action)","at":"\#(at.formatted(.iso8601))"\#(project)}"#
    }

    private static func batch(_ items: [String]) -> String { #"{"items":[\#(items.joined(separator: ","))]}"# }

    private static func entries(_ app: TestContext, _ token: String) async throws -> [API.Entry] {
        try await app.send(.get, "/v1/me/time-entries?from=2026-11-01&to=2026-11-30&limit=100", token: token).decode(API.Entries.self).items
    }

    @Test func aBatchSentTwiceChangesNothingTheSecondTime() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let before = try await Self.entries(app, jan)
            let now = app.clock.now()
            let ids = (0..<5).map { _ in UUID() }
            let body = Self.batch([
                Self.entry(ids[0], "2026-11-16", "08:00", "10:00"),
                Self.entry(ids[1], "2026-11-16", "10:30", "12:00"),
                Self.entry(ids[2], "2026-11-16", "13:00", "16:00"),
                // The stop was pressed after the start; the batch lists it first.
                Self.press(ids[3], "stop", at: now.addingTimeInterval(-3600)),
                Self.press(ids[4], "start", at: now.addingTimeInterval(-2 * 3600)),
            ])
            let first = try await app.send(.post, "/v1/me/time-entries/batch", token: jan, json: body)
            let firstResult = try first.decode(Result.self)
            let afterFirst = try await Self.entries(app, jan)
            let second = try await app.send(.post, "/v1/me/time-entries/batch", token: jan, json: body).decode(Result.self)
            let afterSecond = try await Self.entries(app, jan)

            #expect(first.status == .ok)
            #expect(firstResult.items.map(\.id) == ids.map(\.uuidString), "each item answers under its id, in the order sent")
            #expect(
                firstResult.items.map(\.outcome) == ["created", "created", "created", "created", "created"],
                "a stop sent late is kept to end the start pressed before it, which arrives after it")
            #expect(firstResult.items[0].entry?.id == ids[0].lowercasedString, "the device's id is the entry's id")
            #expect(firstResult.items[0].etag == "\"v1\"")
            #expect(afterFirst.count == before.count + 4, "three entries and the timer's hour")
            let timed = afterFirst.first { $0.description == "Cesta" }
            #expect(timed?.durationSeconds == 3600, "the late start is applied before the stop pressed after it")
            #expect(firstResult.timer.running == nil)
            #expect(second.items.map(\.outcome) == ["unchanged", "unchanged", "unchanged", "unchanged", "unchanged"])
            #expect(afterSecond == afterFirst, "the same batch again changes nothing")
        }
    }

    @Test func oneRefusedItemDoesNotStopTheOthersAndEachSaysWhy() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let inTheWay = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: API.json(projectId: Demo.mobileBanking, "2026-11-17", "09:00", "11:00")
            ).decode(API.Entry.self)
            let (good, overlapping, backwards, projectless, twice) = (UUID(), UUID(), UUID(), UUID(), UUID())
            let result = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan,
                json: Self.batch([
                    Self.entry(overlapping, "2026-11-17", "10:00", "12:00"),
                    Self.entry(backwards, "2026-11-17", "15:00", "14:00"),
                    #"{"id":"\#(projectless)","start":"\#(API.prague("2026-11-17", "16:00"))","end":"\#(API.prague("2026-11-17", "17:00"))"}"#,
                    Self.entry(good, "2026-11-17", "12:00", "13:00"),
                    Self.entry(twice, "2026-11-17", "13:00", "13:30"),
                    Self.entry(twice, "2026-11-17", "13:30", "14:00"),
                    #"{"id":"not-a-uuid","press":"stop","at":"\#(app.clock.now().formatted(.iso8601))"}"#,
                    #"{"id":"\#(UUID())","projectId":"\#(Demo.mobileBanking)","start":"\#(API.prague("2026-11-17", "18:00"))","end":"\#(API.prague("2026-11-17", "19:00"))","tags":["\#(String(repeating: "x", count: 51))"]}"#,
                ]), headers: [.acceptLanguage: "cs"]
            ).decode(Result.self)
            let items = result.items

            #expect(items.map(\.outcome) == ["conflict", "invalid", "invalid", "created", "created", "invalid", "invalid", "invalid"])
            #expect(items[7].problem?.errors?.map(\.field) == ["body.items[7].tags[0]"], "the rules of entries, per item")
            #expect(items[0].problem?.type == "urn:staffbook:problem:time-entry-overlap")
            #expect(items[0].problem?.status == 409)
            #expect(items[0].entry?.id == inTheWay.id, "the entry in the way, for the device to show")
            #expect(items[1].problem?.errors?.map(\.field) == ["body.items[1].end"])
            #expect(items[1].problem?.errors?.first?.message == "Musí být po začátku.", "in the language the caller asked for")
            #expect(items[2].problem?.errors?.map(\.field) == ["body.items[2].projectId"])
            #expect(items[5].problem?.errors?.map(\.code) == ["duplicate"])
            #expect(items[6].problem?.errors?.map(\.field) == ["body.items[6].id"])
            let day = try await Self.entries(app, jan).filter { $0.start.hasPrefix("2026-11-17") }
            #expect(day.count == 3, "the entry in the way and the two good items")
        }
    }

    @Test func anEntryChangedOnTwoDevicesAnswersTheCurrentVersionToTheStaleOne() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let id = UUID()
            let created = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan, json: Self.batch([Self.entry(id, "2026-11-16", "08:00", "09:00")])
            ).decode(Result.self)
            let etag = try #require(created.items.first?.etag)
            // The phone and the laptop both change it offline from version 1.
            let phone = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan,
                json: Self.batch([Self.entry(id, "2026-11-16", "08:00", "09:30", description: "Z telefonu", ifMatch: etag)])
            ).decode(Result.self)
            let laptop = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan,
                json: Self.batch([Self.entry(id, "2026-11-16", "08:00", "09:00", description: "Z notebooku", ifMatch: etag)])
            ).decode(Result.self)
            let blind = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan,
                json: Self.batch([Self.entry(id, "2026-11-16", "08:00", "09:00", description: "Bez verze")])
            ).decode(Result.self)
            let merged = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan,
                json: Self.batch([
                    Self.entry(id, "2026-11-16", "08:00", "09:30", description: "Z telefonu i notebooku", ifMatch: laptop.items.first?.etag)
                ])
            ).decode(Result.self)

            #expect(phone.items.first?.outcome == "updated")
            #expect(phone.items.first?.etag == "\"v2\"")
            #expect(laptop.items.first?.outcome == "stale")
            #expect(laptop.items.first?.entry?.description == "Z telefonu", "the current entry, for the laptop to merge")
            #expect(laptop.items.first?.etag == "\"v2\"")
            #expect(blind.items.first?.outcome == "stale", "changing an entry that exists needs the version it changes")
            #expect(merged.items.first?.outcome == "updated")
            #expect(merged.items.first?.entry?.description == "Z telefonu i notebooku")
        }
    }

    @Test func aBatchOverTheLimitOrNotJSONIsRefusedWhole() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let items = (0...TimeService.maximumBatch).map { _ in Self.press(UUID(), "stop", at: app.clock.now()) }
            let tooMany = try await app.send(.post, "/v1/me/time-entries/batch", token: jan, json: Self.batch(items))
            let notJSON = try await app.send(.post, "/v1/me/time-entries/batch", token: jan, json: "items", headers: [.contentType: "text/plain"])
            let empty = try await app.send(.post, "/v1/me/time-entries/batch", token: jan, json: #"{"items":[]}"#).decode(Result.self)

            #expect(tooMany.status == .badRequest)
            #expect(tooMany.problem?.errors?.map(\.field) == ["body.items"])
            #expect(notJSON.status == .unsupportedMediaType)
            #expect(empty.items.isEmpty)
        }
    }

    @Test func anotherPersonsEntryIdIsRefusedWithoutSayingWhoseItIs() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let hers = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: API.json(projectId: Demo.internalProject, "2026-11-16", "08:00", "09:00")
            ).decode(API.Entry.self)
            let id = try #require(UUID(uuidString: hers.id))
            let result = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan, json: Self.batch([Self.entry(id, "2026-11-16", "10:00", "11:00")])
            ).decode(Result.self)
            let still = try await Self.entries(app, petra).first { $0.id == hers.id }

            #expect(result.items.first?.outcome == "invalid")
            #expect(result.items.first?.problem?.errors?.map(\.code) == ["taken"])
            #expect(result.items.first?.entry == nil, "nothing of hers is shown")
            #expect(still == hers)
        }
    }
}
