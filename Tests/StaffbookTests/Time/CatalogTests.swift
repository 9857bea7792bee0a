import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Clients and projects")
struct CatalogTests {
    typealias API = TimeAPI

    struct Client: Decodable {
        var id: String
        var name: String
        var billingAddress: String?
        var active: Bool
    }
    struct Project: Decodable {
        var id: String
        var client: API.Ref
        var name: String
        var billable: Bool
        var hourlyPrice: String?
        var active: Bool
        var teamIds: [String]
    }
    struct Projects: Decodable {
        var items: [Project]
        var nextCursor: String?
    }

    @Test func adminsKeepOneClientPerNameIgnoringCaseAndAccents() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let created = try await app.send(
                .post, "/v1/clients", token: admin, json: #"{"name":" Komerční banka ","billingAddress":"Na Příkopě 33, 114 07 Praha 1"}"#)
            let same = try await app.send(.post, "/v1/clients", token: admin, json: #"{"name":"KOMERCNI banka"}"#, headers: [.acceptLanguage: "cs"])
            let id = try created.decode(Client.self).id
            let etag = try #require(created.headers[.eTag])
            let renameOnto = try await app.send(
                .patch, "/v1/clients/\(id)", token: admin, json: #"{"name":"škoda DIGITAL"}"#, headers: [.ifMatch: etag])
            let noIfMatch = try await app.send(.patch, "/v1/clients/\(id)", token: admin, json: #"{"name":"KB"}"#)
            let renamed = try await app.send(
                .patch, "/v1/clients/\(id)", token: admin, json: #"{"name":"KB","billingAddress":""}"#, headers: [.ifMatch: etag])
            let stale = try await app.send(.patch, "/v1/clients/\(id)", token: admin, json: #"{"active":false}"#, headers: [.ifMatch: etag])

            #expect(created.status == .created)
            #expect(try created.decode(Client.self).name == "Komerční banka", "trimmed")
            #expect(same.status == .conflict)
            #expect(same.problem?.type == "urn:staffbook:problem:client-name-taken")
            #expect(renameOnto.problem?.type == "urn:staffbook:problem:client-name-taken")
            #expect(noIfMatch.status.code == 428)
            #expect(renamed.status == .ok, "\(renamed.text)")
            #expect(try renamed.decode(Client.self).name == "KB")
            #expect(try renamed.decode(Client.self).billingAddress == nil, "an empty address clears it")
            #expect(stale.status == .preconditionFailed)
        }
    }

    @Test func leadersManageTheirTeamsProjectsAndWorkersSeeOnlyWhatTheyMayUse() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let lead = try await app.token("lead.mobile@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let ondrej = try await app.token("ondrej.chalupa@staffbook.example")
            let bank = "00000000-0000-4000-a000-000000000002"  // Česká spořitelna

            let created = try await app.send(
                .post, "/v1/projects", token: lead,
                json: #"{"clientId":"\#(bank)","name":"Platby","hourlyPrice":"1300","teamIds":["\#(Demo.mobileTeam)"]}"#)
            let otherTeam = try await app.send(
                .post, "/v1/projects", token: lead, json: #"{"clientId":"\#(bank)","name":"Web","teamIds":["\#(Demo.webTeam)"]}"#)
            let noTeam = try await app.send(.post, "/v1/projects", token: lead, json: #"{"clientId":"\#(bank)","name":"Pro všechny"}"#)
            let sameName = try await app.send(
                .post, "/v1/projects", token: lead,
                json: #"{"clientId":"\#(bank)","name":"mobilni BANKOVNICTVI","teamIds":["\#(Demo.mobileTeam)"]}"#)
            let platby = try created.decode(Project.self)
            let janSees = try await app.send(.get, "/v1/projects?limit=100", token: jan).decode(Projects.self)
            let ondrejSees = try await app.send(.get, "/v1/projects?limit=100", token: ondrej).decode(Projects.self)
            let closed = try await app.send(
                .patch, "/v1/projects/\(platby.id)", token: lead, json: #"{"active":false}"#,
                headers: [.ifMatch: try #require(created.headers[.eTag])])
            let onClosed = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: API.json(projectId: try #require(UUID(uuidString: platby.id)), "2026-11-16", "09:00", "10:00"))
            let janSeesLater = try await app.send(.get, "/v1/projects?limit=100", token: jan).decode(Projects.self)

            #expect(created.status == .created, "\(created.text)")
            #expect(platby.client.name == "Česká spořitelna" && platby.billable && platby.hourlyPrice == "1300.00")
            #expect(platby.teamIds == [Demo.mobileTeam.uuidString.lowercased()])
            #expect(otherTeam.problem?.errors?.map(\.code) == ["not_led"], "only teams they lead")
            #expect(noTeam.problem?.errors?.map(\.field) == ["body.teamIds"], "a project for everyone is the admins' to make")
            #expect(sameName.status == .conflict)
            #expect(sameName.problem?.type == "urn:staffbook:problem:project-name-taken")
            #expect(janSees.items.map(\.name).contains("Platby"))
            #expect(janSees.items.map(\.name).contains("Interní"))
            #expect(!janSees.items.map(\.name).contains("Konfigurátor vozů"))
            #expect(janSees.items.allSatisfy { $0.hourlyPrice == nil }, "prices are for leaders and admins")
            #expect(!ondrejSees.items.map(\.name).contains("Platby"))
            #expect(closed.status == .ok)
            #expect(onClosed.status == .unprocessableContent)
            #expect(onClosed.problem?.type == "urn:staffbook:problem:project-unavailable")
            #expect(!janSeesLater.items.map(\.name).contains("Platby"))
        }
    }
}
