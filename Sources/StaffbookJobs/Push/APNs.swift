import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOSSL
import StaffbookCore
import Synchronization

/// Apple's push service as a provider talks to it: HTTP/2 to `/3/device/<token>`, authenticated
/// by a provider token (an ES256 JWT from the team's `.p8` key) that is reused for fifty minutes,
/// since APNs refuses tokens older than an hour and throttles providers that make them more often
/// than every twenty minutes.
package final class APNs: Sendable {
    package struct Settings: Sendable {
        /// The signing key from the `.p8` file Apple gave (PKCS#8, P-256).
        package var key: P256.Signing.PrivateKey
        /// The key's id (10 characters, `kid`).
        package var keyId: String
        /// The developer team's id (10 characters, `iss`).
        package var teamId: String
        /// The app's bundle id (`apns-topic`).
        package var topic: String
        /// `https://api.push.apple.com`, `https://api.sandbox.push.apple.com`, or a local endpoint.
        package var endpoint: String
        /// A PEM file of certificates to trust instead of the system's (a local endpoint's).
        package var caFile: String?

        package init(key: P256.Signing.PrivateKey, keyId: String, teamId: String, topic: String, endpoint: String, caFile: String? = nil) {
            self.key = key
            self.keyId = keyId
            self.teamId = teamId
            self.topic = topic
            self.endpoint = endpoint
            self.caFile = caFile
        }

        package static let production = "https://api.push.apple.com"
        package static let sandbox = "https://api.sandbox.push.apple.com"
    }

    package let settings: Settings

    /// Provider tokens by key (its id and public half), shared by every worker of the process.
    private static let tokens = Mutex<[String: (value: String, issuedAt: Date)]>([:])
    private var tokenKey: String { settings.keyId + "/" + Base64URL.encode(settings.key.publicKey.x963Representation) }

    package init(settings: Settings) {
        self.settings = settings
    }

    /// How long a provider token is reused.
    static let tokenLifetime: TimeInterval = 50 * 60

    /// The provider token for a request at `now`: the cached one while it is younger than fifty
    /// minutes (by the injected clock), else a new one.
    func providerToken(now: Date) throws -> String {
        let tokenKey = self.tokenKey
        if let cached = Self.tokens.withLock({ $0[tokenKey] }), now.timeIntervalSince(cached.issuedAt) < Self.tokenLifetime,
            now >= cached.issuedAt
        {
            return cached.value
        }
        let value = try ES256JWT.sign(
            header: ["alg": "ES256", "kid": settings.keyId], claims: ["iss": settings.teamId, "iat": Int(now.timeIntervalSince1970)],
            key: settings.key)
        Self.tokens.withLock { $0[tokenKey] = (value, now) }
        return value
    }

    /// Forgets a token APNs refused, unless another request replaced it already.
    func renew(refused: String) {
        let tokenKey = self.tokenKey
        Self.tokens.withLock { tokens in
            if tokens[tokenKey]?.value == refused { tokens[tokenKey] = nil }
        }
    }

    /// What APNs answered: its status and the `reason` of its JSON body; nil status when it could
    /// not be reached in time.
    struct Answer: Sendable, Equatable {
        var status: Int?
        var reason: String?
    }

    /// One notification to one device. `collapseId` replaces an earlier notification with the
    /// same id on the device; `expiration` is when APNs stops trying to reach an offline device.
    func send(_ payload: [UInt8], to deviceToken: String, collapseId: String?, expiration: Date, providerToken: String) async -> Answer {
        var request = HTTPClientRequest(url: settings.endpoint + "/3/device/" + deviceToken)
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer " + providerToken)
        request.headers.add(name: "apns-topic", value: settings.topic)
        request.headers.add(name: "apns-push-type", value: "alert")
        request.headers.add(name: "apns-priority", value: "10")
        request.headers.add(name: "apns-expiration", value: String(Int(expiration.timeIntervalSince1970)))
        if let collapseId { request.headers.add(name: "apns-collapse-id", value: collapseId) }
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: payload))
        do {
            let response = try await Self.client(trusting: settings.caFile).execute(request, timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 4096)
            let reason = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])?["reason"] as? String
            return Answer(status: Int(response.status.code), reason: reason)
        } catch {
            return Answer(status: nil, reason: nil)
        }
    }

    /// One client (one pool of HTTP/2 connections, kept open as APNs asks of providers) per set of
    /// trusted certificates, for the life of the process; it is never shut down, as the process
    /// ends with it.
    private static let clients = Mutex<[String: HTTPClient]>([:])

    private static func client(trusting caFile: String?) -> HTTPClient {
        clients.withLock { clients in
            if let client = clients[caFile ?? ""] { return client }
            var tls = TLSConfiguration.makeClientConfiguration()
            if let caFile { tls.trustRoots = .file(caFile) }
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
            configuration.httpVersion = .automatic
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[caFile ?? ""] = client
            return client
        }
    }
}
