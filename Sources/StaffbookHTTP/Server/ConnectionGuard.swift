import Logging
import Metrics
import NIOCore
import StaffbookCore

/// Watches one connection for the limits of `ConnectionLimits`: whether it may be open at all,
/// and how long it waits for a request's head, between requests, and for the bytes of a body.
/// Lives on the connection's event loop; its handlers tell it what passes.
final class ConnectionGuard {
    private enum Phase {
        /// No request under way: the first (head timeout from the start) or a next one (idle).
        case awaitingRequest
        /// Bytes of a request arrived; its head has not been decoded yet.
        case readingHead
        /// The head is decoded; the body is arriving.
        case readingBody
        /// The request is complete; the application is answering it.
        case answering
    }

    private let limits: ConnectionLimits
    private let connections: OpenConnections
    private let logger: Logger
    private var phase = Phase.awaitingRequest
    /// When the connection is closed unless something passes first, and which wait that is.
    private var deadline: NIODeadline?
    private var waitingFor = ""
    /// The one timer, and when it fires. Every request moves the deadline two or three times;
    /// scheduling and cancelling an event-loop task each time was a measurable part of a small
    /// request. The timer is left alone when it fires no later than the deadline: then it looks
    /// at the deadline and sleeps again until it.
    private var timer: Scheduled<Void>?
    private var timerFiresAt: NIODeadline?
    private var counted = false
    /// The client address counted against its cap, while it is.
    private var countedAddress: String?
    private var readOutstanding = false
    /// What shedding reads of this connection, while it is counted.
    private var progress: ConnectionProgress?
    /// When the whole of the current request's body must have arrived.
    private var bodyDeadline: NIODeadline?
    private static let closedByTimeout = Counter(label: "staffbook_http_connections_timed_out_total")
    private static let refused = Counter(label: "staffbook_http_connections_refused_total")
    private static let refusedPerAddress = Counter(label: "staffbook_http_connections_refused_per_address_total")
    /// Connections closed because their body arrived slower than the minimum rate.
    private static let slowClients = Counter(label: "staffbook_http_slow_clients_total")

    init(limits: ConnectionLimits, connections: OpenConnections, logger: Logger) {
        self.limits = limits
        self.connections = connections
        self.logger = logger
    }

    /// The connection is open: counted if there is room (made by shedding the connection that
    /// gives way, at a full cap), closed at once otherwise.
    func opened(_ context: ChannelHandlerContext) {
        guard !counted else { return }
        if let address = context.channel.remoteAddress?.ipAddress, !limits.uncappedAddresses.contains(address) {
            let key = IPAddress(address)?.capKey ?? address
            guard connections.tryOpen(address: key, limit: limits.maxConnectionsPerAddress) else {
                Self.refusedPerAddress.increment()
                logger.debug("connection refused: too many open from one address")
                context.close(promise: nil)
                return
            }
            countedAddress = key
        }
        guard connections.tryOpen(limit: limits.maxConnections) || connections.shedForNew() else {
            Self.refused.increment()
            logger.debug("connection refused: too many open")
            if let address = countedAddress {
                countedAddress = nil
                connections.close(address: address)
            }
            context.close(promise: nil)
            return
        }
        counted = true
        let progress = ConnectionProgress(channel: context.channel)
        self.progress = progress
        connections.register(progress)
        arm(limits.requestHeadTimeout, reason: "request head", context)
    }

    func closed() {
        if let progress {
            self.progress = nil
            connections.unregister(progress)
        }
        deadline = nil
        timer?.cancel()
        timer = nil
        timerFiresAt = nil
        if counted {
            counted = false
            connections.close()
        }
        if let address = countedAddress {
            countedAddress = nil
            connections.close(address: address)
        }
    }

    /// Raw bytes arrived from the client.
    func bytesArrived(_ context: ChannelHandlerContext, count: Int) {
        progress?.arrived(count)
        switch phase {
        case .awaitingRequest:
            phase = .readingHead
            progress?.enter(.readingHead, resetting: true)
            progress?.arrived(count)
            arm(limits.requestHeadTimeout, reason: "request head", context)
        case .readingBody:
            arm(limits.bodyProgressTimeout, reason: "body progress", context)
        case .readingHead, .answering:
            break
        }
    }

    /// The channel asks the socket for more bytes: from now on, the client is the one waited for.
    func readRequested(_ context: ChannelHandlerContext) {
        readOutstanding = true
        if case .readingBody = phase {
            arm(limits.bodyProgressTimeout, reason: "body progress", context)
        }
    }

    /// A batch of reads ended. While a body is arriving, the clock only runs while a read is
    /// outstanding: when the application reads slowly, the pause is ours, not the client's.
    func readsCompleted() {
        readOutstanding = false
        if case .readingBody = phase { cancel() }
    }

    /// The head is decoded; its body (if any) has `length` bytes (nil: not said).
    func headDecoded(_ context: ChannelHandlerContext, bodyLength: Int?) {
        phase = .readingBody
        progress?.enter(.readingBody)
        bodyDeadline = NIODeadline.now() + .nanoseconds(limits.bodyDeadline(length: bodyLength).nanoseconds)
        if readOutstanding {
            arm(limits.bodyProgressTimeout, reason: "body progress", context)
        } else {
            cancel()
        }
    }

    func requestEnded() {
        phase = .answering
        progress?.enter(.answering)
        bodyDeadline = nil
        cancel()
    }

    func responseEnded(_ context: ChannelHandlerContext) {
        phase = .awaitingRequest
        progress?.enter(.idle, resetting: true)
        arm(limits.idleTimeout, reason: "idle", context)
    }

    private func arm(_ delay: Duration, reason: String, _ context: ChannelHandlerContext) {
        var deadline = NIODeadline.now() + .nanoseconds(delay.nanoseconds)
        var reason = reason
        // While a body arrives, the sooner of its progress and its whole deadline.
        if case .readingBody = phase, let whole = bodyDeadline, whole < deadline {
            deadline = whole
            reason = Self.slowBody
        }
        self.deadline = deadline
        waitingFor = reason
        if let firesAt = timerFiresAt, firesAt <= deadline { return }
        schedule(at: deadline, context)
    }

    private static let slowBody = "whole body"

    private func cancel() {
        deadline = nil
    }

    private func schedule(at time: NIODeadline, _ context: ChannelHandlerContext) {
        timer?.cancel()
        timerFiresAt = time
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) { [self] in
            timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        timerFiresAt = nil
        guard let deadline else { return }
        guard deadline <= .now() else {
            schedule(at: deadline, context)
            return
        }
        Self.closedByTimeout.increment()
        if waitingFor == Self.slowBody { Self.slowClients.increment() }
        logger.debug("connection closed: \(waitingFor) timeout")
        context.channel.close(promise: nil)
    }
}
