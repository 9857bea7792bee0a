import AsyncHTTPClient
import Foundation
import NIOCore
import StaffbookCore

/// One POST to a URL someone outside gave us (a chat webhook, an integration's endpoint), bounded
/// in time. The URL is checked again, its host resolved, and every address it resolves to must
/// be one the policy allows; the connection then goes to that checked address (the name is kept
/// for TLS), so a name that resolves differently a moment later (DNS rebinding) cannot redirect
/// it. Redirects are not followed; the answer's body is not read.
package struct OutboundPost: Sendable {
    package var policy: WebhookPolicy
    package var timeout: Duration

    package init(policy: WebhookPolicy, timeout: Duration = .seconds(10)) {
        self.policy = policy
        self.timeout = timeout
    }

    package enum Outcome: Sendable, Equatable {
        /// The receiver's status.
        case answered(Int)
        /// The URL or the addresses it resolves to are not allowed; nothing was sent.
        case refused(String)
        /// No answer within the time, or no connection.
        case unreachable
    }

    package func post(_ body: [UInt8], headers: [(String, String)], to url: String) async -> Outcome {
        let target: WebhookURL
        do {
            target = try WebhookURL(url, policy: policy)
        } catch {
            return .refused(error.rawValue)
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5), read: .nanoseconds(timeout.nanoseconds))
        )
        if target.address == nil {
            let addresses = (try? await HostResolver.addresses(of: target.host)) ?? []
            guard let first = addresses.first else { return .unreachable }
            guard addresses.allSatisfy(policy.allows) else { return .refused(WebhookURL.Problem.internalAddress.rawValue) }
            configuration.dnsOverride = [target.host: first.description]
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let outcome: Outcome
        do {
            var request = HTTPClientRequest(url: target.url.absoluteString)
            request.method = .POST
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(bytes: body))
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            outcome = .answered(Int(response.status.code))
        } catch {
            outcome = .unreachable
        }
        try? await client.shutdown()
        return outcome
    }
}
