import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A person's own account: the profile as admins keep it, billing details, language and
/// notifications, a password link, sessions and personal tokens. The operations are `GET
/// /v1/me`, `PUT /v1/me/billing`, `PUT /v1/me/notification-preferences`, `POST
/// /v1/auth/password-reset`, `GET`/`DELETE /v1/me/sessions` and `GET`/`POST`/`DELETE
/// /v1/me/tokens`, as forms.
extension Desk {
    /// What one part of the page was sent with: the fields as typed and the refusal, if any.
    struct MeForm {
        var part: String
        var typed: [String: String]
        var problem: PageProblem?
    }

    func me(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "getMe")
        return try await mePage(view, form: nil, done: query(request, "done"))
    }

    func saveBilling(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "putMyBillingDetails")
        let fields = try await form(request, view: view)
        var typed: [String: String] = [:]
        for name in ["ico", "dic", "bankAccount"] { typed[name] = String((fields[name] ?? "").prefix(60)) }
        do {
            let details = try PeoplePageInput.billing(ico: typed["ico"], dic: typed["dic"], bankAccount: typed["bankAccount"])
            guard
                try await services.people.setBillingDetails(
                    personId: session.account.id, details: details, by: session.account.id, now: services.clock.now()) != nil
            else { throw DeskRefusal.notFound }
            return DeskPage.redirect("/desk/me?done=billingSaved")
        } catch {
            return try await refusedMe(view, error, MeForm(part: "billing", typed: typed))
        }
    }

    func savePreferences(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "putMyNotificationPreferences")
        let fields = try await form(request, view: view)
        guard let current = try await services.notifications.preferences(accountId: session.account.id) else { throw DeskRefusal.signInFirst }
        var typed: [String: String] = ["chatWebhookUrl": String((fields["chatWebhookUrl"] ?? "").prefix(600))]
        typed["language"] = fields["language"] == Language.en.rawValue ? "en" : "cs"
        // The kinds the page does not show (another role's) keep what they were.
        var channels = NotificationKind.choosable.map { ($0, current.preference(for: $0).rawValue) }
        for (index, (kind, _)) in channels.enumerated() {
            guard let sent = fields["channel." + kind.rawValue] else { continue }
            typed["channel." + kind.rawValue] = String(sent.prefix(10))
            channels[index].1 = String(sent.prefix(10))
        }
        do {
            let preferences = try NotificationPageInput.preferences(
                language: typed["language"] == "en" ? .en : .cs, chatWebhookURL: typed["chatWebhookUrl"], channels: channels,
                policy: services.config.monthEnd.webhookPolicy)
            guard try await services.notifications.savePreferences(preferences, accountId: session.account.id, now: services.clock.now()) else {
                throw DeskRefusal.signInFirst
            }
            // The desk speaks the language chosen from here on, as the e-mails will.
            return DeskPage.redirect(
                "/desk/me?done=preferencesSaved", cookies: [deskCookie(Self.languageCookie, preferences.language.rawValue, maxAge: 365 * 86400)])
        } catch {
            return try await refusedMe(view, error, MeForm(part: "preferences", typed: typed))
        }
    }

    func sendPasswordLink(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "getMe")
        _ = try await form(request, view: view)
        do {
            try await services.auth.queuePasswordReset(email: session.account.email, address: PageScope.clientAddress, jobs: services.jobs)
            return DeskPage.redirect("/desk/me?done=passwordLinkSent")
        } catch {
            return try await refusedMe(view, error, MeForm(part: "password", typed: [:]))
        }
    }

    func endSession(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "endMySession")
        _ = try await form(request, view: view)
        guard let sessionId = id.flatMap(UUID.init(uuidString:)),
            try await services.auth.endSession(sessionId, of: session.caller, reason: .endedByUser)
        else { throw DeskRefusal.notFound }
        if sessionId == session.sessionId {
            return DeskPage.redirect("/desk/sign-in", cookies: [deskCookie(Self.sessionCookie, "", maxAge: 0)])
        }
        return DeskPage.redirect("/desk/me?done=sessionEnded")
    }

    /// A new token's secret is in this answer only: it is never put in a URL, a cookie or the
    /// database, so the page after the form is the one place it is ever shown.
    func createToken(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "createMyToken")
        let fields = try await form(request, view: view)
        var typed = ["name": String((fields["name"] ?? "").prefix(200)), "expiresOn": String((fields["expiresOn"] ?? "").prefix(20))]
        let scopes = TokenScope.allCases.map(\.rawValue).filter { fields["scope." + $0] == "on" }
        for scope in scopes { typed["scope." + scope] = "on" }
        do {
            let expiresAt = try PersonalTokenIssuer.expiry(day: typed["expiresOn"] ?? "")
            let (token, secret) = try await services.tokenIssuer.issue(
                accountId: session.account.id, name: typed["name"] ?? "", scopes: scopes, expiresAt: expiresAt)
            return try await mePage(view, form: nil, created: (token.name, secret), status: .created)
        } catch {
            return try await refusedMe(view, error, MeForm(part: "tokens", typed: typed))
        }
    }

    func revokeToken(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "revokeMyToken")
        _ = try await form(request, view: view)
        guard let tokenId = id.flatMap(UUID.init(uuidString:)),
            try await services.personalTokens.revoke(id: tokenId, accountId: session.account.id, by: session.account.id, now: services.clock.now())
        else { throw DeskRefusal.notFound }
        return DeskPage.redirect("/desk/me?done=tokenRevoked")
    }

    func refusedMe(_ view: DeskView, _ error: any Error, _ form: MeForm) async throws -> Response {
        var form = form
        let problem = try shownRefusal(error, view)
        form.problem = problem
        var response = try await mePage(view, form: form, status: HTTPResponse.Status(code: problem.status))
        if problem.status == 429, let retry = problem.retryAfter { response.headers[.retryAfter] = retry }
        return response
    }

    func mePage(
        _ view: DeskView, form: MeForm?, created: (name: String, secret: String)? = nil, done: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let session = view.session else { throw DeskRefusal.signInFirst }
        let format = view.format
        let now = services.clock.now()
        guard let person = try await services.people.profile(id: session.account.id, today: CalendarDay(now)),
            let preferences = try await services.notifications.preferences(accountId: session.account.id)
        else { throw DeskRefusal.signInFirst }
        let billing = try await services.people.billingDetails(personId: session.account.id) ?? BillingDetails()
        let sessions = try await services.auth.activeSessions(of: session.caller)
        let tokens = try await services.personalTokens.list(accountId: session.account.id, now: now)
        let factor = try await services.auth.secondFactorState(of: session.caller)
        let browsers = try await services.pushSubscriptions.subscriptions(accountId: session.account.id)
        let typed = form?.typed ?? [:]
        func typedOr(_ part: String, _ name: String, _ stored: String) -> String { form?.part == part ? typed[name] ?? "" : stored }
        let shown = form?.problem.map { Self.model($0, language: view.language) }
        func problem(of part: String) -> Any { (form?.part == part ? shown : nil) as Any }
        let chosenLanguage = typedOr("preferences", "language", preferences.language.rawValue)
        let model: [String: Any] = [
            "csrf": view.formToken, "done": view.doneText(done),
            "name": [person.academicTitle, person.firstName, person.lastName].compactMap { $0 }.joined(separator: " "),
            "email": person.email, "position": person.position ?? "—", "phone": person.phone ?? "—", "personalEmail": person.personalEmail ?? "—",
            "capacity": person.capacityHoursPerWeek.map { format.hours($0) + " h" } ?? "—",
            "teams": person.teams.isEmpty ? "—" : person.teams.map(\.name).joined(separator: ", "),
            "roles": person.roles.sorted().map { view.text("roles." + $0.rawValue) }.joined(separator: ", "),
            "billing": [
                "ico": typedOr("billing", "ico", billing.ico ?? ""), "dic": typedOr("billing", "dic", billing.dic ?? ""),
                "bankAccount": typedOr("billing", "bankAccount", billing.bankAccount.map { $0.domestic ?? $0.ibanPrinted } ?? ""),
                "problem": problem(of: "billing"),
            ] as [String: Any],
            "preferences": [
                "lang_cs": chosenLanguage != "en", "lang_en": chosenLanguage == "en",
                "chatWebhookUrl": typedOr("preferences", "chatWebhookUrl", preferences.chatWebhookURL ?? ""),
                "kinds": Self.kindsShown(to: session.account.roles).map { kind in
                    let chosen = typedOr("preferences", "channel." + kind.rawValue, preferences.preference(for: kind).rawValue)
                    return [
                        "kind": kind.rawValue, "label": view.text("kind." + kind.rawValue),
                        "channels": NotificationPreference.allCases.map { channel in
                            ["value": channel.rawValue, "label": view.text("channel." + channel.rawValue), "selected": channel.rawValue == chosen]
                        },
                    ] as [String: Any]
                },
                "problem": problem(of: "preferences"),
            ] as [String: Any],
            "password": ["problem": problem(of: "password")] as [String: Any],
            // Offered only where the server can push; the script turns the button on where the browser can.
            "push": services.config.vapid.map { vapid in
                [
                    "key": vapid.publicKey, "problem": problem(of: "push"), "hasBrowsers": !browsers.isEmpty,
                    "browsers": browsers.map { browser in
                        [
                            "id": browser.id.lowercasedString, "service": URL(string: browser.endpoint)?.host ?? browser.endpoint,
                            "createdAt": format.instant(browser.createdAt),
                        ]
                    },
                ] as [String: Any]
            } as Any,
            "secondFactor": [
                "state": view.text(factor.factor.map { $0.isActive ? "factorStateActive" : "factorStatePending" } ?? "factorStateNone"),
                "active": factor.factor?.isActive == true, "pending": factor.factor.map { !$0.isActive } ?? false,
                "required": factor.required, "problem": problem(of: "secondFactor"),
                "recoveryLeft": view.text("recoveryLeft") + " \(factor.factor?.recoveryCodesLeft ?? 0)",
            ] as [String: Any],
            "sessions": sessions.map { row in
                [
                    "id": row.id.lowercasedString, "client": row.client, "createdAt": format.instant(row.createdAt),
                    "lastUsedAt": format.instant(row.lastUsedAt), "current": row.id == session.sessionId,
                ] as [String: Any]
            },
            "tokens": tokens.map { token in
                [
                    "id": token.id.lowercasedString, "name": token.name, "scopes": token.scopes.sorted().map(\.rawValue).joined(separator: ", "),
                    "createdAt": format.instant(token.createdAt), "expiresAt": token.expiresAt.map { format.instant($0) } ?? view.text("never"),
                    "lastUsedAt": token.lastUsedAt.map { format.instant($0) } ?? "—",
                ] as [String: Any]
            },
            "hasTokens": !tokens.isEmpty,
            "tokenForm": [
                // Not `name`: an empty value would be looked up in the page's own `name`.
                "tokenName": typedOr("tokens", "name", ""), "expiresOn": typedOr("tokens", "expiresOn", ""),
                "scopes": TokenScope.allCases.map { scope in
                    [
                        "value": scope.rawValue, "id": "scope-" + scope.rawValue.replacingOccurrences(of: ":", with: "-"),
                        "label": view.text("scope." + scope.rawValue),
                        "checked": form?.part == "tokens" ? typed["scope." + scope.rawValue] == "on" : scope == .timer,
                    ] as [String: Any]
                },
                "problem": problem(of: "tokens"),
            ] as [String: Any],
            "created": created.map { ["name": $0.name, "secret": $0.secret] as [String: Any] } as Any,
            "timerStartURL": services.config.http.publicBaseURL + "/v1/me/timer/start",
            "timerStopURL": services.config.http.publicBaseURL + "/v1/me/timer/stop",
        ]
        return DeskPage(title: view.text("me"), template: "me", model: model, status: status).response(view, library: library)
    }

    /// The notifications a person of these roles can receive: a leader's and an admin's own
    /// kinds only for them.
    static func kindsShown(to roles: Set<Role>) -> [NotificationKind] {
        NotificationKind.choosable.filter { kind in
            switch kind {
            case .missingInvoicesDigest: roles.contains(.admin)
            case .timesheetApprovalReminder, .absenceRequested: roles.contains(.teamLeader) || roles.contains(.admin)
            default: true
            }
        }
    }
}
