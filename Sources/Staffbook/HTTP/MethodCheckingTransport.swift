import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Synchronization

/// Registers the generated operations on the router and remembers which methods each path
/// has, so that the other methods on a known path answer 405 with `Allow` instead of 404.
/// It also tells the runtime when a request has no body at all.
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
        // A request without a body must reach the runtime as "no body", not as an empty one,
        // or an optional JSON body is parsed from zero bytes and refused.
        router.register({ request, body, metadata in
            let hasBody = request.headerFields[.transferEncoding] != nil
                || (request.headerFields[.contentLength].flatMap(Int.init) ?? 0) > 0
            return try await handler(request, hasBody ? body : nil, metadata)
        }, method: method, path: path)
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
