import Hummingbird
import StaffbookCore

/// Refuses bodies over the configured size: at once when `Content-Length` says so, otherwise
/// as soon as the streamed body crosses the limit, so an oversized body is never held in memory.
/// Invoice uploads and bank statements get their own, larger limits (the contract's
/// `x-staffbook-body-limit`, BodyLimitMiddleware+Operations.swift).
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let defaultMaxBytes: Int
    let uploadMaxBytes: Int
    let statementMaxBytes: Int

    init(maxBytes: Int, uploadMaxBytes: Int? = nil, statementMaxBytes: Int? = nil) {
        defaultMaxBytes = maxBytes
        self.uploadMaxBytes = uploadMaxBytes ?? maxBytes
        self.statementMaxBytes = statementMaxBytes ?? maxBytes
    }

    /// Room for the multipart envelope around an upload (boundaries, part headers, the amount).
    static let multipartAllowance = 64 * 1024

    private func limit(for request: Request) -> Int {
        let path = request.uri.path
        // The desk's statement and upload forms: the same files as the API's, in a multipart envelope.
        if request.method == .post, path == "/desk/payment-runs/statements" { return statementMaxBytes + Self.multipartAllowance }
        if request.method == .post, path.hasPrefix("/desk/months/") { return uploadMaxBytes + Self.multipartAllowance }
        guard let match = Self.operationLimits.first(where: { $0.matches(request.method, path) }) else { return defaultMaxBytes }
        let file =
            switch match.kind {
            case .upload: uploadMaxBytes
            case .statement: statementMaxBytes
            }
        return match.envelope ? file + Self.multipartAllowance : file
    }

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let maxBytes = limit(for: request)
        // A page answers a body too large itself (the form again, in words); the API at once.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maxBytes, !request.uri.path.hasPrefix("/desk/") {
            throw Problem(.payloadTooLarge, detail: Self.detail(maxBytes))
        }
        var request = request
        request.body = RequestBody(asyncSequence: LimitedBody(base: request.body, maxBytes: maxBytes))
        return try await next(request, context)
    }

    static func detail(_ maxBytes: Int) -> LocalizedText {
        RequestTexts.bodyTooLarge(maxBytes)
    }
}

/// A request body that throws `payload-too-large` once more than `maxBytes` have arrived.
struct LimitedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let base: RequestBody
    let maxBytes: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let maxBytes: Int
        var seen = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            seen += buffer.readableBytes
            if seen > maxBytes {
                throw Problem(.payloadTooLarge, detail: BodyLimitMiddleware.detail(maxBytes))
            }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), maxBytes: maxBytes)
    }
}
