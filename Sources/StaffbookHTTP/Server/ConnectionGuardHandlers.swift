import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import StaffbookCore

/// First in the pipeline: sees the connection open and close, every byte arrive, and every read
/// the channel asks the socket for.
final class RawTrafficHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let connection: ConnectionGuard

    init(_ connection: ConnectionGuard) {
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { connection.opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        connection.opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.closed()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connection.closed()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.bytesArrived(context, count: unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        connection.readsCompleted()
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        connection.readRequested(context)
        context.read()
    }
}

/// After the HTTP codec: sees where a request's head and end are, and where a response ends.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connection: ConnectionGuard

    init(_ connection: ConnectionGuard) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            connection.headDecoded(context, bodyLength: head.headerFields[.contentLength].flatMap { Int($0) })
        case .body: break
        case .end: connection.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { connection.responseEnded(context) }
        context.write(data, promise: promise)
    }
}

/// Before the conversion to HTTP types, where the protocol version is still known: an HTTP/1.1
/// request needs exactly one `Host` header (RFC 9112 §3.2); without one it answers 400 and the
/// connection closes. An HTTP/1.0 request without `Connection: keep-alive` closes the
/// connection after its response (RFC 9112 §9.3).
final class HostHeaderHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var refusing = false
    private var closeAfterResponse = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            if head.version == .http1_1, head.headers["Host"].count != 1 {
                refusing = true
                refuse(context)
            } else if head.version == .http1_0, !head.isKeepAlive {
                closeAfterResponse = true
            }
        }
        if !refusing { context.fireChannelRead(data) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard closeAfterResponse, case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        // The completion runs on the channel's event loop, where the context may be used.
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(data).whenComplete { result in
            bound.value.close(promise: nil)
            promise?.completeWith(result)
        }
    }

    private func refuse(_ context: ChannelHandlerContext) {
        let problem = Problem(
            .malformedRequest,
            detail: RequestTexts.hostHeader)
        let body = (try? JSONEncoder().encode(ProblemBody(problem: problem, language: .en, instance: nil, requestId: nil))) ?? Data()
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/problem+json")
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Connection", value: "close")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
