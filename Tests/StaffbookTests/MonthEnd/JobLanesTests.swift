import Crypto
import Foundation
import HTTPTypes
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs

/// The job worker as `serve` runs it, against servers of other people's that never answer: a
/// push service, a webhook receiver. Neither may make a colleague's password reset or an
/// invoice's checks wait (fifth probe, findings 5 and 13).
@Suite("Jobs: lanes and budgets", .tags(.fifthProbe))
struct JobLanesTests {
    /// Runs the worker's service loop (not its test tick) while `body` runs.
    static func running<Value>(_ app: TestContext, _ body: () async throws -> Value) async throws -> Value {
        try await app.withWorker { worker in
            let service = Task { try await worker.run() }
            defer { service.cancel() }
            return try await body()
        }
    }

    /// Waits until the query answers `true`; the seconds it took.
    static func seconds(until query: String, in app: TestContext, limit: TimeInterval = 40) async throws -> TimeInterval {
        let started = Date()
        while Date().timeIntervalSince(started) < limit {
            if try await app.sql(query) == ["true"] { return Date().timeIntervalSince(started) }
            try await Task.sleep(for: .milliseconds(50))
        }
        return .infinity
    }

    @Test func tenBrowsersWhosePushServiceNeverAnswersHoldNeitherTheirJobNorAColleaguesPasswordReset() async throws {
        let silent = try await WebhookReceiver()
        silent.neverAnswer()
        let vapidKey = VAPID.newPrivateKey()
        try await TestApp.test(configure: { $0.vapid = VAPID(privateKey: vapidKey, subject: "mailto:admin@staffbook.example") }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            // Twelve browsers: he keeps his newest ten, every one behind the push service that hangs.
            for n in 0..<12 {
                let key = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
                let auth = Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max) })
                let made = try await app.send(
                    .post, "/v1/me/push-subscriptions", token: jan,
                    json: #"{"endpoint":"\#(silent.url)/push/\#(n)","keys":{"p256dh":"\#(key)","auth":"\#(auth)"}}"#)
                #expect(made.status == .created)
                app.clock.advance(by: 1)
            }
            #expect(try await app.sql("SELECT count(*)::text FROM push_subscriptions") == ["10"], "a person keeps their newest ten")
            #expect(
                try await app.sql("SELECT count(*)::text FROM push_subscriptions WHERE endpoint LIKE '%/push/0' OR endpoint LIKE '%/push/1'") == ["0"])

            let asked = try await app.send(
                .post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-12-07", "2026-12-08"))
            #expect(try await app.send(.post, "/v1/absences/\(try asked.decode(AbsenceTests.Absence.self).id)/approve", token: lead).status == .ok)
            try await Self.running(app) {
                let pushing = try await Self.seconds(until: "SELECT (count(*) > 0)::text FROM jobs WHERE kind = 'deliver_push' AND state = 'running'", in: app)
                #expect(pushing < 10, "the push job runs")
                // While it waits on ten silent push services, a colleague asks for a new password.
                let reset = try await app.execute(
                    "/v1/auth/password-reset", method: .post, json: #"{"email":"petra.svobodova@staffbook.example"}"#)
                #expect(reset.status == .accepted)
                let mailed = try await Self.seconds(
                    until: "SELECT (count(*) > 0)::text FROM jobs WHERE kind = 'password_reset' AND state = 'done'", in: app)
                let pushed = try await Self.seconds(
                    until: """
                        SELECT (count(*) FILTER (WHERE state = 'running') = 0 AND count(*) FILTER (WHERE state = 'done') > 0)::text
                        FROM jobs WHERE kind = 'deliver_push'
                        """, in: app)
                print("jobs: the reset mailed \(mailed) s after it was asked while pushes waited; the push job ended \(pushed + pushing) s after it began")
                // Ordered where it can be: the reset was done while the push job still ran (before,
                // it waited behind it: about 500 s behind 50 pushes).
                #expect(mailed < pushed, "the reset does not wait behind the push job: \(mailed) s, the push \(pushed) s")
                #expect(pushed + pushing < 40, "ten posts at once within one deadline (before: one after another, 10 s each): \(pushed + pushing) s")
            }
            #expect(silent.requestCount == 10, "each of his ten browsers was tried once")
        }
        try await silent.close()
    }

    @Test func aChangeWakesTheWorkerAtOnceWhileAWebhookWaitsOnAReceiverThatNeverAnswers() async throws {
        let silent = try await WebhookReceiver()
        silent.neverAnswer()
        // Today's clock: webhook attempts are due by the database's own time.
        try await TestApp.test(configure: { $0.monthEnd.pollInterval = .seconds(60) }, clock: TestClock(Date())) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            _ = try await WebhookTests.register(app, token: admin, url: silent.url, types: ["time_entry.created"])
            #expect(try await app.upload("2026-11", token: petra).status == .created)
            try await Self.running(app) {
                _ = try await Self.seconds(until: "SELECT (count(*) = 0)::text FROM jobs WHERE kind = 'invoice_checks' AND state <> 'done'", in: app)
                // The first entry's webhook attempt hangs on the receiver; a second change follows.
                let first = try await app.send(
                    .post, "/v1/me/time-entries", token: petra, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-10", "20:00", "21:00"))
                #expect(first.status == .created, "\(first.text)")
                _ = try await Self.seconds(until: "SELECT (count(*) > 0)::text FROM webhook_deliveries WHERE attempts > 0 OR locked_until IS NOT NULL", in: app, limit: 5)
                try await Task.sleep(for: .milliseconds(500))
                let changed = Date()
                // The test's clock stands still: moved on, it stamps the next run's end apart from the first's.
                app.clock.advance(by: 60)
                let since = app.clock.now().timeIntervalSince1970 - 0.001  // below the clock by more than a float rounds
                let second = try await app.send(
                    .post, "/v1/me/time-entries", token: petra, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-11", "20:00", "21:00"))
                #expect(second.status == .created, "\(second.text)")
                let checked = try await Self.seconds(
                    until: "SELECT (max(finished_at) >= to_timestamp(\(since)))::text FROM jobs WHERE kind = 'invoice_checks' AND state = 'done'", in: app)
                // Ordered, not timed: the checks ran while the webhook attempt still hung (before,
                // they waited for it to end, at its 10 s timeout, and a poll behind: 13 s seen).
                let stillHanging = try await app.sql(
                    "SELECT count(*)::text FROM webhook_deliveries WHERE last_status IS NULL AND last_error IS NULL")
                print("jobs: a change's invoice checks ran \(checked) s after it (\(Date().timeIntervalSince(changed)) s), a webhook attempt hanging meanwhile")
                let jobs = try await app.sql(
                    "SELECT string_agg(kind || ':' || state || ':' || attempts || ':' || coalesce(last_error, '') || ':' || coalesce(finished_at::text, '-'), ' | ') FROM jobs")
                #expect(checked.isFinite && silent.requestCount >= 1, "\(jobs) since \(since)")
                #expect(stillHanging != ["0"], "the checks did not wait for the webhook attempt to end")
            }
        }
        try await silent.close()
    }
}
