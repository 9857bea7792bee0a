import HTTPTypes
import Hummingbird

/// Headers every answer carries so that browsers and caches treat it as meant:
/// - `X-Content-Type-Options: nosniff` on everything;
/// - personal data (`/v1/…`) is not stored by caches: `no-store`, except a file with its `ETag`
///   (`private, no-cache`: a browser may keep it, and must ask before using it);
/// - a file or export (`Content-Disposition`) gets a content security policy that runs nothing
///   and may not be framed, so a PDF/HTML polyglot that passed the PDF check cannot run script
///   if opened inline. A signed link's file gets the same policy as the authenticated download
///   (a browser whose PDF viewer refuses a sandboxed document offers it for download instead);
/// - a signed link's answer sends no `Referer` onwards (the link is a credential).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let filePolicy = "default-src 'none'; frame-ancestors 'none'; sandbox"
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
            response.headers[.contentSecurityPolicy] = Self.filePolicy
        }
        return response
    }
}
