import HTTPTypes
import Hummingbird
import NIOCore

/// Answers the liveness probe ahead of the router and its middleware chain.
///
/// A probe asks only whether the process answers HTTP. It needs no caller, no database, no
/// access log line and no metrics, and orchestrators send it every few seconds to every
/// instance, so it is answered with the least work a response takes: no routing, no generated
/// layer, no JSON encoder, a body made once. It keeps what every answer has: the request id
/// (the client's, or a fresh one) and `nosniff`. A probe with a body, or any other method, goes
/// the normal way and is answered there (413, 405).
struct LivenessResponder<Base: HTTPResponder>: HTTPResponder where Base.Context == AppRequestContext {
    typealias Context = AppRequestContext

    static var path: String { "/health/live" }
    private static var body: ByteBuffer { ByteBuffer(string: #"{"status":"ok"}"#) }

    let base: Base
    private let body = Self.body

    func respond(to request: Request, context: AppRequestContext) async throws -> Response {
        guard request.method == .get, request.uri.path == Self.path, request.headers[.contentLength] == nil,
            request.headers[.transferEncoding] == nil
        else {
            return try await base.respond(to: request, context: context)
        }
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        headers[.contentType] = "application/json"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.xRequestID] = RequestID.accept(request.headers[.xRequestID]) ?? RequestID.generate()
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
