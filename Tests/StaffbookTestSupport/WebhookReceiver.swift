import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP server on loopback standing in for a chat's incoming webhook: it records every
/// request's path and body, and answers 200 (or the status a test sets).
public final class WebhookReceiver: Sendable {
    public struct Received: Sendable, Equatable {
        public let path: String
        public let body: String
        /// Header names in lowercase.
        public let headers: [String: String]
        /// The body as it came (an encrypted push message is not text).
        public let bytes: [UInt8]

        public init(path: String, body: String, headers: [String: String], bytes: [UInt8] = []) {
            self.path = path
            self.body = body
            self.headers = headers
            self.bytes = bytes
        }
    }

    private let channel: any Channel
    private let state: State

    public var url: String { "http://127.0.0.1:\(channel.localAddress?.port ?? 0)" }

    public init() async throws {
        let state = State()
        self.state = state
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Recorder(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// What arrived so far, oldest first.
    public var received: [Received] { state.received.withLock { $0 } }

    /// How many requests arrived, answered whatever they were.
    public var requestCount: Int { state.count.load(ordering: .relaxed) }

    /// The status every request is answered with from now on.
    public func answer(_ status: Int) { state.status.store(status, ordering: .relaxed) }

    /// Accepts every request from now on and never answers it: a server that hangs.
    public func neverAnswer() { answer(0) }

    /// Answers every request from now on with 302 to `location`.
    public func redirect(to location: String) {
        state.location.withLock { $0 = location }
        answer(302)
    }

    public func waitForRequests(_ count: Int, timeout: TimeInterval = 20) async throws -> [Received] {
        let deadline = Date().addingTimeInterval(timeout)
        while received.count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return received
    }

    public func close() async throws { try await channel.close() }

    private final class State: Sendable {
        let received = Mutex<[Received]>([])
        let status = Atomic<Int>(200)
        let count = Atomic<Int>(0)
        let location = Mutex<String?>(nil)
    }

    private final class Recorder: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let state: State
        var path = ""
        var headers: [String: String] = [:]
        var body = ByteBuffer()

        init(state: State) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                path = head.uri
                headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
                body.clear()
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                let status = state.status.load(ordering: .relaxed)
                state.count.add(1, ordering: .relaxed)
                if status == 0 { return }
                if status == 200 {
                    let record = Received(
                        path: path, body: String(buffer: body), headers: headers, bytes: body.getBytes(at: body.readerIndex, length: body.readableBytes) ?? [])
                    state.received.withLock { $0.append(record) }
                }
                var headers = HTTPHeaders()
                headers.add(name: "Content-Length", value: "2")
                if status == 302, let location = state.location.withLock({ $0 }) { headers.add(name: "Location", value: location) }
                let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "ok")))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
