import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StaffbookCore
import StaffbookHTTP

/// What ends a page early: the page of another kind it leads to.
enum DeskRefusal: Error {
    /// Not there, or not the person's to see: the same answer for both, as the API's 404.
    case notFound
    /// Nobody is signed in: to the sign-in page, and back here afterwards.
    case signInFirst
    /// A form without its token (another site's, or a page from before sign-in).
    case forgedForm
}

extension Desk {
    /// Resolves who is asking and in what language, runs `body`, and turns what it throws into
    /// the page it means: a refusal in the API's words, 404, or 500 with the request id.
    func page(_ request: Request, _ body: (DeskView) async throws -> Response) async -> Response {
        var view = DeskView(session: nil, language: language(of: request), formToken: "", path: request.uri.path)
        do {
            if let secret = request.cookies[Self.sessionCookie]?.value, let session = try await services.auth.browserSession(secret: secret) {
                view.session = session
                view.formToken = forms.token(for: session.sessionId)
            }
            return try await body(view)
        } catch DeskRefusal.signInFirst {
            var back = URLComponents()
            back.path = "/desk/sign-in"
            back.queryItems = [URLQueryItem(name: "next", value: request.uri.path)]
            return DeskPage.redirect(back.string ?? "/desk/sign-in")
        } catch DeskRefusal.notFound {
            return errorPage(view, heading: view.text("notFound"), detail: view.text("notFoundDetail"), status: .notFound)
        } catch DeskRefusal.forgedForm {
            return errorPage(view, heading: view.text("forgedTitle"), detail: view.text("forgedForm"), status: .forbidden)
        } catch {
            let problem = PageProblem(error, language: view.language)
            if problem.isServerFault {
                services.logger.error(
                    "desk page failed", metadata: ["request_id": "\(PageScope.requestId)", "error_type": "\(String(reflecting: type(of: error)))"])
                return errorPage(
                    view, heading: view.text("serverError"), detail: view.text("serverErrorDetail"),
                    status: HTTPResponse.Status(code: problem.status), requestId: PageScope.requestId)
            }
            if problem.status == 404 {
                return errorPage(view, heading: view.text("notFound"), detail: view.text("notFoundDetail"), status: .notFound)
            }
            return errorPage(view, heading: problem.title, detail: problem.detail, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// A refusal to show on the page the form came from, with what was typed; anything else (a
    /// fault of ours, or not found) goes on to the error page.
    func shownRefusal(_ error: any Error, _ view: DeskView) throws -> PageProblem {
        let problem = PageProblem(error, language: view.language)
        if problem.isServerFault || problem.status == 404 { throw error }
        return problem
    }

    func errorPage(_ view: DeskView, heading: String, detail: String, status: HTTPResponse.Status, requestId: String? = nil) -> Response {
        DeskPage(title: heading, template: "error", model: ["heading": heading, "detail": detail, "requestId": requestId as Any], status: status)
            .response(view, library: library)
    }

    /// The signed-in person, who may do what `operation` does; otherwise sign-in or 404.
    func require(_ view: DeskView, _ operation: String) throws -> BrowserSession {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        guard AccessPolicy.allows(operation, roles: session.account.roles) else { throw DeskRefusal.notFound }
        return session
    }

    /// A submitted form's fields, after its token is checked against the session's.
    func form(_ request: Request, view: DeskView) async throws -> [String: String] {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        let fields = try await Self.fields(request)
        guard forms.accepts(fields["csrf"], for: session.sessionId) else { throw DeskRefusal.forgedForm }
        return fields
    }

    /// `application/x-www-form-urlencoded` fields, at most `maxFormBytes` of them.
    static func fields(_ request: Request) async throws -> [String: String] {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else {
            throw HTTPError(.unsupportedMediaType)
        }
        let buffer = try await request.body.collect(upTo: maxFormBytes)
        return FormFields.parse(String(buffer: buffer))
    }

    /// The language chosen with the header's switch, else the browser's.
    func language(of request: Request) -> Language {
        request.cookies[Self.languageCookie].flatMap { Language(rawValue: $0.value) } ?? PageScope.language
    }

    func switchLanguage(_ request: Request) -> Response {
        let to = request.uri.queryParameters["to"].flatMap { Language(rawValue: String($0)) } ?? .cs
        let back = Self.localPath(request.uri.queryParameters["back"].map(String.init)) ?? "/desk"
        return DeskPage.redirect(
            back,
            cookies: [deskCookie(Self.languageCookie, to.rawValue, maxAge: 365 * 86400)])
    }

    /// A cookie of the desk's: sent only to `/desk`, never to scripts, not with other sites'
    /// posts, and only over HTTPS when the desk is served so. No `maxAge`: until the browser
    /// closes; 0: removed.
    func deskCookie(_ name: String, _ value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/desk", secure: secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// The signed-in session's cookie, kept for the session's absolute lifetime.
    func sessionCookie(_ session: BrowserSession) -> Cookie {
        deskCookie(Self.sessionCookie, session.secret, maxAge: Int(services.auth.browserSessionLifetime))
    }

    /// A path of the desk to go back to; anything else (another site, `//host`) is not one.
    static func localPath(_ text: String?) -> String? {
        guard let text, text.hasPrefix("/desk"), !text.hasPrefix("//"), !text.contains("\\"),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return text
    }

    func query(_ request: Request, _ name: String) -> String? {
        request.uri.queryParameters[Substring(name)].map(String.init)
    }
}
