import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A key set server on loopback that answers with a document, or accepts and never answers
/// (a provider outage), as the test switches it.
final class TestJWKSServer: Sendable {
    private let channel: any Channel
    private let hanging = Flag()
    let document: Data

    var url: URL {
        URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)/oauth2/v3/certs") ?? URL(fileURLWithPath: "/")
    }

    init(document: Data) async throws {
        self.document = document
        let hanging = self.hanging
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Responder(document: document, hanging: hanging))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// From now on, requests are accepted and never answered.
    func hang() { hanging.value.store(true, ordering: .relaxed) }

    func close() async throws { try await channel.close() }

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private final class Responder: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let document: Data
        let hanging: Flag

        init(document: Data, hanging: Flag) {
            self.document = document
            self.hanging = hanging
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data), !hanging.value.load(ordering: .relaxed) else { return }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(document.count))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: document)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
