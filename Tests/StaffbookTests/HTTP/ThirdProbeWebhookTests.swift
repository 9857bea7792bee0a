import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// The third probe's findings on chat webhooks (4) and the smaller ones (7–15).
@Suite("Hardening: the third probe's webhook and smaller findings")
struct ThirdProbeWebhookTests {
    static let strict = WebhookPolicy()

    // 4. Server-side request forgery through the chat webhook.

    @Test(arguments: [
        "https://127.0.0.1/hook", "https://[::1]/hook", "https://0x7f000001/hook", "https://2130706433/hook", "https://127.1/hook",
        "https://localhost/hook", "https://LOCALHOST./hook", "https://169.254.169.254/latest/meta-data", "https://10.0.0.8/",
        "https://[::ffff:127.0.0.1]/", "https://[fe80::1]/", "https://0.0.0.0/", "https://224.0.0.1/", "https://[::]/",
        "https://192.168.1.1/", "https://100.64.0.1/", "http://hooks.slack.com/services/T0/B0/x", "https://user:pw@hooks.slack.com/x",
        "ftp://hooks.slack.com/x",
    ])
    func ssrf_aChatWebhookInsideTheNetworkOrNotHTTPSIsRefused(url: String) async throws {
        try await TestApp.test(configure: { $0.monthEnd.webhookPolicy = Self.strict }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let saved = try await app.send(
                .put, "/v1/me/notification-preferences", token: jan,
                json: #"{"language":"cs","chatWebhookUrl":"\#(url)","channels":{"invoice_paid":"chat"}}"#
            )

            #expect(saved.status == .badRequest, "\(url): \(saved.text)")
            #expect(saved.problem?.errors?.map(\.field) == ["body.chatWebhookUrl"])
        }
    }

    @Test func ssrf_aPublicHTTPSWebhookIsAccepted() throws {
        let url = try WebhookURL("https://hooks.slack.com/services/T000/B000/XXXX", policy: Self.strict)
        #expect(url.host == "hooks.slack.com" && url.port == 443 && url.address == nil)
        #expect(try WebhookURL("https://[2a00:1450:4014:80c::200e]/hook", policy: Self.strict).address?.isPublic == true)
    }

    @Test func ssrf_aNameThatResolvesToLoopbackIsRefusedAtConnectTimeAndNothingIsSent() async throws {
        let receiver = try await WebhookReceiver()
        let port = URL(string: receiver.url)?.port ?? 0
        // The machine's own name passes every check of the text (a name, not an address) and
        // resolves to an address inside: only the check after resolution stops it.
        let name = ProcessInfo.processInfo.hostName.lowercased()
        let addresses = try await HostResolver.addresses(of: name)
        try #require(!addresses.isEmpty && !addresses.contains(where: \.isPublic), "\(name) resolves to \(addresses)")
        let url = "http://\(name):\(port)/hook"

        var refusal: ChatWebhook.Failure.Reason?
        do {
            try await ChatWebhook(policy: WebhookPolicy(allowHTTP: true)).post("hi", to: url)
        } catch let failure as ChatWebhook.Failure {
            refusal = failure.reason
        }
        let receivedWhenRefused = receiver.received.count
        try await ChatWebhook(policy: WebhookPolicy(allowHTTP: true, allowPrivateAddresses: true)).post("hi", to: url)
        let receivedWhenAllowed = try await receiver.waitForRequests(1).count
        try await receiver.close()

        #expect(refusal == .refused("internal_address"))
        #expect(receivedWhenRefused == 0)
        #expect(receivedWhenAllowed == 1)
    }

    @Test func ssrf_aRedirectIsNotFollowed() async throws {
        let target = try await WebhookReceiver()
        let redirecting = try await WebhookReceiver()
        redirecting.redirect(to: "\(target.url)/inside")
        let chat = ChatWebhook(policy: WebhookPolicy(allowHTTP: true, allowPrivateAddresses: true))

        await #expect(throws: ChatWebhook.Failure.self) { try await chat.post("hi", to: "\(redirecting.url)/hook") }
        let followed = target.received
        try await target.close()
        try await redirecting.close()

        #expect(followed.isEmpty)
    }

