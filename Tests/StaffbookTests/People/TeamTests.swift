import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Teams")
struct TeamTests {
    private struct Team: Decodable {
        struct Member: Decodable { var id: String; var lastName: String; var leader: Bool }
        var id: String; var name: String; var members: [Member]
    }
    private struct Teams: Decodable { var items: [Team] }

    @Test func anAdminCreatesRenamesAndStaffsATeam() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let created = try await app.send(.post, "/v1/teams", token: token, json: #"{"name":"Data"}"#).decode(Team.self)
            let duplicate = try await app.send(.post, "/v1/teams", token: token, json: #"{"name":"mobile"}"#)
            let renamed = try await app.send(.patch, "/v1/teams/\(created.id)", token: token, json: #"{"name":"Data & AI"}"#)
            _ = try await app.send(.put, "/v1/teams/\(created.id)/members/\(Demo.petraSvobodova)", token: token, json: #"{"leader":true}"#)
            let staffed = try await app.send(.put, "/v1/teams/\(created.id)/members/\(Demo.janNovak)", token: token, json: #"{"leader":false}"#)
            let removed = try await app.send(.delete, "/v1/teams/\(created.id)/members/\(Demo.janNovak)", token: token)
            let removedAgain = try await app.send(.delete, "/v1/teams/\(created.id)/members/\(Demo.janNovak)", token: token)

            #expect(duplicate.status == .conflict)
            #expect(duplicate.problem?.type == "urn:staffbook:problem:team-name-taken")
            #expect(try renamed.decode(Team.self).name == "Data & AI")
            let members = try staffed.decode(Team.self).members
            #expect(members.map(\.lastName) == ["Novák", "Svobodová"])
            #expect(members.map(\.leader) == [false, true])
            #expect(try removed.decode(Team.self).members.map(\.lastName) == ["Svobodová"])
            #expect(removedAgain.status == .notFound)
        }
    }

    @Test func aNewLeaderSeesTheirTeamAtOnce() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.send(.put, "/v1/teams/\(Demo.webTeam)/members/\(Demo.petraSvobodova)", token: admin, json: #"{"leader":true}"#)
            _ = try await app.send(
                .patch, "/v1/users/\(Demo.petraSvobodova)", token: admin, json: #"{"roles":["team_leader"]}"#,
                headers: [.ifMatch: "*"]
            )
            let petra = try await app.token("petra.svobodova@staffbook.example")

            let teams = try await app.send(.get, "/v1/teams", token: petra).decode(Teams.self)
            let chalupa = try await app.send(.get, "/v1/users/\(Demo.ondrejChalupa)", token: petra)

            #expect(teams.items.map(\.name) == ["Web"])
            #expect(chalupa.status == .ok)
        }
    }

    @Test func teamsAreListedByNameForAdminsAndOnlyTheirOwnForLeaders() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()

            let all = try await app.send(.get, "/v1/teams", token: try await app.token("admin@staffbook.example")).decode(Teams.self)
            let mobile = try await app.send(.get, "/v1/teams", token: try await app.token("lead.mobile@staffbook.example")).decode(Teams.self)

            #expect(all.items.map(\.name) == ["Backend", "Design", "Mobile", "Web"])
            #expect(mobile.items.map(\.name) == ["Mobile"])
        }
    }

    @Test(arguments: [UUID().uuidString, "not-a-uuid"])
    func unknownTeamsOrPeopleAnswer404(id: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let team = try await app.send(.put, "/v1/teams/\(id)/members/\(Demo.janNovak)", token: token, json: #"{"leader":false}"#)
            let person = try await app.send(.put, "/v1/teams/\(Demo.webTeam)/members/\(id)", token: token, json: #"{"leader":false}"#)

            #expect(team.status == .notFound)
            #expect(person.status == .notFound)
        }
    }
}
