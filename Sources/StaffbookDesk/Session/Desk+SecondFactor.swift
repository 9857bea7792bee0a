import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A password sign-in's second step, and a person's own second factor on "Me": the operations
/// `POST /v1/auth/second-factor` (and its enrolment) and `GET`/`POST /v1/me/second-factor*`, as
/// forms. The challenge waits in an `HttpOnly` cookie of five minutes, never in the page.
extension Desk {
    /// Keeps the challenge and goes to the code page; an enrolling admin's factor is started here,
    /// so the page after shows it.
    func startSecondStep(_ step: AuthService.SecondStep, next: String) async throws -> Response {
        if step.purpose == .enrol { _ = try await services.auth.startEnrolment(challenge: step.challenge, address: PageScope.clientAddress) }
        let seconds = max(1, Int(step.expiresAt.timeIntervalSince(services.clock.now())))
        var target = URLComponents()
        target.path = "/desk/sign-in/code"
        if next != "/desk" { target.queryItems = [URLQueryItem(name: "next", value: next)] }
        return DeskPage.redirect(
            target.string ?? "/desk/sign-in/code",
            cookies: [deskCookie(Self.challengeCookie, step.challenge, maxAge: seconds), deskCookie(Self.signInCookie, "", maxAge: 0)])
    }

    func secondStepForm(_ view: DeskView, request: Request) async throws -> Response {
        if view.session != nil { return DeskPage.redirect("/desk") }
        guard let secret = request.cookies[Self.challengeCookie]?.value, let challenge = try await services.auth.pendingChallenge(secret) else {
            return DeskPage.redirect("/desk/sign-in")
        }
        return try await secondStepPage(view, challenge: challenge, next: Self.localPath(query(request, "next")), problem: nil, status: .ok)
    }

    func completeSecondStep(_ view: DeskView, request: Request) async throws -> Response {
        let fields = try await Self.fields(request)
        guard let expected = request.cookies[Self.signInCookie]?.value, let sent = fields["csrf"], FormToken.same(expected, sent) else {
            throw DeskRefusal.forgedForm
        }
        let next = Self.localPath(fields["next"])
        guard let secret = request.cookies[Self.challengeCookie]?.value else { return DeskPage.redirect("/desk/sign-in") }
        do {
            let (session, codes) = try await services.auth.completeSignInForBrowser(
                challenge: secret, code: String((fields["code"] ?? "").prefix(40)), address: PageScope.clientAddress)
            let cookies = [sessionCookie(session), deskCookie(Self.challengeCookie, "", maxAge: 0), deskCookie(Self.signInCookie, "", maxAge: 0)]
            guard let codes else { return DeskPage.redirect(next ?? "/desk", cookies: cookies) }
            var response = recoveryCodesPage(view, codes: codes, next: next ?? "/desk")
            for cookie in cookies { response.setCookie(cookie) }
            return response
        } catch {
            let problem = PageProblem(error, language: view.language)
            if problem.isServerFault { throw error }
            let status = HTTPResponse.Status(code: problem.status)
            guard let challenge = try await services.auth.pendingChallenge(secret) else {
                // Ended by too many wrong codes, or expired: the password again.
                var response = signInPage(view, email: "", next: next, problem: problem, status: status)
                response.setCookie(deskCookie(Self.challengeCookie, "", maxAge: 0))
                return response
            }
            return try await secondStepPage(view, challenge: challenge, next: next, problem: problem, status: status)
        }
    }

    func secondFactorEnrolment(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "enrolMySecondFactor")
        guard let enrolment = try await services.auth.pendingEnrolment(of: session.account.id) else { return DeskPage.redirect("/desk/me") }
        return enrolmentPage(view, enrolment, problem: nil, status: .ok)
    }

    func startSecondFactor(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "enrolMySecondFactor")
        _ = try await form(request, view: view)
        do {
            _ = try await services.auth.startEnrolment(of: session.caller)
            return DeskPage.redirect("/desk/me/second-factor")
        } catch {
            return try await refusedMe(view, error, MeForm(part: "secondFactor", typed: [:]))
        }
    }

    func confirmSecondFactor(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "confirmMySecondFactor")
        let fields = try await form(request, view: view)
        do {
            let codes = try await services.auth.confirmEnrolment(
                of: session.caller, code: String((fields["code"] ?? "").prefix(40)), address: PageScope.clientAddress)
            return recoveryCodesPage(view, codes: codes, next: "/desk/me")
        } catch {
            let problem = try shownRefusal(error, view)
            guard let enrolment = try await services.auth.pendingEnrolment(of: session.account.id) else {
                return try await refusedMe(view, error, MeForm(part: "secondFactor", typed: [:]))
            }
            var response = enrolmentPage(view, enrolment, problem: problem, status: HTTPResponse.Status(code: problem.status))
            if problem.status == 429, let retry = problem.retryAfter { response.headers[.retryAfter] = retry }
            return response
        }
    }

    func disableSecondFactor(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "disableMySecondFactor")
        let fields = try await form(request, view: view)
        do {
            try await services.auth.disableSecondFactor(
                of: session.caller, code: String((fields["code"] ?? "").prefix(40)), address: PageScope.clientAddress)
            return DeskPage.redirect("/desk/me?done=secondFactorOff")
        } catch {
            return try await refusedMe(view, error, MeForm(part: "secondFactor", typed: [:]))
        }
    }

    /// The code page; for an enrolling admin, with the factor to scan first.
    private func secondStepPage(
        _ view: DeskView, challenge: SignInChallenge, next: String?, problem: PageProblem?, status: HTTPResponse.Status
    ) async throws -> Response {
        let enrolment = challenge.purpose == .enrol ? try await services.auth.pendingEnrolment(of: challenge.accountId) : nil
        let token = FormToken.random()
        var response = DeskPage(
            title: view.text("secondStep"), template: "secondStep",
            model: [
                "csrf": token, "next": next as Any, "enrol": enrolment.map { Self.enrolmentModel($0) } as Any,
                "problem": problem.map { Self.model($0, language: view.language) } as Any,
            ],
            status: status
        ).response(view, library: library)
        response.setCookie(deskCookie(Self.signInCookie, token))
        if status == .tooManyRequests, let retry = problem?.retryAfter { response.headers[.retryAfter] = retry }
        return response
    }

    private func enrolmentPage(_ view: DeskView, _ enrolment: AuthService.Enrolment, problem: PageProblem?, status: HTTPResponse.Status) -> Response {
        DeskPage(
            title: view.text("secondFactorSetUp"), template: "enrolment",
            model: [
                "csrf": view.formToken, "enrol": Self.enrolmentModel(enrolment),
                "problem": problem.map { Self.model($0, language: view.language) } as Any,
            ],
            status: status
        ).response(view, library: library)
    }

    /// Shown once, in the answer to the form that confirmed the factor: never stored readable.
    private func recoveryCodesPage(_ view: DeskView, codes: [String], next: String) -> Response {
        DeskPage(
            title: view.text("recoveryCodes"), template: "recoveryCodes",
            model: ["codes": codes, "next": next, "all": codes.joined(separator: "\n")],
            status: .ok
        ).response(view, library: library)
    }

    private static func enrolmentModel(_ enrolment: AuthService.Enrolment) -> [String: Any] {
        // In groups of four, as apps show secrets to be typed.
        var grouped = ""
        for (index, character) in enrolment.secret.enumerated() {
            if index > 0, index % 4 == 0 { grouped.append(" ") }
            grouped.append(character)
        }
        return ["qr": enrolment.qrCodeSVG, "secret": grouped]
    }
}
