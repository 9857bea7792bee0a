import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// Signing in and out: a session like the API's (listed, revocable, ended by deactivation),
/// held by an `HttpOnly`, `SameSite=Lax` cookie, `Secure` when the desk is served over HTTPS.
/// The password is checked and throttled exactly as `POST /v1/auth/password` does.
extension Desk {
    func home(_ view: DeskView) async throws -> Response {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        // An admin's month is the invoices; everyone else's is their own time.
        if AccessPolicy.allows("listInvoices", roles: session.account.roles) { return DeskPage.redirect("/desk/invoices") }
        return DeskPage.redirect("/desk/time")
    }

    func signInForm(_ view: DeskView, request: Request) async throws -> Response {
        if view.session != nil { return DeskPage.redirect("/desk") }
        return signInPage(view, email: "", next: Self.localPath(query(request, "next")), problem: nil, status: .ok)
    }

    func signIn(_ view: DeskView, request: Request) async throws -> Response {
        let fields = try await Self.fields(request)
        guard let expected = request.cookies[Self.signInCookie]?.value, let sent = fields["csrf"], FormToken.same(expected, sent) else {
            throw DeskRefusal.forgedForm
        }
        let email = String((fields["email"] ?? "").prefix(254))
        do {
            let outcome = try await services.auth.signInForBrowser(
                email: email, password: fields["password"] ?? "", address: PageScope.clientAddress, userAgent: PageScope.userAgent)
            let next = Self.localPath(fields["next"]) ?? "/desk"
            guard case .signedIn(let session) = outcome else {
                guard case .secondStep(let step) = outcome else { throw DeskRefusal.signInFirst }
                return try await startSecondStep(step, next: next)
            }
            return DeskPage.redirect(
                next,
                cookies: [
                    sessionCookie(session),
                    deskCookie(Self.signInCookie, "", maxAge: 0),
                ])
        } catch {
            let problem = PageProblem(error, language: view.language)
            if problem.isServerFault { throw error }
            return signInPage(
                view, email: email, next: Self.localPath(fields["next"]), problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    func signOut(_ view: DeskView, request: Request) async throws -> Response {
        guard let session = view.session else { return DeskPage.redirect("/desk/sign-in") }
        _ = try await form(request, view: view)
        try await services.auth.signOutBrowser(session)
        return DeskPage.redirect(
            "/desk/sign-in",
            cookies: [deskCookie(Self.sessionCookie, "", maxAge: 0)])
    }

    /// The sign-in form with a fresh value for its cookie and its hidden field.
    func signInPage(_ view: DeskView, email: String, next: String?, problem: PageProblem?, status: HTTPResponse.Status) -> Response {
        let token = FormToken.random()
        var response = DeskPage(
            title: view.text("signIn"), template: "signIn",
            model: [
                "csrf": token, "email": email, "next": next as Any,
                "problem": problem.map { Self.model($0, language: view.language) } as Any,
                "google": services.auth.googleSignIn == nil ? "" : Self.googleStart(next: next),
            ],
            status: status
        ).response(view, library: library)
        response.setCookie(deskCookie(Self.signInCookie, token))
        if status == .tooManyRequests, let retry = problem?.retryAfter { response.headers[.retryAfter] = retry }
        return response
    }

    /// A refusal for the `problem` partial; a field the page has a label for is named by it.
    static func model(_ problem: PageProblem, language: Language) -> [String: Any] {
        [
            "title": problem.title, "detail": problem.detail,
            "fields": problem.fields.map { field in
                let key = field.name.split(separator: ".").last.map(String.init) ?? field.name
                let label = DeskTexts.has(key) ? DeskTexts.text(key, language) : ""
                return ["message": field.message, "label": label]
            },
        ]
    }
}
