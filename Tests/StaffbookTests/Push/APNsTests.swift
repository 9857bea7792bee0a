import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs

/// Apple's push service: the mobile app registers a phone, and what reaches the person's e-mail
/// reaches the phone through a local HTTP/2 endpoint in APNs' shape that checks the provider token
/// with the key's public half and answers as APNs does.
@Suite("APNs")
struct APNsTests {
    static let phone = "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"
    static let otherPhone = String(repeating: "ab", count: 32)

    static func configure(_ peer: APNsPeer) -> (inout AppConfig) -> Void {
        { config in
            if let text = try? String(contentsOfFile: peer.keyFile, encoding: .utf8), let key = try? P256.Signing.PrivateKey(pemRepresentation: text)
            {
                config.apns = APNs.Settings(
                    key: key, keyId: peer.keyId, teamId: peer.teamId, topic: peer.topic, endpoint: peer.url, caFile: peer.certificateFile)
            }
        }
    }

    struct Device: Decodable {
        var id: String
        var token: String
        var thisSession: Bool
    }

    struct Devices: Decodable {
        var items: [Device]
    }

    /// Jan asks for time off and his leader approves it: the decision is what reaches his phone.
    static func decideAbsence(_ app: TestContext, jan: String, lead: String, from: String, to: String) async throws {
        let asked = try await app.send(.post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", from, to))
        let absence = try asked.decode(AbsenceTests.Absence.self).id
        #expect(try await app.send(.post, "/v1/absences/\(absence)/approve", token: lead).status == .ok)
    }

    @Test func aRegisteredPhoneGetsTheNotificationAsAPNsTakesItAndAnUnregisteredOneIsDropped() async throws {
        let peer = try APNsPeer()
        try await TestApp.test(configure: Self.configure(peer)) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            try peer.plan(now: app.clock.now())

            let bad = try await app.send(.post, "/v1/me/devices", token: jan, json: #"{"token":"not-hex"}"#)
            #expect(bad.status == .badRequest && bad.problem?.errors?.map(\.field) == ["body.token"])
            let registered = try await app.send(
                .post, "/v1/me/devices", token: jan, json: #"{"token":"<\#(Self.phone.uppercased().prefix(8)) \#(Self.phone.dropFirst(8))>"}"#)
            #expect(registered.status == .created, "\(registered.text)")
            let device = try registered.decode(Device.self)
            #expect(device.token == Self.phone && device.thisSession, "spaces and brackets dropped, digits lowercased")
            #expect(try await app.send(.get, "/v1/me/devices", token: jan).decode(Devices.self).items.map(\.id) == [device.id])

            try await Self.decideAbsence(app, jan: jan, lead: lead, from: "2026-12-07", to: "2026-12-08")
            try await app.withWorker { worker in await worker.tick() }
            let received = peer.requests()
            try #require(received.count == 1, "\(received.map(\.status))")
            #expect(received[0].status == 200 && received[0].token == Self.phone)
            #expect(received[0].headers["apns-topic"] == peer.topic && received[0].headers["apns-push-type"] == "alert")
            #expect(received[0].headers["apns-priority"] == "10")
            #expect(received[0].headers["apns-expiration"] == String(Int(app.clock.now().timeIntervalSince1970) + 24 * 3600))
            #expect(received[0].headers["apns-collapse-id"] == nil, "a decision is not replaced by the next one")
            #expect(received[0].payload?.aps.alert.title.contains("2026-12-07") == true, "the e-mail's subject, on the phone")
            #expect(received[0].payload?.kind == "absence_decided")

            // APNs says the token is no longer a device's: the device goes.
            try peer.plan(now: app.clock.now(), answers: [Self.phone: [410]])
            try await Self.decideAbsence(app, jan: jan, lead: lead, from: "2026-12-14", to: "2026-12-15")
            try await app.withWorker { worker in await worker.tick() }
            #expect(peer.requests().last?.status == 410)
            #expect(try await app.sql("SELECT count(*)::text FROM push_devices") == ["0"])
            #expect(try await app.send(.delete, "/v1/me/devices/\(device.id)", token: jan).status == .notFound)
        }
        peer.stop()
    }

    @Test func tooManyRequestsIsTriedAgainLaterAndARefusedProviderTokenIsMadeAnewAtOnce() async throws {
        let peer = try APNsPeer()
        try await TestApp.test(configure: Self.configure(peer)) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            try peer.plan(now: app.clock.now(), answers: [Self.phone: [429, 403]])
            #expect(try await app.send(.post, "/v1/me/devices", token: jan, json: #"{"token":"\#(Self.phone)"}"#).status == .created)

            try await Self.decideAbsence(app, jan: jan, lead: lead, from: "2026-12-07", to: "2026-12-08")
            try await app.withWorker { worker in await worker.tick() }
            #expect(peer.requests().map(\.status) == [429])
            #expect(try await app.sql("SELECT state || '/' || attempts FROM jobs WHERE kind = 'deliver_apns'") == ["pending/1"])

            app.clock.advance(by: 11)
            try peer.plan(now: app.clock.now(), answers: [Self.phone: [403]])
            try await app.withWorker { worker in await worker.tick() }
            let received = peer.requests()
            #expect(received.map(\.status) == [429, 403, 200], "refused as expired, then sent with a new token")
            #expect(received[0].headers["authorization"] == received[1].headers["authorization"], "one token reused")
            #expect(received[1].headers["authorization"] != received[2].headers["authorization"], "a new one after the refusal")
            #expect(try await app.sql("SELECT state FROM jobs WHERE kind = 'deliver_apns'") == ["done"])

            // A provider token is reused for fifty minutes, then made anew (APNs refuses one over an hour old).
            app.clock.advance(by: 51 * 60)
            try peer.plan(now: app.clock.now())
            let fresh = try await app.token("lead.mobile@staffbook.example")
            try await Self.decideAbsence(
                app, jan: try await app.token("jan.novak@staffbook.example"), lead: fresh, from: "2026-12-14", to: "2026-12-15")
            try await app.withWorker { worker in await worker.tick() }
            let later = peer.requests()
            #expect(later.last?.status == 200 && later.last?.headers["authorization"] != received[2].headers["authorization"])
        }
        peer.stop()
    }

    @Test func signingOutForgetsThePhoneAndAnotherPersonsPhoneCannotBeRemoved() async throws {
        let peer = try APNsPeer()
        try await TestApp.test(configure: Self.configure(peer)) { app in
            try await app.seedDemo()
            let jan = try await app.signIn("jan.novak@staffbook.example", password: Demo.password)
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let device = try await app.send(.post, "/v1/me/devices", token: jan.accessToken, json: #"{"token":"\#(Self.phone)"}"#)
                .decode(Device.self)
            #expect(try await app.send(.delete, "/v1/me/devices/\(device.id)", token: petra).status == .notFound)
            #expect(try await app.send(.get, "/v1/me/devices", token: petra).decode(Devices.self).items.isEmpty)

            // Fifth probe, finding 9: the same token registered by Petra moved Jan's phone to her
            // (his phone then got her notifications). While his session lives, it is refused.
            let taken = try await app.send(.post, "/v1/me/devices", token: petra, json: #"{"token":"\#(Self.phone)"}"#)
            #expect(taken.status == .conflict && taken.problem?.type == "urn:staffbook:problem:push-registered-to-another", "\(taken.text)")
            #expect(try await app.send(.get, "/v1/me/devices", token: jan.accessToken).decode(Devices.self).items.map(\.id) == [device.id])

            let again = try await app.send(.post, "/v1/me/devices", token: jan.accessToken, json: #"{"token":"\#(Self.otherPhone)"}"#)
            #expect(again.status == .created)
            #expect(try await app.send(.post, "/v1/auth/logout", token: jan.accessToken).status == .noContent)
            #expect(try await app.sql("SELECT count(*)::text FROM push_devices") == ["0"], "Jan's phones went with his session")
            // Signed out on it, the phone changed hands: Petra registers it as hers.
            let moved = try await app.send(.post, "/v1/me/devices", token: petra, json: #"{"token":"\#(Self.phone)"}"#)
            #expect(moved.status == .created)
            #expect(try await app.sql("SELECT token FROM push_devices") == [Self.phone])
        }
        peer.stop()
    }

    @Test func withoutAKeyTheServerRefusesPhonesWith409() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let refused = try await app.send(.post, "/v1/me/devices", token: jan, json: #"{"token":"\#(Self.phone)"}"#)
            #expect(refused.status == .conflict && refused.problem?.type == "urn:staffbook:problem:push-not-configured")
        }
    }

    @Test(
        arguments: [
            (200, nil, APNsAnswer.sent), (410, "Unregistered", .gone), (400, "BadDeviceToken", .gone), (400, "DeviceTokenNotForTopic", .gone),
            (403, "ExpiredProviderToken", .renewToken), (403, "InvalidProviderToken", .renewToken), (429, "TooManyRequests", .later),
            (503, "ServiceUnavailable", .later), (nil, nil, .later), (413, "PayloadTooLarge", .refused), (400, "BadCollapseId", .refused),
        ] as [(Int?, String?, APNsAnswer)])
    func eachAnswerOfAPNsIsFollowedAsItsDocumentationSays(status: Int?, reason: String?, expected: APNsAnswer) {
        #expect(APNsAnswer.decide(status: status, reason: reason) == expected)
    }

    @Test func aLongNotificationIsShortenedToFitAPNsLimit() throws {
        let message = PushMessage(
            title: "Faktura", body: String(repeating: "ř\"\\", count: 1000), kind: .invoiceReturned, notificationId: UUID(), accountId: UUID())
        let payload = try APNsDeliverer.payload(message)
        #expect(payload.count <= 4096 && payload.count > 1000)
    }
}