    @Test func ssrf_aRetryGoesToTheURLTheNotificationWasQueuedWith() async throws {
        let first = try await WebhookReceiver()
        let second = try await WebhookReceiver()
        first.answer(503)
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            _ = try await app.send(
                .put, "/v1/me/notification-preferences", token: jan,
                json: #"{"language":"cs","chatWebhookUrl":"\#(first.url)/queued","channels":{"invoice_returned":"chat"}}"#
            )
            let id = try await app.upload("2026-11", token: jan).decode(WorkerInvoiceTests.Month.self).invoiceId ?? ""
            _ = try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"Chybí IČO"}"#, headers: [.ifMatch: "*"])
            try await app.withWorker { _ = await $0.tick() }
            _ = try await app.send(
                .put, "/v1/me/notification-preferences", token: jan,
                json: #"{"language":"cs","chatWebhookUrl":"\#(second.url)/changed","channels":{"invoice_returned":"chat"}}"#
            )
            first.answer(200)
            app.clock.advance(by: 3600)
            try await app.withWorker { _ = await $0.tick() }

            #expect(try await first.waitForRequests(1).map(\.path) == ["/queued"])
            #expect(second.received.isEmpty)
        }
        try await first.close()
        try await second.close()
    }

    // 9. A closed project's entries keep their size.

    @Test func closedProject_anEntryOnAClosedProjectCannotBeResized() async throws {
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

    // 10. Names over 200 characters from an admin's import: a line problem, and a check
    // constraint anywhere answers 400.

    @Test func longNames_anAdminImportingANameOver200CharactersGetsALineProblemNot500() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let long = String(repeating: "Š", count: 201)
            let csv = "\(ThirdProbeTests.togglHeader)\nA,a@x.cz,\(long),Projekt,,Práce,Yes,2026-11-16,08:00:00,01:00:00,\n"

            let preview = try await ThirdProbeTests.importFile(app, csv, token: admin)
            let confirmed = try await ThirdProbeTests.importFile(app, csv, token: admin, confirm: true)

            #expect(preview.status == .ok && confirmed.status == .ok, "\(confirmed.text)")
            #expect(try confirmed.decode(ThirdProbeTests.Problems.self).problems.map(\.code) == ["name"])
            #expect(try await app.sql("SELECT count(*)::text FROM clients WHERE length(name) > 200") == ["0"])
        }
    }

    @Test func longNames_aCheckConstraintTheCodeDidNotExpectIsTheCallersDataNotAFault() {
        #expect(StoreError.invalidData(column: "clients_name_length") == StoreError.invalidData(column: "clients_name_length"))
        let (problem, isFault) = Problem.from(StoreError.invalidData(column: "clients_name_length"))
        #expect(problem.status == .badRequest && !isFault)
    }

    // 11. Concurrent runs of a job by hand.

    @Test func concurrentRuns_fortyFiveRunsAtOnceAreEachQueuedAndAnswered202() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<45 { group.addTask { Int(try await app.send(.post, "/v1/jobs/statements/run", token: admin).status.code) } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }

            #expect(statuses == Array(repeating: 202, count: 45))
        }
    }

    // 12. One set of rules for every way in.

    @Test func oneSetOfRules_theImportRefusesWhatTheJSONAPIRefuses() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let longTag = String(repeating: "t", count: 5000)
            let csv = """
                \(ThirdProbeTests.togglHeader)
                J,j@x.cz,Staffbook (interní),Interní,,Ovládací\u{7}znak,No,2026-11-16,08:00:00,01:00:00,
                J,j@x.cz,Staffbook (interní),Interní,,Dlouhý štítek,No,2026-11-16,10:00:00,01:00:00,\(longTag)
                J,j@x.cz,Staffbook (interní),Interní,,Starý,No,1969-12-31,10:00:00,01:00:00,
                J,j@x.cz,Staffbook (interní),Interní,,Dobrý,No,2026-11-16,12:00:00,01:00:00,a
                """

            let result = try await ThirdProbeTests.importFile(app, csv, token: jan, confirm: true).decode(ThirdProbeTests.Problems.self)
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

    @Test(arguments: ["0001-11-16T08:00:00Z", "1969-12-31T08:00:00Z"])
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

    @Test func oneSetOfRules_theOldestEntryAllowedGetsACursorTheServerTakesBack() async throws {
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

    // 13. Common passwords.

    @Test(arguments: ["aaaaaaaaaaaa", "password1234", "Password1234", "qwertyuiop123", "1qaz2wsx3edc", "ŽŽŽŽŽŽŽŽŽŽŽŽ"])
    func commonPasswords_aCommonOrOneCharacterPasswordIsRefused(password: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let links = AccountLinks(secret: TestApp.signingKey.secret, linkBase: "staffbook://")
            let grant = links.grant(.passwordReset, now: app.clock.now())
            try await app.withDatabase { pool in
                _ = try await PostgresAccountLinkRepository(database: pool, logger: TestDatabase.logger)
                    .issue(grant, purpose: .passwordReset, accountId: Demo.janNovak, now: app.clock.now())
            }
            let token = links.token(notificationId: grant.notificationId)

            let refused = try await app.send(.post, "/v1/auth/password-reset/\(token)", token: nil, json: #"{"password":"\#(password)"}"#)
            let accepted = try await app.send(.post, "/v1/auth/password-reset/\(token)", token: nil, json: #"{"password":"zelený kůň skáče přes plot"}"#)

            #expect(refused.status == .badRequest)
            #expect(refused.problem?.errors?.map(\.code) == ["common"])
            #expect(accepted.status == .noContent)
            #expect(CommonPasswords.list.count >= 10_000)
        }
    }

    // 14. Info items, as decided.

    @Test func info_aSignedLinksFileHasTheDownloadsPolicy() {
        #expect(SecurityHeadersMiddleware.filePolicy == "default-src 'none'; frame-ancestors 'none'; sandbox")
    }

    @Test func info_metricsNeedTheConfiguredTokenOrALoopbackClient() async throws {
        try await TestApp.test(configure: { $0.metricsAccess = .token("a metrics token of some length") }) { app in
            let none = try await app.execute("/metrics")
            let wrong = try await app.execute("/metrics", headers: [.authorization: "Bearer nope"])
            let right = try await app.execute("/metrics", headers: [.authorization: "Bearer a metrics token of some length"])

            #expect(none.status == .unauthorized && wrong.status == .unauthorized)
            #expect(right.status == .ok && right.text.contains("hb_requests"))
        }
        try await TestApp.test(configure: { $0.metricsAccess = .loopback }) { app in
            let outside = try await app.execute("/metrics", headers: [.xForwardedFor: "203.0.113.7"])
            let inside = try await app.execute("/metrics", headers: [.xForwardedFor: "127.0.0.1"])

            #expect(outside.status == .notFound)
            #expect(inside.status == .ok)
        }
    }

    @Test func info_duringAnAccountLockTheRightPasswordFromAnAddressThatHasNotFailedSignsIn() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            for attempt in 0..<6 {
                _ = try await app.execute(
                    "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.\(attempt)"],
                    json: #"{"email":"jana@staffbook.test","password":"wrong password"}"#
                )
            }

            let attacker = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "198.51.100.1"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            let owner = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.xForwardedFor: "203.0.113.50"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )

            #expect(owner.status == .ok)
            #expect(attacker.status == .tooManyRequests)
        }
    }

    @Test func info_anUnknownJobKindAnswers404() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let unknown = try await app.send(.post, "/v1/jobs/nonsense/run", token: admin)
            let notRunnable = try await app.send(.post, "/v1/jobs/deliver_notification/run", token: admin)

            #expect(unknown.status == .notFound, "\(unknown.text)")
            #expect(notRunnable.status == .notFound, "\(notRunnable.text)")
        }
    }

    // 15. Idempotency keys expire.

    @Test func idempotencyExpiry_aFixedKeyStartsTheTimerAgainTheNextDayAndOldKeysArePruned() async throws {
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
