import HTTPTypes
import Hummingbird
import Logging
import StaffbookCore

/// Outermost middleware: assigns the request id, echoes it in `X-Request-Id`, and writes one
/// structured access log line per request carrying the same id.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let requestId = RequestID.accept(request.headers[.xRequestID]) ?? RequestID.generate()
        var context = context
        context.requestId = requestId
        context.logger[metadataKey: "hb.request.id"] = nil
        context.logger[metadataKey: "request_id"] = .string(requestId)
        let logger = context.logger
        let started = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[.xRequestID] = requestId
        let elapsed = ContinuousClock.now - started
        logger.log(
            level: response.status.code >= 500 ? .error : .info,
            "access",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(LoggedPath.redacted(request.uri.path)),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(Self.milliseconds(elapsed)),
            ]
        )
        return response
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return "\(micros / 1000).\(String(format: "%03d", Int(micros % 1000)))"
    }
}
