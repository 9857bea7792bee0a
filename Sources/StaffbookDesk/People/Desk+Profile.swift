import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// Editing a person's profile: `PATCH /v1/users/{id}` as a form, with the page's version for
/// `If-Match`. A refused or stale form comes back with what was typed.
extension Desk {
    /// The form's fields, in the order the page shows them.
    static let profileFields = ["academicTitle", "firstName", "lastName", "position", "capacityHoursPerWeek", "phone", "personalEmail"]

    func editProfile(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "updateUser")
        let person = try await visiblePerson(id, session: session)
        return profileForm(view, person, typed: Self.typed(person, format: view.format), version: person.version)
    }

    func saveProfile(_ view: DeskView, id: String?, request: Request) async throws -> Response {
        let session = try require(view, "updateUser")
        let fields = try await form(request, view: view)
        let person = try await visiblePerson(id, session: session)
        var typed: [String: Any] = [:]
        for name in Self.profileFields { typed[name] = String((fields[name] ?? "").prefix(300)) }
        let roles = [Role.teamLeader, .admin].filter { fields["role." + $0.rawValue] == "on" }
        for role in roles { typed["is_" + role.rawValue] = true }
        let language = fields["language"].flatMap(Language.init(rawValue:))
        typed["lang_" + (language ?? person.language).rawValue] = true
        guard let version = fields["version"].flatMap({ Int($0) }) else {
            return profileForm(view, person, typed: typed, version: person.version, stale: true)
        }
        do {
            let capacity = (typed["capacityHoursPerWeek"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            let changes = try PeoplePageInput.profile(
                firstName: typed["firstName"] as? String, lastName: typed["lastName"] as? String,
                academicTitle: typed["academicTitle"] as? String, position: typed["position"] as? String,
                // A capacity left empty stays as it is (the API cannot clear one); one that is
                // not a number fails the range check in the API's words.
                capacityHoursPerWeek: capacity.map { Double($0.replacingOccurrences(of: ",", with: ".")) ?? .nan },
                phone: typed["phone"] as? String, personalEmail: typed["personalEmail"] as? String,
                roles: ([Role.worker] + roles).map(\.rawValue), language: language)
            switch try await services.people.update(
                id: person.id, condition: .oneOf([version]), changes: changes, by: session.account.id, fourEyes: services.fourEyes.settings,
                now: services.clock.now())
            {
            case .notFound: throw DeskRefusal.notFound
            case .stale: return profileForm(view, person, typed: typed, version: person.version, stale: true, status: .preconditionFailed)
            case .written: return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=profile")
            case .requested: return DeskPage.redirect("/desk/people/\(person.id.lowercasedString)?done=requested")
            }
        } catch {
            let problem = try shownRefusal(error, view)
            return profileForm(view, person, typed: typed, version: version, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
    }

    private static func typed(_ person: PersonProfile, format: DeskFormat) -> [String: Any] {
        var typed: [String: Any] = [
            "academicTitle": person.academicTitle ?? "", "firstName": person.firstName, "lastName": person.lastName,
            "position": person.position ?? "", "capacityHoursPerWeek": person.capacityHoursPerWeek.map { "\($0)" } ?? "",
            "phone": person.phone ?? "", "personalEmail": person.personalEmail ?? "", "lang_" + person.language.rawValue: true,
        ]
        for role in person.roles { typed["is_" + role.rawValue] = true }
        return typed
    }

    private func profileForm(
        _ view: DeskView, _ person: PersonProfile, typed: [String: Any], version: Int, stale: Bool = false, problem: PageProblem? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let model: [String: Any] = [
            "id": person.id.lowercasedString, "name": person.firstName + " " + person.lastName, "email": person.email,
            "csrf": view.formToken, "version": version, "typed": typed, "stale": stale,
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
        ]
        return DeskPage(title: view.text("editProfile"), template: "profile", model: model, status: status).response(view, library: library)
    }
}
