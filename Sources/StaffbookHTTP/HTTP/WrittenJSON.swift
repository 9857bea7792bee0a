import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// Large JSON responses written by `JSONWriter` instead of the runtime's `JSONEncoder`, which
/// the generated server code calls and offers no way to replace. A handler passes its response
/// body to `body(_:placeholder:)`: the body is written here and kept for the request, and the
/// handler returns the placeholder (the same type, without its long lists) for the runtime to
/// encode; `WrittenJSONMiddleware` then sends the written bytes instead. The generated types stay
/// the only description of the JSON: both encoders write them through their `Encodable`.
enum WrittenJSON {
    /// The bytes written for the current request, if any, and who writes lists' rows.
    final class Slot: Sendable {
        let bytes = Mutex<[UInt8]?>(nil)
        let rowsBy: ListJSONWriter

        init(rowsBy: ListJSONWriter) {
            self.rowsBy = rowsBy
        }
    }

    @TaskLocal static var slot: Slot?

    static let writer = JSONWriter(dates: LenientDateTranscoder())

    /// The operations whose handlers write their JSON body here: lists.
    static let operations: Set<String> = ["getTimeReport", "listInvoices", "listUsers", "listMyInvoices"]

    /// The value to return from a handler: `placeholder` once `body` is written for the request;
    /// `body` itself (for the runtime to encode) when no middleware waits for it or writing
    /// failed, so a response is never lost to the fast path.
    static func body<Body: Encodable>(_ body: Body, placeholder: @autoclosure () -> Body) -> Body {
        guard let slot, let bytes = try? writer.encode(body) else { return body }
        slot.bytes.withLock { $0 = bytes }
        return placeholder()
    }

    /// Whether PostgreSQL writes the rows of this request's list (`HTTP_LIST_JSON=database`) and
    /// a body written there can be sent; false outside the operations that write their body here.
    static var databaseWritesRows: Bool { slot?.rowsBy == .database }

    /// Keeps `bytes` as the request's body (when a middleware waits for it).
    static func send(_ bytes: [UInt8]) {
        slot?.bytes.withLock { $0 = bytes }
    }

    /// Keeps `envelope` as the request's body with `items`, a JSON array written elsewhere (by
    /// PostgreSQL), in place of its empty `items`: the generated type still writes everything
    /// around the rows. `items` must be the envelope's first array-valued key written empty.
    static func send<Body: Encodable>(_ envelope: Body, items: some Collection<UInt8>) throws {
        let written = try writer.encode(envelope)
        let empty = Array(#""items":[]"#.utf8)
        guard let place = written.firstRange(of: empty) else { throw Problem(.internalError) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(written.count + items.count)
        bytes += written[..<place.lowerBound]
        bytes += #""items":"#.utf8
        bytes += items
        bytes += written[place.upperBound...]
        send(bytes)
    }
}

/// Sends the body a handler wrote with `WrittenJSON` in place of what the runtime encoded, and
/// tells the handlers of lists who writes their rows (one setting for every list).
struct WrittenJSONMiddleware: ServerMiddleware {
    let rowsBy: ListJSONWriter

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // Only the operations that write their body pay for the slot.
        guard WrittenJSON.operations.contains(operationID) else { return try await next(request, body, metadata) }
        let slot = WrittenJSON.Slot(rowsBy: rowsBy)
        var (response, responseBody) = try await WrittenJSON.$slot.withValue(slot) {
            try await next(request, body, metadata)
        }
        if let bytes = slot.bytes.withLock({ $0 }) {
            response.headerFields[.contentLength] = String(bytes.count)
            responseBody = HTTPBody(bytes)
        }
        return (response, responseBody)
    }
}
