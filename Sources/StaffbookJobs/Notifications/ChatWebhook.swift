import AsyncHTTPClient
import Foundation
import NIOCore
import StaffbookCore

/// Posts a message to a Slack-compatible incoming webhook (`{"text": "…"}`), bounded in time.
/// The URL is checked again, its host resolved, and every address it resolves to must be one
/// the policy allows; the connection then goes to that checked address (the name is kept for
/// TLS), so a name that resolves differently a moment later (DNS rebinding) cannot redirect it.
/// Redirects are not followed.
package struct ChatWebhook: Sendable {
    package var policy: WebhookPolicy
    package var timeout: Duration

    package init(policy: WebhookPolicy, timeout: Duration = .seconds(10)) {
        self.policy = policy
        self.timeout = timeout
    }

    package struct Failure: Error, CustomStringConvertible {
        package enum Reason: Sendable, Equatable {
            /// The URL or the addresses it resolves to are not allowed; nothing was sent.
            case refused(String)
            case unreachable
            case status(Int)
        }

        package var reason: Reason
        /// Worth another attempt later.
        package var isTransient: Bool {
            switch reason {
            case .refused: false
            case .unreachable: true
            case .status(let code): code == 429 || code >= 500
            }
        }

        package var description: String {
            switch reason {
            case .refused(let why): "chat webhook refused: \(why)"
            case .unreachable: "chat webhook unreachable"
            case .status(let code): "chat webhook answered \(code)"
            }
        }
    }

    package func post(_ text: String, to url: String) async throws {
        let target: WebhookURL
        do {
            target = try WebhookURL(url, policy: policy)
        } catch {
            throw Failure(reason: .refused(error.rawValue))
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5), read: .nanoseconds(timeout.nanoseconds))
        )
        if target.address == nil {
            let addresses = (try? await HostResolver.addresses(of: target.host)) ?? []
            guard let first = addresses.first else { throw Failure(reason: .unreachable) }
            guard addresses.allSatisfy(policy.allows) else { throw Failure(reason: .refused(WebhookURL.Problem.internalAddress.rawValue)) }
            configuration.dnsOverride = [target.host: first.description]
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let status: Int?
        do {
            var request = HTTPClientRequest(url: target.url.absoluteString)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: Array(try JSONEncoder().encode(["text": text]))))
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            status = Int(response.status.code)
        } catch {
            status = nil
        }
        try? await client.shutdown()
        guard let status else { throw Failure(reason: .unreachable) }
        guard (200..<300).contains(status) else { throw Failure(reason: .status(status)) }
    }
}
