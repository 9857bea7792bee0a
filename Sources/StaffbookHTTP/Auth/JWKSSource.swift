import AsyncHTTPClient
import Foundation
import NIOCore
import StaffbookCore

/// Where a JSON Web Key Set comes from.
protocol JWKSSource: Sendable {
    /// The key set document; throws `JWKSUnavailable` when it cannot be had in time.
    func fetch() async throws -> Data
}

/// The key set could not be fetched (no answer in time, an error status, an unreadable body).
struct JWKSUnavailable: Error {}

/// A key set at a URL: `https://` in production, `file://` for tests and offline installations.
/// A fetch is bounded as a whole (connection, headers and body), so an outage of the provider
/// costs a sign-in at most `timeout`.
struct URLJWKSSource: JWKSSource {
    let url: URL
    let timeout: Duration
    var client: HTTPClient = .shared

    func fetch() async throws -> Data {
        if url.isFileURL {
            return try Data(contentsOf: url)
        }
        let (url, client, timeout) = (self.url, self.client, self.timeout)
        return try await withThrowingTaskGroup(of: Data.self) { group in
            group.addTask {
                var request = HTTPClientRequest(url: url.absoluteString)
                request.headers.add(name: "Accept", value: "application/json")
                let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
                guard response.status == .ok else { throw JWKSUnavailable() }
                return Data(buffer: try await response.body.collect(upTo: 1 << 20))
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw JWKSUnavailable()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw JWKSUnavailable() }
            return first
        }
    }
}
