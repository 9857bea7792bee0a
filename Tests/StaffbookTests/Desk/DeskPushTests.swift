import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs

@Suite("Desk: notifications in this browser")
struct DeskPushTests {
    @Test func meOffersPushWithTheServersKeyAndAcceptsTheBrowsersSubscriptionAsAForm() async throws {
        let key = VAPID.newPrivateKey()
        try await TestApp.test(configure: { $0.vapid = VAPID(privateKey: key, subject: "mailto:admin@staffbook.example") }) { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let page = try await jan.get("/desk/me")
            let token = jan.token(of: page)
            let vapid = try #require(VAPID(privateKey: key, subject: "mailto:admin@staffbook.example"))
            #expect(page.text.contains("data-push-key=\"\(vapid.publicKey)\"") && page.text.contains("Notifications in this browser"))

            let bad = try await jan.post("/desk/me/push", ["csrf": token, "endpoint": "https://push.example.com/x", "p256dh": "x", "auth": "y"])
            #expect(bad.status == .badRequest && bad.text.contains("Push service") == false && bad.text.contains("base64url"))
            let browser = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
            let auth = Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max) })
            let saved = try await jan.post(
                "/desk/me/push", ["csrf": token, "endpoint": "https://push.example.com/browser-1", "p256dh": browser, "auth": auth])
            let after = try await jan.get(saved.headers[.location] ?? "/desk/me")
            #expect(saved.status == .seeOther && after.text.contains("This browser now gets your notifications"))
            #expect(after.text.contains("push.example.com"))
            let id = try #require(try await app.sql("SELECT id::text FROM push_subscriptions").first.flatMap { $0 })

            let petra = DeskBrowser(app)
            try await petra.signIn("petra.svobodova@staffbook.example")
            let petrasToken = petra.token(of: try await petra.get("/desk/me"))
            #expect(try await petra.post("/desk/me/push/\(id)/remove", ["csrf": petrasToken]).status == .notFound, "not hers")
            let removed = try await jan.post("/desk/me/push/\(id)/remove", ["csrf": token])
            let left = try await app.sql("SELECT count(*)::text FROM push_subscriptions")
            #expect(removed.status == .seeOther && left == ["0"])

            let worker = try await app.execute("/desk/sw.js")
            #expect(worker.status == .ok && worker.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(worker.text.contains("showNotification"))
        }
    }

    @Test func withoutAKeyMeDoesNotOfferIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let me = try await jan.get("/desk/me")
            #expect(me.status == .ok && !me.text.contains("data-push-key"))
        }
    }
}
