import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Events people care about, each a notification written with the event, delivered by a job in
/// the person's language and channel; retried while the mail server is away.
@Suite("Notifications")
struct NotificationTests {
    private func smtp(_ sink: MailSink) -> SMTPConfiguration {
        SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none)
    }

    @Test func returnedApprovedPaidAndANewRateTellTheirPersonByEMail() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = smtp(sink) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            _ = try await app.sql("UPDATE accounts SET language = 'en' WHERE id = '\(Demo.janNovak)'")
            let id = try await app.upload("2026-11", token: jan).decode(WorkerInvoiceTests.Month.self).invoiceId ?? ""

            let returned = try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"Chybí IČO"}"#, headers: [.ifMatch: "*"])
            _ = try await app.upload("2026-11", token: jan)
            _ = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true,"reason":"Zkontrolováno ručně"}"#, headers: [.ifMatch: "*"])
            _ = try await app.send(.post, "/v1/invoices/\(id)/actions/mark-paid", token: admin, headers: [.ifMatch: "*"])
            _ = try await app.send(.post, "/v1/users/\(Demo.janNovak)/rates", token: admin, json: #"{"amount":"990","effectiveFrom":"2027-02-01"}"#)
            try await app.withWorker { _ = await $0.tick() }

            #expect(returned.status == .ok)
            let mails = try await sink.waitForMessages(4)
            #expect(mails.map(\.subject).sorted() == [
                "A new hourly rate from 2027-02-01", "Invoice for November 2026 approved", "Invoice for November 2026 paid",
                "Invoice for November 2026 returned",
            ])
            #expect(mails.allSatisfy { $0.header("X-Envelope-To") == "jan.novak@staffbook.example" })
            #expect(mails.first { $0.subject.hasSuffix("returned") }?.body("text/plain").contains("Chybí IČO") == true)
            #expect(mails.first { $0.subject.hasPrefix("A new hourly rate") }?.body("text/plain").contains("CZK 990.00") == true)
            let ids = mails.compactMap { $0.header("Message-ID") }
            #expect(Set(ids).count == 4 && ids.allSatisfy { $0.hasSuffix("@staffbook>") })
            let mine = try await app.send(.get, "/v1/me/notifications", token: jan)
            #expect(mine.text.components(separatedBy: #""state":"sent""#).count - 1 == 4)
            #expect(mine.text.contains(#""kind":"invoice_returned""#) && mine.text.contains(#""reason":"Chybí IČO""#))
        }
    }

    @Test func aPersonChoosesChatForAKindOrTurnsItOffButNotTheirPasswordLinks() async throws {
        let sink = try MailSink()
        let chat = try await WebhookReceiver()
        try await TestApp.test(configure: { $0.monthEnd.smtp = smtp(sink) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let id = try await app.upload("2026-11", token: jan).decode(WorkerInvoiceTests.Month.self).invoiceId ?? ""

            let saved = try await app.send(.put, "/v1/me/notification-preferences", token: jan, json: """
                {"language":"cs","chatWebhookUrl":"\(chat.url)/jan","channels":{"invoice_returned":"chat","invoice_approved":"off"}}
                """)
            let noWebhook = try await app.send(.put, "/v1/me/notification-preferences", token: jan, json: """
                {"language":"cs","chatWebhookUrl":null,"channels":{"invoice_paid":"chat"}}
                """)
            _ = try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"Špatná částka"}"#, headers: [.ifMatch: "*"])
            _ = try await app.upload("2026-11", token: jan)
            _ = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true,"reason":"Zkontrolováno ručně"}"#, headers: [.ifMatch: "*"])
            _ = try await app.send(.post, "/v1/auth/password-reset", token: nil, json: #"{"email":"jan.novak@staffbook.example"}"#)
            try await app.withWorker { _ = await $0.tick() }

            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved.text.contains(#""invoice_returned":"chat""#) && saved.text.contains(#""invoice_approved":"off""#))
            #expect(noWebhook.status == .badRequest)
            let posted = try await chat.waitForRequests(1)
            #expect(posted.map(\.path) == ["/jan"])
            #expect(posted.first?.body.contains("Špatná částka") == true)
            let mails = try await sink.waitForMessages(1)
            #expect(mails.map(\.subject) == ["Nové heslo do Staffbooku"])
            let states = try await app.sql(
                "SELECT kind || ':' || state || ':' || coalesce(channel, '-') FROM notifications WHERE account_id = '\(Demo.janNovak)' ORDER BY kind"
            )
            #expect(states == ["invoice_approved:skipped:-", "invoice_returned:sent:chat", "password_reset:sent:email"])
        }
        try await chat.close()
    }

    @Test func anEmptyStringIsNoPreferenceAndIsRefusedWhileNullMeansByEmail() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let empty = try await app.send(.put, "/v1/me/notification-preferences", token: jan, json: """
                {"language":"cs","channels":{"statement_ready":"","invoice_paid":"off"}}
                """)
            let null = try await app.send(.put, "/v1/me/notification-preferences", token: jan, json: """
                {"language":"en","channels":{"statement_ready":null}}
                """)

            #expect(empty.status == .badRequest)
            #expect(empty.problem?.type == "urn:staffbook:problem:validation-failed")
            #expect(empty.problem?.errors?.map(\.field) == ["body.channels.statement_ready"])
            #expect(null.status == .ok, "\(null.text)")
            #expect(null.text.contains(#""statement_ready":"email""#) && null.text.contains(#""invoice_paid":"email""#))
        }
    }

    @Test func whileTheMailServerIsAwayDeliveriesAreRetriedAndEachArrivesOnce() async throws {
        let away = try MailSink()
        let port = away.port
        away.stop()
        try await TestApp.test(configure: { config in
            config.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: port, security: .none, timeout: .seconds(5))
            config.monthEnd.retry = RetryPolicy(base: 60, cap: 600)
        }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.send(.post, "/v1/users/\(Demo.janNovak)/rates", token: admin, json: #"{"amount":"990","effectiveFrom":"2027-02-01"}"#)

            try await app.withWorker { worker in
                await worker.tick()
                let failed = try await app.sql(
                    "SELECT state || ':' || attempts || ':' || coalesce(last_error, '') FROM jobs WHERE kind = 'deliver_notification'"
                )
                #expect(failed.first??.hasPrefix("pending:1:SMTP") == true, "\(failed)")
                #expect(try await app.sql("SELECT outcome FROM notification_attempts") == ["failed"])

                let back = try MailSink(port: port)
                app.clock.advance(by: 30)
                await worker.tick()
                #expect(back.messages().isEmpty, "not before the backoff")
                app.clock.advance(by: 61)
                await worker.tick()
                app.clock.advance(by: 3600)
                await worker.tick()

                let mails = try await back.waitForMessages(1)
                #expect(mails.count == 1)
                #expect(try await app.sql("SELECT outcome FROM notification_attempts ORDER BY id") == ["failed", "sent"])
                #expect(try await app.sql("SELECT state FROM notifications") == ["sent"])
            }
        }
    }

    @Test func aDeliveryThatKeepsFailingEndsFailedAndVisibleToAdmins() async throws {
        try await TestApp.test(configure: { config in
            config.monthEnd.retry = RetryPolicy(base: 1, cap: 1)
        }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.send(.post, "/v1/users/\(Demo.janNovak)/rates", token: admin, json: #"{"amount":"990","effectiveFrom":"2027-02-01"}"#)

            try await app.withWorker { worker in
                for _ in 0..<RetryPolicy.defaultMaxAttempts {
                    await worker.tick()
                    app.clock.advance(by: 2)
                }
            }

            let failed = try await app.send(.get, "/v1/jobs?state=failed", token: admin)
            #expect(failed.text.contains(#""lastError":"no SMTP server configured""#), "\(failed.text)")
            #expect(failed.text.contains(#""attempts":10"#))
            let listed = try await app.send(.get, "/v1/notifications?personId=\(Demo.janNovak)", token: admin)
            #expect(listed.text.contains(#""kind":"rate_announced""#))
            #expect(try await app.send(.get, "/v1/notifications", token: try await app.token("jan.novak@staffbook.example")).status == .notFound)
        }
    }

    @Test func aJobLeftByAKilledWorkerIsTakenOverWhenItsLeaseRunsOut() async throws {
        try await TestApp.test { app in
            try await app.withDatabase { pool in
                let queue = PostgresJobQueue(database: pool, logger: TestDatabase.logger)
                let now = app.clock.now()
                _ = try await queue.enqueue([NewJob(kind: .reminders, key: "2026-12-03", runAt: now)], now: now)

                let first = try await queue.claim(now: now, worker: "a", leaseUntil: now.addingTimeInterval(60), lane: .batch)
                let whileLeased = try await queue.claim(now: now.addingTimeInterval(30), worker: "b", leaseUntil: now.addingTimeInterval(90), lane: .batch)
                let takenOver = try await queue.claim(now: now.addingTimeInterval(61), worker: "b", leaseUntil: now.addingTimeInterval(121), lane: .batch)
                let lateCompletion = try await queue.complete(try #require(first), worker: "a", effects: [], now: now.addingTimeInterval(62))
                let completion = try await queue.complete(try #require(takenOver), worker: "b", effects: [], now: now.addingTimeInterval(63))

                #expect(first != nil)
                #expect(whileLeased == nil)
                #expect(takenOver?.id == first?.id)
                #expect(takenOver?.attempts == 2)
                #expect(!lateCompletion)
                #expect(completion)
            }
        }
    }

    @Test func retriesBackOffExponentiallyWithJitterUpToACapAndALimit() {
        let policy = RetryPolicy(base: 10, cap: 100)
        let now = Date(timeIntervalSince1970: 0)

        #expect(policy.retryAt(after: 1, maxAttempts: 5, now: now, jitter: 1) == now.addingTimeInterval(10))
        #expect(policy.retryAt(after: 3, maxAttempts: 5, now: now, jitter: 1) == now.addingTimeInterval(40))
        #expect(policy.retryAt(after: 3, maxAttempts: 5, now: now, jitter: 0) == now.addingTimeInterval(20))
        #expect(policy.retryAt(after: 4, maxAttempts: 5, now: now, jitter: 1) == now.addingTimeInterval(80))
        #expect(policy.retryAt(after: 5, maxAttempts: 5, now: now, jitter: 1) == nil)
        #expect(RetryPolicy(base: 10, cap: 30).retryAt(after: 4, maxAttempts: 9, now: now, jitter: 1) == now.addingTimeInterval(30))
    }
}
