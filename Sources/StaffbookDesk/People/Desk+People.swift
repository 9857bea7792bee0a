import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// People: the list (search, team and active filters, as `GET /v1/users`; a leader sees their
/// teams' members, as the API shows them), a person's page (profile, contracts, rate history with
/// its corrections, billing details for an admin) and adding a rate.
extension Desk {
    func people(_ view: DeskView, request: Request) async throws -> Response {
        let session = try require(view, "listUsers")
        let active: Bool? =
            switch query(request, "active") {
            case "1": true
            case "0": false
            default: nil
            }
        let filter = try PeoplePageInput.filter(query: query(request, "q"), teamId: query(request, "team"), active: active)
        let page = try PageRequest<NamePosition>(limit: 50, cursor: query(request, "cursor"), offset: nil)
        let isAdmin = session.account.roles.contains(.admin)
        let rows = try await services.people.list(scope: isAdmin ? .everyone : .ledBy(session.account.id), filter: filter, page: page)
        let result = Page(rows: rows, limit: page.limit) { NamePosition(lastName: $0.lastName, firstName: $0.firstName, id: $0.id) }
        let teams = try await services.teams.names(ledBy: isAdmin ? nil : session.account.id, limit: Self.teamsListed)
        var next: String?
        if let cursor = result.nextCursor {
            var components = URLComponents()
            components.path = "/desk/people"
            components.queryItems =
                [URLQueryItem(name: "cursor", value: cursor)] + (filter.query.map { [URLQueryItem(name: "q", value: $0)] } ?? [])
                + (filter.teamId.map { [URLQueryItem(name: "team", value: $0.lowercasedString)] } ?? [])
                + (active.map { [URLQueryItem(name: "active", value: $0 ? "1" : "0")] } ?? [])
            next = components.string
        }
        let model: [String: Any] = [
            "q": filter.query ?? "", "activeAny": active == nil, "activeYes": active == true, "activeNo": active == false,
            "teams": teams.map { ["id": $0.id.lowercasedString, "name": $0.name, "selected": $0.id == filter.teamId] },
            "rows": result.items.map { person in
                [
                    "id": person.id.lowercasedString, "name": person.firstName + " " + person.lastName, "email": person.email,
                    "position": person.position ?? "", "teams": person.teams.map(\.name).joined(separator: ", "),
                    "active": view.text(person.isActive ? "activeYes" : "activeNo"),
                ] as [String: Any]
            },
            "hasRows": !result.items.isEmpty, "nextLink": next as Any,
        ]
        return DeskPage(title: view.text("people"), template: "people", model: model).response(view, library: library)
    }

