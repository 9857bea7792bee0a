import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookPostgres

/// Webhooks for integrations: registered by admins, written in the transaction of the change,
/// delivered by the job worker to a real HTTP receiver, signed as Standard Webhooks has it.
@Suite("Webhooks")
struct WebhookTests {
    struct Endpoint: Decodable {
        var id: String
        var url: String
        var eventTypes: [String]
        var active: Bool
        var secret: String?
        var failingSince: String?
        var disabledAt: String?
        var disabledReason: String?
    }

    struct Delivery: Decodable {
        var id: String
        var eventId: String
        var eventType: String
        var state: String
        var attempts: Int
        var lastStatus: Int?
        var lastError: String?
        var replayOf: String?
    }

    struct Deliveries: Decodable {
        var items: [Delivery]
    }

    struct Envelope: Decodable {
        struct Data: Decodable {
            var id: String?
            var personId: String?
            var version: Int?
        }

        var type: String
        var timestamp: String
        var data: Data
    }

    static func register(_ app: TestContext, token: String, url: String, types: [String]) async throws -> Endpoint {
        let types = types.map { "\"\($0)\"" }.joined(separator: ",")
        let created = try await app.send(
            .post, "/v1/webhooks", token: token, json: #"{"url":"\#(url)","description":"Books","eventTypes":[\#(types)]}"#)
        #expect(created.status == .created, "\(created.text)")

        return try created.decode(Endpoint.self)
    }

    static func deliveries(_ app: TestContext, token: String, endpoint: String) async throws -> [Delivery] {
        try await app.send(.get, "/v1/webhooks/\(endpoint)/deliveries", token: token).decode(Deliveries.self).items
    }

    /// Verifies a received request with the Standard Webhooks library from PyPI and prints the
    /// verified body's type. The test's clock is not today's, so the library's five-minute
    /// tolerance of `webhook-timestamp` is the one check left out here (verify's run against a
    /// real server keeps it).
    static let verifier = """
        import json, sys, datetime
        from standardwebhooks.webhooks import Webhook
        Webhook._Webhook__verify_timestamp = lambda self, ts: datetime.datetime.fromtimestamp(float(ts), tz=datetime.timezone.utc)
        request = json.load(open(sys.argv[1]))
        payload = Webhook(request["secret"]).verify(request["body"], request["headers"])
        print(payload["type"])
        """

    static func verified(_ received: WebhookReceiver.Received, secret: String) throws -> String {
        let request = try JSONSerialization.data(withJSONObject: ["secret": secret, "body": received.body, "headers": received.headers])
        let output = try PythonReader.output(of: verifier, reading: request, suffix: "json", library: "standardwebhooks")
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theSignatureIsTheOneOfTheStandardWebhooksSpecificationsExample() throws {
        let secret = try #require(Data(base64Encoded: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let signature = WebhookSignature.sign(
            secret: Array(secret), id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Array(#"{"test": 2432232314}"#.utf8))
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        #expect(WebhookSignature.text(of: Array(secret)) == "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    }

    @Test func anAdminsEndpointGetsAnEntryAsASignedDeliveryThatTheStandardWebhooksLibraryVerifies() async throws {
        let receiver = try await WebhookReceiver()
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let endpoint = try await Self.register(app, token: admin, url: receiver.url + "/books", types: ["time_entry.created", "invoice.paid"])
            let secret = try #require(endpoint.secret)
            #expect(secret.hasPrefix("whsec_") && Data(base64Encoded: String(secret.dropFirst(6)))?.count == 32)

            let created = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            let entry = try created.decode(TimeAPI.Entry.self)
            try await app.withWorker { worker in await worker.tick() }

            let received = receiver.received
            try #require(received.count == 1, "\(received)")
            #expect(received[0].path == "/books")
            #expect(try Self.verified(received[0], secret: secret) == "time_entry.created")
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(received[0].body.utf8))
            #expect(envelope.data.id == entry.id && envelope.data.personId == Demo.janNovak.lowercasedString)
            // Tampered with on the way, it fails the library's check.
            let tampered = WebhookReceiver.Received(
                path: "/books", body: received[0].body.replacingOccurrences(of: "Práce", with: "Prace"), headers: received[0].headers)
            #expect(throws: (any Error).self) { try Self.verified(tampered, secret: secret) }

            let log = try await Self.deliveries(app, token: admin, endpoint: endpoint.id)
            #expect(log.count == 1 && log[0].state == "delivered" && log[0].attempts == 1 && log[0].lastStatus == 200)
            #expect(log[0].eventId == received[0].headers["webhook-id"])
            // The secret is shown once: never in the list, never in the audit.
            let listed = try await app.send(.get, "/v1/webhooks", token: admin)
            #expect(listed.status == .ok && !listed.text.contains(secret) && !listed.text.contains("secret"))
            let audit = try await app.send(.get, "/v1/audit?kind=webhook_endpoint", token: admin)
            #expect(audit.text.contains("\"action\":\"create\"") && !audit.text.contains(String(secret.dropFirst(6))))
        }
        try await receiver.close()
    }

    @Test func aDeliveryTheReceiverFailsTwiceIsTriedAgainAfterFiveSecondsThenFiveMinutesAndThenArrives() async throws {
        let receiver = try await WebhookReceiver()
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let endpoint = try await Self.register(app, token: admin, url: receiver.url, types: ["time_entry.created"])
            receiver.answer(503)
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            try await app.withWorker { worker in
                await worker.tick()
                #expect(receiver.requestCount == 1)
                await worker.tick()
                #expect(receiver.requestCount == 1, "not due again before its delay")
                app.clock.advance(by: 6)
                await worker.tick()
                #expect(receiver.requestCount == 2)
                app.clock.advance(by: 200)
                await worker.tick()
                #expect(receiver.requestCount == 2, "the second delay is five minutes")
                let waiting = try await Self.deliveries(app, token: admin, endpoint: endpoint.id)
                #expect(waiting.first?.state == "pending" && waiting.first?.attempts == 2 && waiting.first?.lastStatus == 503)
                let failing = try await app.send(.get, "/v1/webhooks/\(endpoint.id)", token: admin).decode(Endpoint.self)
                #expect(failing.failingSince != nil && failing.active)

                receiver.answer(200)
                app.clock.advance(by: 101)
                await worker.tick()
            }
            #expect(receiver.requestCount == 3 && receiver.received.count == 1)
            let log = try await Self.deliveries(app, token: admin, endpoint: endpoint.id)
            #expect(log.first?.state == "delivered" && log.first?.attempts == 3)
            let healed = try await app.send(.get, "/v1/webhooks/\(endpoint.id)", token: admin).decode(Endpoint.self)
            #expect(healed.failingSince == nil)
        }
        try await receiver.close()
    }

    @Test func anAdminReplaysADeliveryAndTheReceiverGetsTheSameEventWithItsIdAgain() async throws {
        let receiver = try await WebhookReceiver()
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let endpoint = try await Self.register(app, token: admin, url: receiver.url, types: ["time_entry.created"])
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            try await app.withWorker { worker in await worker.tick() }
            let first = try #require(try await Self.deliveries(app, token: admin, endpoint: endpoint.id).first)

            let replay = try await app.send(.post, "/v1/webhooks/\(endpoint.id)/deliveries/\(first.id)/replay", token: admin)
            #expect(replay.status == .accepted)
            let replayed = try replay.decode(Delivery.self)
            #expect(replayed.replayOf == first.id && replayed.state == "pending" && replayed.eventId == first.eventId)
            let elsewhere = try await app.send(.post, "/v1/webhooks/\(UUID())/deliveries/\(first.id)/replay", token: admin)
            #expect(elsewhere.status == .notFound)
            try await app.withWorker { worker in await worker.tick() }

            let received = receiver.received
            #expect(received.count == 2 && received[0].body == received[1].body)
            #expect(received[0].headers["webhook-id"] == received[1].headers["webhook-id"])
            let log = try await Self.deliveries(app, token: admin, endpoint: endpoint.id)
            #expect(log.map(\.state) == ["delivered", "delivered"])
        }
        try await receiver.close()
    }

