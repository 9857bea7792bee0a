import AsyncHTTPClient
import Foundation
import NIOCore
import StaffbookCore
import Synchronization

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
        // The fetch runs on its own; the caller waits for it or for the time limit, whichever
        // comes first, and not a moment longer: a fetch that does not stop at once when it is
        // cancelled keeps running without holding the sign-in.
        let fetch = Task {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "application/json")
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            guard response.status == .ok else { throw JWKSUnavailable() }
            return Data(buffer: try await response.body.collect(upTo: 1 << 20))
        }
        let first = FirstAnswer<Data>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                first.install(continuation)
                Task { first.answer(await fetch.result) }
                Task {
                    try? await Task.sleep(for: timeout)
                    first.answer(.failure(JWKSUnavailable()))
                    fetch.cancel()
                }
            }
        } onCancel: {
            first.answer(.failure(CancellationError()))
            fetch.cancel()
        }
    }
}

/// Resumes a continuation with the first answer given; later ones are dropped.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, any Error>?, early: Result<Value, any Error>?)>((nil, nil))

    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func answer(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.early == nil else { return nil }
            state.early = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
