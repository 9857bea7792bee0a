import AsyncHTTPClient
import Foundation
import NIOCore
import StaffbookCore

/// Posts a message to a Slack-compatible incoming webhook (`{"text": "…"}`), bounded in time.
struct ChatWebhook: Sendable {
    var client: HTTPClient = .shared
    var timeout: Duration = .seconds(10)

    struct Failure: Error, CustomStringConvertible {
        var status: Int?
        var description: String { status.map { "chat webhook answered \($0)" } ?? "chat webhook unreachable" }
    }

    func post(_ text: String, to url: String) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(["text": text])))
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
        } catch {
            throw Failure(status: nil)
        }
        guard (200..<300).contains(Int(response.status.code)) else { throw Failure(status: Int(response.status.code)) }
    }
}
