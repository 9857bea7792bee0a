import Hummingbird

/// Per-request state the middlewares share: the request id (and, later, the caller).
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var requestId: String

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.requestId = ""
    }
}