    func person(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "getUser")
        let person = try await visiblePerson(id, session: session)
        return try await personPage(view, person, session: session, done: query(request, "done"))
    }

    /// A second admin agrees to a waiting change of this person's admin powers by doing what it
    /// asks; its asker, or an admin who may not be a second yet, is told why not.
    func agreeToChange(_ view: DeskView, id: String?, changeId: String?, request: Request) async throws -> Response {
        let session = try require(view, "listPendingAdminChanges")
        _ = try await form(request, view: view)
        let person = try await visiblePerson(id, session: session)
        guard let changeId = changeId.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        do {
            switch try await services.adminChanges.agree(changeId: changeId, by: session.account.id) {
            case .done(.erasePerson):
                return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=erased")
            case .done: return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=agreed")
            case .gone: return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=gone")
            }
        } catch {
            let problem = try shownRefusal(error, view)
            let current = try await visiblePerson(id, session: session)
            return try await personPage(view, current, session: session, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// The asker withdraws a waiting change, or another admin turns it down.
    func withdrawChange(_ view: DeskView, id: String?, changeId: String?, request: Request) async throws -> Response {
        let session = try require(view, "withdrawPendingAdminChange")
        _ = try await form(request, view: view)
        let person = try await visiblePerson(id, session: session)
        guard let changeId = changeId.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        let withdrawn = try await services.fourEyes.withdraw(changeId: changeId, by: session.account.id)
        return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=\(withdrawn ? "withdrawn" : "gone")")
    }

    func addRate(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "addUserRate")
        let fields = try await form(request, view: view)
        let person = try await visiblePerson(id, session: session)
        let typed = (amount: fields["amount"] ?? "", from: fields["effectiveFrom"] ?? "", reason: String((fields["reason"] ?? "").prefix(500)))
        do {
            let rate = try PeoplePageInput.rate(amount: typed.amount, effectiveFrom: typed.from, reason: typed.reason)
            guard try await services.rates.add(personId: person.id, rate: rate, by: session.account.id, now: services.clock.now()) != nil else {
                throw DeskRefusal.notFound
            }
            return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=rate")
        } catch {
            let problem = try shownRefusal(error, view)
            return try await personPage(
                view, person, session: session, typed: ["amount": typed.amount, "effectiveFrom": typed.from, "reason": typed.reason],
                problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// An admin removes another person's second factor (a lost phone), as
    /// `DELETE /v1/users/{id}/second-factor` does.
    func resetSecondFactor(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "resetUserSecondFactor")
        _ = try await form(request, view: view)
        let person = try await visiblePerson(id, session: session)
        do {
            let removed = try await services.auth.resetSecondFactor(of: person.id, by: session.caller, fourEyes: services.fourEyes.settings)
            return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=\(removed ? "factor" : "requested")")
        } catch {
            let problem = try shownRefusal(error, view)
            return try await personPage(view, person, session: session, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    /// The person when the signed-in one may see them (themselves, an admin anyone, a leader
    /// their members); otherwise not found, as the API answers.
    func visiblePerson(_ id: String?, session: BrowserSession) async throws -> PersonProfile {
        guard let id = id.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        try await services.visibility.requireVisible(
            id, to: session.caller)
        guard let person = try await services.people.profile(id: id, today: CalendarDay(services.clock.now())) else { throw DeskRefusal.notFound }
        return person
    }

    /// What the notice after an action on the person's page says, by the action's word.
    static let personNotices: [String: String] = [
        "profile": "doneProfile", "rate": "doneRate", "factor": "doneFactor", "requested": "doneRequested", "agreed": "doneAgreed",
        "erased": "doneErased", "withdrawn": "doneWithdrawn", "gone": "doneGone",
    ]

    private func personPage(
        _ view: DeskView, _ person: PersonProfile, session: BrowserSession, typed: [String: String] = [:], problem: PageProblem? = nil,
        done: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let format = view.format
        let isAdmin = session.account.roles.contains(.admin)
        let pending = isAdmin ? try await services.fourEyes.pendingChanges(personId: person.id) : []
        let history = try await services.rates.history(personId: person.id, page: PageRequest<DayPosition>(limit: 100))
        let billing = isAdmin ? try await services.people.billingDetails(personId: person.id) : nil
        let changes = try await personHistory(person.id, view: view, session: session)
        var canResetFactor = AccessPolicy.allows("resetUserSecondFactor", roles: session.account.roles) && person.id != session.account.id
        if canResetFactor { canResetFactor = try await services.auth.hasSecondFactor(person.id) }
        let model: [String: Any] = [
            "history": changes as Any, "canResetFactor": canResetFactor,
            "canExport": AccessPolicy.allows("exportUserData", roles: session.account.roles),
            "id": person.id.lowercasedString,
            "name": [person.academicTitle, person.firstName, person.lastName].compactMap { $0 }.joined(separator: " "),
            "email": person.email, "position": person.position ?? "", "phone": person.phone ?? "",
            "capacity": person.capacityHoursPerWeek.map { format.hours($0) } ?? "",
            "teams": person.teams.map { $0.name + ($0.leader ? " (\(view.text("roles.team_leader")))" : "") }.joined(separator: ", "),
            "active": view.text(person.isActive ? "activeYes" : "activeNo"),
            "contracts": person.contracts.map { contract in
                [
                    "type": contract.type.rawValue, "from": format.day(contract.validFrom),
                    "to": contract.validTo.map { format.day($0) } ?? "—",
                ] as [String: Any]
            },
            "rates": history.map { entry in
                [
                    "amount": format.money(entry.amount, currency: "CZK"), "from": format.day(entry.effectiveFrom),
                    "reason": entry.reason ?? "", "setBy": entry.setBy.map { $0.firstName + " " + $0.lastName } ?? "",
                    "corrections": entry.supersedes.map { old in
                        [
                            "amount": format.money(old.amount, currency: "CZK"), "from": format.day(old.effectiveFrom), "reason": old.reason ?? "",
                        ] as [String: Any]
                    },
                ] as [String: Any]
            },
            "hasRates": !history.isEmpty,
            "billing": billing.map { details in
                [
                    "ico": details.ico ?? "—", "dic": details.dic ?? "—",
                    "account": details.bankAccount.map { ($0.domestic.map { $0 + " · " } ?? "") + $0.ibanPrinted } ?? "—",
                ] as [String: Any]
            } as Any,
            "canAddRate": AccessPolicy.allows("addUserRate", roles: session.account.roles), "csrf": view.formToken,
            "canEdit": AccessPolicy.allows("updateUser", roles: session.account.roles),
            "typed": typed, "problem": problem.map { Self.model($0, language: view.language) } as Any,
            "done": done.flatMap { Self.personNotices[$0] }.map { view.text($0) } as Any,
            "hasPending": !pending.isEmpty,
            "pending": pending.map { request in
                [
                    "changeId": request.change.id.lowercasedString, "what": view.text("adminChange." + request.change.kind.rawValue),
                    "askedBy": request.askedBy.name, "at": format.instant(request.change.requestedAt),
                    "until": format.instant(request.change.expiresAt), "mine": request.change.requestedBy == session.account.id,
                    "personId": person.id.lowercasedString, "csrf": view.formToken,
                ] as [String: Any]
            },
        ]
        return DeskPage(title: person.firstName + " " + person.lastName, template: "person", model: model, status: status)
            .response(view, library: library)
    }
}
