import HTTPTypes
import Hummingbird
import StaffbookCore

/// The OpenAPI runtime writes header values percent-encoded (the `simple` style), which turns
/// `"v3"` into `%22v3%22` and `<…>; rel="next"` into an unreadable string. For the headers
/// whose values we produce, undo exactly that one encoding so clients get them as RFC 9110 says.
/// Only the API's answers: the desk's pages never pass through the runtime.
///
/// On the way in, an `Accept` of `*/*` (what curl, browsers' `fetch` and most HTTP libraries
/// send) is dropped: it accepts whatever an operation answers, as no `Accept` does, and the
/// runtime parses it into media types for every operation (4 % of `/v1/me`'s instructions).
struct HeaderEncodingMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let names: [HTTPField.Name] = [.eTag, .location, .contentDisposition, .link, .contentSecurityPolicy]
    static let utf8Texts: Set<String> = ["text/calendar", "text/csv"]

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        // Pages write their headers themselves: a redirect's query stays percent-encoded.
        guard !request.uri.path.hasPrefix("/desk") else { return try await next(request, context) }
        var passed = request
        if request.headers[.accept] == "*/*" {
            var head = request.head
            head.headerFields[.accept] = nil
            passed = Request(head: head, body: request.body)
        }
        let raw = RawHeaders.Slot()
        var response = try await RawHeaders.$slot.withValue(raw) { [passed] in try await next(passed, context) }
        // The contract names these types bare; what we write in them is UTF-8, and a client
        // that is not told so reads "Dovolená" as "DovolenÃ¡".
        if let type = response.headers[.contentType], Self.utf8Texts.contains(type) {
            response.headers[.contentType] = type + "; charset=utf-8"
        }
        for name in Self.names {
            // Most values have nothing encoded; Foundation's decoding costs a copy through NSString.
            if let value = response.headers[name], value.utf8.contains(UInt8(ascii: "%")), let decoded = value.removingPercentEncoding {
                response.headers[name] = decoded
            }
        }
        // Written as they are: nothing encoded them.
        for field in raw.fields.withLock({ $0 }) { response.headers[field.name] = field.value }
        return response
    }
}
