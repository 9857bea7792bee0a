import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// Signing in with Google without a script from Google: the browser goes to Google's sign-in
/// page, Google posts an ID token back (`response_mode=form_post`), and the desk verifies it as
/// `POST /v1/auth/google` does. Google's post comes from another site, so it carries none of our
/// `SameSite=Lax` cookies: it only shows a form that sends the token on from our own page, where
/// the cookie set at the start is there to bind the answer to this browser's sign-in (the state)
/// and the token to it (the nonce inside the token).
extension Desk {
    static let googleCookie = "sb_desk_google"
    static let googleAuthorization = "https://accounts.google.com/o/oauth2/v2/auth"
    /// Long enough to choose an account at Google, short enough not to linger.
    static let googleCookieLifetime = 600

    /// The link on the sign-in page.
    static func googleStart(next: String?) -> String {
        var link = URLComponents()
        link.path = "/desk/sign-in/google"
        if let next { link.queryItems = [URLQueryItem(name: "next", value: next)] }
        return link.string ?? "/desk/sign-in/google"
    }

    func startGoogle(_ view: DeskView, request: Request) throws -> Response {
        guard let google = services.auth.googleSignIn else { throw DeskRefusal.notFound }
        let (state, nonce) = (FormToken.random(), FormToken.random())
        let next = Self.localPath(query(request, "next")) ?? "/desk"
        let parameters =
            [
                ("client_id", google.clientId), ("response_type", "id_token"), ("scope", "openid email"),
                ("redirect_uri", googleRedirect(request)), ("response_mode", "form_post"), ("state", state), ("nonce", nonce),
                ("prompt", "select_account"),
            ] + (google.hostedDomain.map { [("hd", $0)] } ?? [])
        let target = Self.googleAuthorization + "?" + parameters.map { Self.escaped($0.0) + "=" + Self.escaped($0.1) }.joined(separator: "&")
        // The path to return to travels base64url-encoded: a cookie value holds no `;` or `,`.
        let value = [state, nonce, Base64URL.encode(Array(next.utf8))].joined(separator: ".")
        return DeskPage.redirect(
            target,
            cookies: [deskCookie(Self.googleCookie, value, maxAge: Self.googleCookieLifetime)])
    }

    /// Google's post: nothing changes here; the token goes on from a page of ours.
    func googleAnswered(_ view: DeskView, request: Request) async throws -> Response {
        guard services.auth.googleSignIn != nil else { throw DeskRefusal.notFound }
        let fields = try await Self.fields(request)
        guard let token = fields["id_token"], !token.isEmpty, let state = fields["state"] else {
            return errorPage(view, heading: view.text("googleRefused"), detail: view.text("googleRefusedDetail"), status: .badRequest)
        }
        return DeskPage(title: view.text("signIn"), template: "googleContinue", model: ["idToken": token, "state": state])
            .response(view, library: library)
    }

    func continueGoogle(_ view: DeskView, request: Request) async throws -> Response {
        guard services.auth.googleSignIn != nil else { throw DeskRefusal.notFound }
        let fields = try await Self.fields(request)
        let parts = (request.cookies[Self.googleCookie]?.value ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let state = fields["state"], FormToken.same(parts[0], state) else { throw DeskRefusal.forgedForm }
        let next = Self.localPath(Base64URL.decode(parts[2]).flatMap { String(data: $0, encoding: .utf8) })
        let ended = deskCookie(Self.googleCookie, "", maxAge: 0)
        do {
            let session = try await services.auth.signInForBrowser(
                googleIDToken: fields["id_token"] ?? "", nonce: parts[1], address: PageScope.clientAddress, userAgent: PageScope.userAgent)
            return DeskPage.redirect(
                next ?? "/desk",
                cookies: [
                    sessionCookie(session),
                    ended,
                ])
        } catch {
            let problem = PageProblem(error, language: view.language)
            if problem.isServerFault { throw error }
            var response = signInPage(view, email: "", next: next, problem: problem, status: HTTPResponse.Status(code: problem.status))
            response.setCookie(ended)
            return response
        }
    }

    /// Where Google posts back, registered with Google as the client's redirect URI: under the
    /// public base URL, or this request's host when none is configured (a local run).
    private func googleRedirect(_ request: Request) -> String {
        var base = services.config.http.publicBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        if base.isEmpty { base = "http://" + (request.head.authority ?? "localhost") }
        return base + "/desk/sign-in/google"
    }

    /// A query value with everything but unreserved characters percent-encoded.
    private static func escaped(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
