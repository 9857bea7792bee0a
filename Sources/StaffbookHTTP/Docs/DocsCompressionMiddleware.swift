import Foundation
import HTTPTypes
import OpenAPIRuntime
import StaffbookCore

/// Sends the reference page gzipped to a browser that asks for it. The whole page is compressed
/// once, when first asked for; a search's (a few operations) each time.
struct DocsCompressionMiddleware: ServerMiddleware {
    /// The largest search page compressed: every page of ours is far below it.
    static let maxBytes = 16 * 1024 * 1024

    static let wholePage: [UInt8]? = (try? ReferencePage.shared.get()).flatMap { Gzip.compress(Array($0.html.utf8)) }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationID == "getDocs" else { return try await next(request, body, metadata) }
        var (response, responseBody) = try await next(request, body, metadata)
        response.headerFields[.vary] = "Accept-Encoding"
        guard response.status == .ok, AcceptEncoding.allowsGzip(request.headerFields[.acceptEncoding]), let page = responseBody else {
            return (response, responseBody)
        }
        let whole = request.path.map { !$0.contains("?") } ?? true
        let compressed: [UInt8]?
        if whole, let cached = Self.wholePage {
            compressed = cached
        } else {
            compressed = Gzip.compress(try await [UInt8](collecting: page, upTo: Self.maxBytes))
        }
        guard let compressed else { return (response, responseBody) }
        response.headerFields[.contentEncoding] = "gzip"
        response.headerFields[.contentLength] = String(compressed.count)
        return (response, HTTPBody(compressed))
    }
}
