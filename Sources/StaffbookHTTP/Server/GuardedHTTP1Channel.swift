import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 child channel with `ConnectionGuard` around it: a handler first in the
/// pipeline (bytes and reads), one before the conversion to HTTP types (the `Host` rule) and
/// one after it (where requests and responses begin and end).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ConnectionLimits
    let connections: OpenConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let (limits, connections) = (self.limits, self.connections)
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let connection = ConnectionGuard(limits: limits, connections: connections, logger: logger)
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(HostHeaderHandler(), position: .before(codec))
            try pipeline.addHandler(RequestPhaseHandler(connection), position: .after(codec))
            try pipeline.addHandler(RawTrafficHandler(connection), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the connection limits.
    static func guardedHTTP1(limits: ConnectionLimits, connections: OpenConnections = OpenConnections()) -> HTTPServerBuilder {
        .init { responder in
            GuardedHTTP1Channel(base: HTTP1Channel(responder: responder), limits: limits, connections: connections)
        }
    }
}
