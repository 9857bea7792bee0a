import HTTPTypes
import Synchronization

/// Header values the API's handlers write as they are, past the OpenAPI runtime: the runtime
/// percent-encodes every header value it writes and `HeaderEncodingMiddleware` decodes it again,
/// which for a list's `Link` (the request's URI with a long cursor) cost an eighth of the
/// admin list's instructions. A handler passes the value through `pass(_:_:)` and hands the
/// runtime what it returns; `HeaderEncodingMiddleware` keeps the slot for the request and sets
/// the kept values on the response.
enum RawHeaders {
    final class Slot: Sendable {
        let fields = Mutex<HTTPFields>([:])
    }

    @TaskLocal static var slot: Slot?

    /// Nil once `value` is kept for `HeaderEncodingMiddleware` to set as it is (the runtime then
    /// writes none); `value` itself when no middleware takes it, so a header is never lost.
    static func pass(_ name: HTTPField.Name, _ value: String?) -> String? {
        guard let value, let slot else { return value }
        slot.fields.withLock { $0[name] = value }
        return nil
    }
}