    @Test func anEndpointInsideTheNetworkIsRefusedWhenRegisteredAndANameResolvingInsideIsRefusedAtDelivery() async throws {
        let receiver = try await WebhookReceiver()
        let port = URL(string: receiver.url)?.port ?? 0
        let name = ProcessInfo.processInfo.hostName.lowercased()
        try await TestApp.test(configure: { $0.monthEnd.webhookPolicy = WebhookPolicy(allowHTTP: true, allowPrivateAddresses: false) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            for url in ["http://127.0.0.1:\(port)/", "https://10.0.0.8/hook", "https://[::1]/", "https://user:pw@hooks.example.com/"] {
                let refused = try await app.send(
                    .post, "/v1/webhooks", token: admin, json: #"{"url":"\#(url)","eventTypes":["time_entry.created"]}"#)
                #expect(refused.status == .badRequest, "\(url): \(refused.text)")
                #expect(refused.problem?.errors?.map(\.field) == ["body.url"])
            }
            let addresses = try await HostResolver.addresses(of: name)
            try #require(!addresses.isEmpty && !addresses.contains(where: \.isPublic), "\(name) resolves to \(addresses)")
            let endpoint = try await Self.register(app, token: admin, url: "http://\(name):\(port)/hook", types: ["time_entry.created"])
            let jan = try await app.token("jan.novak@staffbook.example")
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            try await app.withWorker { worker in await worker.tick() }

            #expect(receiver.requestCount == 0, "nothing was sent")
            let log = try await Self.deliveries(app, token: admin, endpoint: endpoint.id)
            #expect(log.first?.state == "failed" && log.first?.lastError == "refused: internal_address")
        }
        try await receiver.close()
    }

    @Test func oneResourcesEventsArriveInOrderWhileChangesRaceAndTwoWorkersDeliverThroughFailures() async throws {
        let receiver = try await WebhookReceiver()
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await Self.register(app, token: admin, url: receiver.url, types: ["time_entry.created", "time_entry.updated"])
            let people = ["jan.novak@staffbook.example", "petra.svobodova@staffbook.example", "lead.mobile@staffbook.example"]
            var tokens: [String] = []
            for person in people { tokens.append(try await app.token(person)) }
            receiver.answer(500)
            try await app.withWorker { first in
                try await app.withWorker { second in
                    // Three people each make an entry and change it three times, all at once; the
                    // workers deliver while they do, and the receiver fails the first attempts.
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for (n, token) in tokens.enumerated() {
                            group.addTask {
                                let created = try await app.send(
                                    .post, "/v1/me/time-entries", token: token,
                                    json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-1\(n + 1)", "20:00", "21:00"))
                                var etag = try #require(created.headers[.eTag])
                                let id = try created.decode(TimeAPI.Entry.self).id
                                for edit in 1...3 {
                                    let changed = try await app.send(
                                        .patch, "/v1/me/time-entries/\(id)", token: token, json: #"{"description":"Edit \#(edit)"}"#,
                                        headers: [.ifMatch: etag])
                                    etag = try #require(changed.headers[.eTag])
                                }
                            }
                        }
                        group.addTask { for _ in 0..<5 { await first.tick() } }
                        group.addTask { for _ in 0..<5 { await second.tick() } }
                        try await group.waitForAll()
                    }
                    receiver.answer(200)
                    for _ in 0..<8 {
                        app.clock.advance(by: 7_200)
                        async let a = first.tick()
                        async let b = second.tick()
                        _ = await (a, b)
                    }
                }
            }
            let envelopes = try receiver.received.map { try JSONDecoder().decode(Envelope.self, from: Data($0.body.utf8)) }
            #expect(envelopes.count == 12, "every event once: \(envelopes.count)")
            for id in Set(envelopes.compactMap(\.data.id)) {
                let stream = envelopes.filter { $0.data.id == id }
                #expect(stream.map(\.type) == ["time_entry.created", "time_entry.updated", "time_entry.updated", "time_entry.updated"])
                #expect(stream.compactMap(\.data.version) == [1, 2, 3, 4], "entry \(id) in the order of its changes")
            }
        }
        try await receiver.close()
    }

    @Test func anEndpointThatHasFailedForFiveDaysIsTurnedOffAndTurningItOnAgainDeliversWhatWaited() async throws {
        let receiver = try await WebhookReceiver()
        try await TestApp.test { app in
            try await app.seedDemo()
            var admin = try await app.token("admin@staffbook.example")
            var jan = try await app.token("jan.novak@staffbook.example")
            let endpoint = try await Self.register(app, token: admin, url: receiver.url, types: ["time_entry.created"])
            receiver.answer(500)
            try await app.withWorker { worker in
                _ = try await app.send(
                    .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
                await worker.tick()
                app.clock.advance(by: 5 * 24 * 3600)
                // Tokens live minutes; the clock moved days.
                jan = try await app.token("jan.novak@staffbook.example")
                admin = try await app.token("admin@staffbook.example")
                _ = try await app.send(
                    .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-14", "20:00", "21:00"))
                await worker.tick()
                let offResponse = try await app.send(.get, "/v1/webhooks/\(endpoint.id)", token: admin)
                let off = try offResponse.decode(Endpoint.self)
                #expect(!off.active && off.disabledAt != nil && off.disabledReason == "failed for 5 days")
                let told = try await app.sql(
                    """
                    SELECT ((SELECT string_agg(account_id::text, ',' ORDER BY account_id) FROM notifications
                            WHERE kind = 'webhook_disabled' AND payload->>'endpoint' = '\(receiver.url)')
                         = (SELECT string_agg(id::text, ',' ORDER BY id) FROM accounts WHERE is_active AND 'admin' = ANY (roles)))::text
                    """)
                #expect(told == ["true"], "every active admin is told, once")
                let attempts = receiver.requestCount
                app.clock.advance(by: 3600)
                await worker.tick()
                #expect(receiver.requestCount == attempts, "a disabled endpoint gets nothing")

                receiver.answer(200)
                admin = try await app.token("admin@staffbook.example")
                let on = try await app.send(
                    .put, "/v1/webhooks/\(endpoint.id)", token: admin, json: #"{"url":"\#(receiver.url)","eventTypes":["time_entry.created"]}"#)
                let turnedOn = try on.decode(Endpoint.self)
                #expect(turnedOn.active && turnedOn.disabledAt == nil && turnedOn.failingSince == nil)
                app.clock.advance(by: 2 * 24 * 3600)
                await worker.tick()
            }
            admin = try await app.token("admin@staffbook.example")
            let log = try await Self.deliveries(app, token: admin, endpoint: endpoint.id)
            #expect(log.map(\.state) == ["delivered", "delivered"], "both waited while it was off and arrived once it was on")
        }
        try await receiver.close()
    }

    @Test func aWorkerOrALeaderCannotSeeOrRegisterEndpointsAndARejectedChangeAnnouncesNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let endpoint = try await Self.register(app, token: admin, url: "https://hooks.example.com/x", types: ["time_entry.created"])
            for token in [lead, jan] {
                #expect(try await app.send(.get, "/v1/webhooks/\(endpoint.id)", token: token).status == .notFound)
                #expect(try await app.send(.delete, "/v1/webhooks/\(endpoint.id)", token: token).status == .notFound)
            }
            let before = try await app.sql("SELECT count(*)::text FROM events")
            let first = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            let overlapping = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:30", "21:30"))
            #expect(first.status == .created && overlapping.status == .conflict)
            let after = try await app.sql("SELECT count(*)::text FROM events")
            #expect(Int(after.first.flatMap { $0 } ?? "") == Int(before.first.flatMap { $0 } ?? "").map { $0 + 1 })
            let queued = try await app.sql("SELECT count(*)::text FROM webhook_deliveries")
            #expect(queued == ["1"])

            #expect(try await app.send(.delete, "/v1/webhooks/\(endpoint.id)", token: admin).status == .noContent)
            #expect(try await app.sql("SELECT count(*)::text FROM webhook_deliveries") == ["0"])
        }
    }
}
