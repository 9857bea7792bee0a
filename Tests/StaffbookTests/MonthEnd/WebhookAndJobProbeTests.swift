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
@Suite("Chat webhooks and jobs run by hand: what the outside probes found")
struct WebhookAndJobProbeTests {
    static let strict = WebhookPolicy()

    // 4. Server-side request forgery through the chat webhook.

    @Test(.tags(.thirdProbe), arguments: [
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

    @Test(.tags(.thirdProbe)) func ssrf_aPublicHTTPSWebhookIsAccepted() throws {
        let url = try WebhookURL("https://hooks.slack.com/services/T000/B000/XXXX", policy: Self.strict)
        #expect(url.host == "hooks.slack.com" && url.port == 443 && url.address == nil)
        #expect(try WebhookURL("https://[2a00:1450:4014:80c::200e]/hook", policy: Self.strict).address?.isPublic == true)
    }

    @Test(.tags(.thirdProbe)) func ssrf_aNameThatResolvesToLoopbackIsRefusedAtConnectTimeAndNothingIsSent() async throws {
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

    @Test(.tags(.thirdProbe)) func ssrf_aRedirectIsNotFollowed() async throws {
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

    @Test(.tags(.thirdProbe)) func ssrf_aRetryGoesToTheURLTheNotificationWasQueuedWith() async throws {
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

    // 11. Concurrent runs of a job by hand.

    @Test(.tags(.thirdProbe)) func concurrentRuns_fortyFiveRunsAtOnceAreEachQueuedAndAnswered202() async throws {
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

    @Test(.tags(.thirdProbe)) func info_anUnknownJobKindAnswers404() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let unknown = try await app.send(.post, "/v1/jobs/nonsense/run", token: admin)
            let notRunnable = try await app.send(.post, "/v1/jobs/deliver_notification/run", token: admin)

            #expect(unknown.status == .notFound, "\(unknown.text)")
            #expect(notRunnable.status == .notFound, "\(notRunnable.text)")
        }
    }
}
