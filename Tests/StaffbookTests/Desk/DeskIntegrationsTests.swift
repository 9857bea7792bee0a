import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing

@testable import StaffbookHTTP

@Suite("Desk: integrations")
struct DeskIntegrationsTests {
    @Test func anAdminRegistersAnEndpointSeesItsSecretOnceReadsItsLogAndSendsADeliveryAgain() async throws {
        let receiver = try await WebhookReceiver()
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let page = try await admin.get("/desk/integrations")
            let token = DeskBrowser.value(of: "new-endpoint-csrf", in: page.text) ?? ""
            #expect(!token.isEmpty, "the form carries its token")
            #expect(page.status == .ok && page.text.contains("No endpoints yet") && page.text.contains("href=\"/desk/integrations\""))

            let refused = try await admin.post(
                "/desk/integrations", ["csrf": token, "url": "ftp://books.example.com/x", "description": "Books", "type.invoice.paid": "on"])
            #expect(refused.status == .badRequest && refused.text.contains("URL: "), "the API's words")
            #expect(refused.text.contains("value=\"ftp://books.example.com/x\"") && refused.text.contains("name=\"type.invoice.paid\" checked"))
            let none = try await admin.post("/desk/integrations", ["csrf": token, "url": receiver.url, "description": "Books"])
            #expect(none.status == .badRequest && none.text.contains("Events: "), "at least one event type")

            let created = try await admin.post(
                "/desk/integrations", ["csrf": token, "url": receiver.url, "description": "Books", "type.time_entry.created": "on"])
            let secret = DeskBrowser.value(of: "new-secret", in: created.text) ?? ""
            #expect(created.status == .created && secret.hasPrefix("whsec_"))
            let again = try await admin.get("/desk/integrations")
            #expect(again.text.contains(receiver.url) && !again.text.contains(secret), "shown once")
            let id = try #require(try await app.sql("SELECT id::text FROM webhook_endpoints").first.flatMap { $0 })

            let jan = try await app.token("jan.novak@staffbook.example")
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            try await app.withWorker { worker in await worker.tick() }
            let endpoint = try await admin.get("/desk/integrations/\(id)")
            #expect(endpoint.status == .ok && endpoint.text.contains("time_entry.created") && endpoint.text.contains("delivered"))
            let delivery = try #require(try await app.sql("SELECT id::text FROM webhook_deliveries").first.flatMap { $0 })
            let replay = try await admin.post("/desk/integrations/\(id)/deliveries/\(delivery)/replay", ["csrf": token])
            #expect(replay.status == .seeOther)
            try await app.withWorker { worker in await worker.tick() }
            #expect(receiver.received.count == 2)

            let off = try await admin.post(
                "/desk/integrations/\(id)", ["csrf": token, "url": receiver.url, "description": "Books", "type.time_entry.created": "on"])
            #expect(off.status == .seeOther)
            #expect(try await app.sql("SELECT active::text FROM webhook_endpoints") == ["false"], "an unchecked box turns it off")
            let removed = try await admin.post("/desk/integrations/\(id)/delete", ["csrf": token])
            let left = try await app.sql("SELECT count(*)::text FROM webhook_endpoints")
            #expect(removed.status == .seeOther && left == ["0"])
        }
        try await receiver.close()
    }

    @Test func aLeaderAndAWorkerGet404ForTheIntegrationsPages() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            for email in ["lead.mobile@staffbook.example", "jan.novak@staffbook.example"] {
                let person = DeskBrowser(app)
                try await person.signIn(email)
                let home = try await person.get("/desk")
                #expect(!home.text.contains("/desk/integrations"), "\(email) is not offered it")
                #expect(try await person.get("/desk/integrations").status == .notFound)
                #expect(try await person.get("/desk/integrations/\(UUID())").status == .notFound)
            }
        }
    }
}
