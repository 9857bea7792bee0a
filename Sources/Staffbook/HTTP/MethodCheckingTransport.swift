import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Synchronization

/// Registers the generated operations on the router and remembers which methods each path
/// has, so that the other methods on a known path answer 405 with `Allow` instead of 404.
final class MethodCheckingTransport: ServerTransport {
    private let router: Router<AppRequestContext>
    private let methodsByPath = Mutex<[String: [HTTPRequest.Method]]>([:])

    init(router: Router<AppRequestContext>) {
        self.router = router
    }

    func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        router.register(handler, method: method, path: path)
        methodsByPath.withLock { $0[path, default: []].append(method) }
    }

    /// Call once every operation is registered.
    func registerMethodNotAllowedRoutes() {
        let all: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
        for (path, methods) in methodsByPath.withLock({ $0 }) {
            let allowed = methods.map(\.rawValue).sorted().joined(separator: ", ")
            for method in all where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw Problem(.methodNotAllowed, headers: [.allow: allowed])
                }
            }
        }
    }
}
