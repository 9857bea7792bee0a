import Foundation
import Hummingbird
import Logging
import StaffbookCore

/// Turns every error thrown below it into an `application/problem+json` response in the
/// caller's language. Server faults are logged with the request id; nothing internal leaks.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Tells a path that exists with other methods (405) from one that does not exist (404).
    var routes: RouteTable?

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var (problem, isServerFault) = Problem.from(error)
            if problem.type == .notFound, let allowed = routes?.allowedMethods(for: request.uri.path),
                !allowed.contains(request.method.rawValue)
            {
                problem = Problem(.methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
            }
            if isServerFault {
                var metadata = LoggedError.metadata(error)
                metadata["path"] = .string(LoggedPath.redacted(request.uri.path))
                context.logger.error("request failed", metadata: metadata)
            } else {
                context.logger.debug("request refused", metadata: ["problem": .string(problem.type.rawValue)])
            }
            return ProblemRenderer.response(
                for: problem,
                language: Language(acceptLanguage: request.headers[.acceptLanguage]),
                instance: LoggedPath.redacted(request.uri.path),
                requestId: context.requestId
            )
        }
    }
}

/// Encodes problems: compact output, slashes unescaped.
enum ProblemRenderer {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    static func response(for problem: Problem, language: Language, instance: String?, requestId: String?) -> Response {
        let body = ProblemBody(problem: problem, language: language, instance: instance, requestId: requestId)
        let data = (try? encoder.encode(body)) ?? Data()
        var headers = problem.headers
        headers[.contentType] = "application/problem+json"
        headers[.contentLanguage] = language.rawValue
        headers[.cacheControl] = "no-store"
        return Response(status: problem.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
