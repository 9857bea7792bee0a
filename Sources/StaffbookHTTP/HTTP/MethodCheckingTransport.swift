import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import StaffbookCore
import Synchronization

/// Registers the generated operations on the router, noting each path template's methods in a
/// `RouteTable`. It also tells the runtime when a request has no body at all.
struct MethodCheckingTransport: ServerTransport {
    let router: Router<AppRequestContext>
    let routes: RouteTable

    func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) {
        // A request without a body must reach the runtime as "no body", not as an empty one,
        // or an optional JSON body is parsed from zero bytes and refused.
        router.register(
            { request, body, metadata in
                let hasBody =
                    request.headerFields[.transferEncoding] != nil
                    || (request.headerFields[.contentLength].flatMap(Int.init) ?? 0) > 0
                return try await handler(request, hasBody ? body : nil, metadata)
            }, method: method, path: path)
        routes.add(template: path, method: method)
        // The router answers HEAD on every GET route (without the body).
        if method == .get { routes.add(template: path, method: .head) }
    }
}

/// The contract's path templates and their methods, so that any other method on a known path
/// (TRACE, QUERY, …) answers 405 with `Allow` instead of 404.
final class RouteTable: Sendable {
    private let methodsByTemplate = Mutex<[[String]: Set<String>]>([:])

    func add(template: String, method: HTTPRequest.Method) {
        methodsByTemplate.withLock { _ = $0[Self.segments(template), default: []].insert(method.rawValue) }
    }

    /// The methods a path accepts, when some registered template matches it. As in the router,
    /// literal segments win: `/v1/invoices/missing` is not `/v1/invoices/{invoiceId}`.
    func allowedMethods(for path: String) -> [String]? {
        let segments = Self.segments(path)
        let matches = methodsByTemplate.withLock { templates in
            templates.filter { template, _ in
                template.count == segments.count
                    && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
            }
        }
        func literals(_ template: [String]) -> Int { template.filter { !$0.hasPrefix("{") }.count }
        guard let best = matches.keys.map(literals).max() else { return nil }
        return matches.filter { literals($0.key) == best }.values.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted()
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
