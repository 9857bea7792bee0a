import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs

/// Web Push: a browser subscribes, and what reaches the person's e-mail reaches it too, encrypted
/// as RFC 8291 has it and signed as RFC 8292 has it, checked by `http_ece` and `py-vapid` (PyPI).
@Suite("Web Push")
struct WebPushTests {
    static func bytes(_ base64url: String) -> [UInt8] { Base64URL.decode(base64url).map(Array.init) ?? [] }

    @Test func theMessageIsRFC8291sOwnExampleByteForByte() throws {
        let serverKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        let message = try WebPushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8),
            to: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), serverKey: serverKey, salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(
            Base64URL.encode(message)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    /// Decrypts a received message with `http_ece` and checks its VAPID header with `py-vapid`,
    /// then its claims; prints the message's title.
    static let reader = """
        import base64, json, sys, time
        import http_ece, py_vapid
        from cryptography.hazmat.primitives.asymmetric import ec
        def d(s): return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
        got = json.load(open(sys.argv[1]))
        browser = ec.derive_private_key(int.from_bytes(d(got["browserKey"]), "big"), ec.SECP256R1())
        plain = http_ece.decrypt(d(got["body"]), private_key=browser, auth_secret=d(got["auth"]), version="aes128gcm")
        header = got["authorization"]
        assert py_vapid.Vapid02.verify(header), "the VAPID signature does not verify"
        claims = json.loads(d(header.split("t=")[1].split(",")[0].split(".")[1]))
        assert claims["aud"] == got["origin"], claims
        assert claims["sub"] == "mailto:admin@staffbook.example", claims
        assert got["now"] < claims["exp"] <= got["now"] + 24 * 3600, claims
        assert header.split("k=")[1] == got["publicKey"]
        print(json.loads(plain)["title"])
        """

    struct Subscribed: Decodable {
        var id: String
    }

    @Test func aSubscribedBrowserGetsTheNotificationEncryptedAndSignedAndAGoneOneIsForgotten() async throws {
        let receiver = try await WebhookReceiver()
        let vapidKey = VAPID.newPrivateKey()
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = (0..<16).map { _ in UInt8.random(in: .min ... .max) }
        try await TestApp.test(configure: { $0.vapid = VAPID(privateKey: vapidKey, subject: "mailto:admin@staffbook.example") }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let listed = try await app.send(.get, "/v1/me/push-subscriptions", token: jan)
            let vapid = try #require(VAPID(privateKey: vapidKey, subject: "mailto:admin@staffbook.example"))
            #expect(listed.text.contains(vapid.publicKey), "the key a browser subscribes with")

            let badKey = try await app.send(
                .post, "/v1/me/push-subscriptions", token: jan,
                json: #"{"endpoint":"\#(receiver.url)/push/jan","keys":{"p256dh":"AAAA","auth":"\#(Base64URL.encode(auth))"}}"#)
            #expect(badKey.status == .badRequest && badKey.problem?.errors?.map(\.field) == ["body.keys.p256dh"])
            let subscribed = try await app.send(
                .post, "/v1/me/push-subscriptions", token: jan,
                json: #"""
                    {"endpoint":"\#(receiver.url)/push/jan","expirationTime":null,
                     "keys":{"p256dh":"\#(Base64URL.encode(browser.publicKey.x963Representation))","auth":"\#(Base64URL.encode(auth))"}}
                    """#)
            #expect(subscribed.status == .created, "\(subscribed.text)")
            let subscription = try subscribed.decode(Subscribed.self).id

            let asked = try await app.send(
                .post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-12-07", "2026-12-08"))
            let absence = try asked.decode(AbsenceTests.Absence.self).id
            #expect(try await app.send(.post, "/v1/absences/\(absence)/approve", token: lead).status == .ok)
            try await app.withWorker { worker in await worker.tick() }

            let pushed = receiver.received.filter { $0.path == "/push/jan" }
            try #require(pushed.count == 1, "\(receiver.received.map(\.path))")
            #expect(pushed[0].headers["content-encoding"] == "aes128gcm" && pushed[0].headers["ttl"] == "86400")
            let request: [String: Any] = [
                "browserKey": Base64URL.encode(browser.rawRepresentation), "auth": Base64URL.encode(auth),
                "body": Base64URL.encode(pushed[0].bytes), "authorization": pushed[0].headers["authorization"] ?? "",
                "origin": try #require(URL(string: receiver.url)).absoluteString, "publicKey": vapid.publicKey,
                "now": Int(app.clock.now().timeIntervalSince1970),
            ]
            let title = try PythonReader.output(
                of: Self.reader, reading: try JSONSerialization.data(withJSONObject: request), suffix: "json", library: "http_ece/py-vapid")
            #expect(String(decoding: title, as: UTF8.self).contains("2026-12-07"), "the e-mail's subject, in the browser")

            // The push service says the browser is gone: the subscription goes with it.
            receiver.answer(410)
            let again = try await app.send(
                .post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-12-14", "2026-12-15"))
            let second = try again.decode(AbsenceTests.Absence.self).id
            #expect(try await app.send(.post, "/v1/absences/\(second)/approve", token: lead).status == .ok)
            try await app.withWorker { worker in await worker.tick() }
            #expect(try await app.sql("SELECT count(*)::text FROM push_subscriptions") == ["0"])
            #expect(try await app.send(.delete, "/v1/me/push-subscriptions/\(subscription)", token: jan).status == .notFound)
        }
        try await receiver.close()
    }

    @Test func aKindTurnedOffIsNotPushedAndAnotherPersonsSubscriptionCannotBeRemoved() async throws {
        let receiver = try await WebhookReceiver()
        let vapidKey = VAPID.newPrivateKey()
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        try await TestApp.test(configure: { $0.vapid = VAPID(privateKey: vapidKey, subject: "mailto:admin@staffbook.example") }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let subscribed = try await app.send(
                .post, "/v1/me/push-subscriptions", token: jan,
                json: #"{"endpoint":"\#(receiver.url)/push/jan","keys":{"p256dh":"\#(Base64URL.encode(browser.publicKey.x963Representation))","auth":"\#(auth)"}}"#
            )
            let id = try subscribed.decode(Subscribed.self).id
            #expect(try await app.send(.delete, "/v1/me/push-subscriptions/\(id)", token: petra).status == .notFound)
            // Fifth probe, finding 9: Petra subscribing Jan's browser's endpoint moved it to her. Refused now.
            let taken = try await app.send(
                .post, "/v1/me/push-subscriptions", token: petra,
                json: #"{"endpoint":"\#(receiver.url)/push/jan","keys":{"p256dh":"\#(Base64URL.encode(browser.publicKey.x963Representation))","auth":"\#(auth)"}}"#
            )
            #expect(taken.status == .conflict && taken.problem?.type == "urn:staffbook:problem:push-registered-to-another")
            #expect(try await app.sql("SELECT account_id::text FROM push_subscriptions") == [Demo.janNovak.lowercasedString])
            _ = try await app.send(
                .put, "/v1/me/notification-preferences", token: jan, json: #"{"language":"cs","channels":{"absence_decided":"off"}}"#)
            let asked = try await app.send(
                .post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-12-07", "2026-12-08"))
            _ = try await app.send(.post, "/v1/absences/\(try asked.decode(AbsenceTests.Absence.self).id)/approve", token: lead)
            try await app.withWorker { worker in await worker.tick() }
            #expect(receiver.requestCount == 0, "off means nowhere")
            #expect(try await app.send(.delete, "/v1/me/push-subscriptions/\(id)", token: jan).status == .noContent)
        }
        try await receiver.close()
    }

    @Test func withoutAKeyTheServerRefusesSubscriptionsWith409() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let refused = try await app.send(
                .post, "/v1/me/push-subscriptions", token: jan,
                json: #"{"endpoint":"https://push.example.com/x","keys":{"p256dh":"x","auth":"y"}}"#)
            #expect(refused.status == .conflict && refused.problem?.type == "urn:staffbook:problem:push-not-configured")
            let listed = try await app.send(.get, "/v1/me/push-subscriptions", token: jan)
            #expect(listed.status == .ok && !listed.text.contains("applicationServerKey"))
        }
    }
}
