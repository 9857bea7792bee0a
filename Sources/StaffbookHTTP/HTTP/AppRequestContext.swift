import Hummingbird
import StaffbookCore

/// Per-request state the middlewares share: the request id and the peer's address.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var requestId: String
    /// The connected peer (the load balancer, when there is one).
    public let peerAddress: String?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.requestId = ""
        self.peerAddress = source.channel.remoteAddress?.ipAddress
    }
}
