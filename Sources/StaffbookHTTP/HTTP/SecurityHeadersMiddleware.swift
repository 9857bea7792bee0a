import HTTPTypes
import Hummingbird

/// Headers every answer carries so that browsers and caches treat it as meant:
/// - `X-Content-Type-Options: nosniff` on everything;
/// - personal data (`/v1/…`) is not stored by caches: `no-store`, except a file with its `ETag`
///   (`private, no-cache`: a browser may keep it, and must ask before using it);
/// - a file or export (`Content-Disposition`) gets a content security policy that runs nothing,
///   so a PDF/HTML polyglot that passed the PDF check cannot run script if opened inline;
/// - a signed link's answer sends no `Referer` onwards (the link is a credential). A PDF it
///   shows inline is for a browser's own PDF viewer, which a sandbox or `object-src 'none'`
///   blocks; there `application/pdf` with `nosniff` (and the `%PDF-` check at upload) keep it
///   from being read as a page, and it may not be framed.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let filePolicy = "default-src 'none'; sandbox"
    static let inlinePDFPolicy = "frame-ancestors 'none'"
    static let fileLinkPrefix = "/v1/file-links/"

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        let isFile = response.headers[.contentDisposition] != nil
        if request.uri.path.hasPrefix("/v1/"), response.headers[.cacheControl] == nil {
            let isVersionedFile = response.headers[.eTag] != nil && (isFile || response.status == .notModified)
            response.headers[.cacheControl] = isVersionedFile ? "private, no-cache" : "no-store"
        }
        let isLink = request.uri.path.hasPrefix(Self.fileLinkPrefix)
        if isLink {
            response.headers[.referrerPolicy] = "no-referrer"
        }
        if isFile {
            let inlinePDF =
                isLink && response.headers[.contentDisposition]?.hasPrefix("inline") == true
                && response.headers[.contentType] == "application/pdf"
            response.headers[.contentSecurityPolicy] = inlinePDF ? Self.inlinePDFPolicy : Self.filePolicy
        }
        return response
    }
}
