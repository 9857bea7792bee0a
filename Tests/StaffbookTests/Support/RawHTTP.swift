import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Bytes on a TCP connection to a live test server, for what an HTTP client library will not
/// send (no `Host`, broken chunk sizes) and for watching when the server closes.
enum RawHTTP {
    /// Sends `bytes`, then reads until the server closes the connection or `timeout` passes.
    /// Returns what arrived and whether the server closed. The timeout is generous: the whole
    /// suite runs at once, and on two cores an answer has taken over 5 s.
    static func exchange(port: Int, _ bytes: [UInt8], timeout: Duration = .seconds(30)) async throws -> (answer: String, closed: Bool) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let received = Received()
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: bytes))
            let closed = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await chunk in inbound { received.append(chunk) }
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return false
                }
                defer { group.cancelAll() }
                return try await group.next() ?? false
            }
            return (received.text, closed)
        }
    }

    private final class Received: Sendable {
        private let buffer = Mutex(ByteBuffer())

        func append(_ chunk: ByteBuffer) {
            buffer.withLock { _ = $0.writeImmutableBuffer(chunk) }
        }

        var text: String { buffer.withLock { String(buffer: $0) } }
    }

    /// The status code of the first response in `answer`.
    static func status(_ answer: String) -> Int? {
        guard answer.hasPrefix("HTTP/1.1 ") || answer.hasPrefix("HTTP/1.0 ") else { return nil }
        return Int(answer.dropFirst(9).prefix(3))
    }
}
