import Foundation
import StaffbookCore

/// Posts a message to a Slack-compatible incoming webhook (`{"text": "…"}`) by `OutboundPost`'s
/// rules.
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
        let body = Array(try JSONEncoder().encode(["text": text]))
        switch await OutboundPost(policy: policy, timeout: timeout).post(body, headers: [("Content-Type", "application/json")], to: url) {
        case .refused(let why): throw Failure(reason: .refused(why))
        case .unreachable: throw Failure(reason: .unreachable)
        case .answered(let status): guard (200..<300).contains(status) else { throw Failure(reason: .status(status)) }
        }
    }
}
