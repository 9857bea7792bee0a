import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("People list")
struct PeopleListTests {
    private struct List: Decodable {
        struct Item: Decodable { var id: String; var firstName: String; var lastName: String; var active: Bool }
        var items: [Item]
        var nextCursor: String?
    }

    @Test func adminsSeeEveryoneInCzechOrder() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let list = try await app.send(.get, "/v1/users?limit=100", token: token).decode(List.self)

            let names = list.items.map(\.lastName)
            #expect(names.count == 30)
            // C < Č, H < Ch < I, R < Ř, S < Š, Z < Ž.
            #expect(names.firstIndex(of: "Cibulka")! < names.firstIndex(of: "Čermák")!)
            #expect(names.firstIndex(of: "Černý")! < names.firstIndex(of: "Doležal")!)
            #expect(names.firstIndex(of: "Horáková")! < names.firstIndex(of: "Chalupa")!)
            #expect(names.firstIndex(of: "Chládková")! < names.firstIndex(of: "Králová")!)
            #expect(names.firstIndex(of: "Růžička")! < names.firstIndex(of: "Řehák")!)
            #expect(names.firstIndex(of: "Svobodová")! < names.firstIndex(of: "Ševčíková")!)
            #expect(names.suffix(2) == ["Zeman", "Žák"])
        }
    }

    @Test(arguments: [("novak", ["Novák", "Nováková"]), ("NOVÁ", ["Novák", "Nováková"]), ("sarka", ["Šimková"]),
                      ("jan novak", ["Novák"]), ("novák jan", ["Novák"]), ("100%_", []), ("'; DROP TABLE accounts; --", []),
                      ("novák\njan", ["Novák"]), ("novák\nnovák", [])])
    func searchIgnoresCaseAndDiacritics(query: String, expected: [String]) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

            let response = try await app.send(.get, "/v1/users?q=\(encoded)", token: token)

            #expect(response.status == .ok)
            #expect(try response.decode(List.self).items.map(\.lastName) == expected)
        }
    }

    @Test func searchKeepsTheCallersScopeTheFiltersAndTheCursor() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let leader = try await app.token("lead.mobile@staffbook.example")
            let all = try await app.send(.get, "/v1/users?q=ova&limit=100", token: admin).decode(List.self)

            let led = try await app.send(.get, "/v1/users?q=ova", token: leader).decode(List.self)
            let inTeam = try await app.send(.get, "/v1/users?q=ova&teamId=\(Demo.mobileTeam.uuidString)", token: admin).decode(List.self)
            let inactive = try await app.send(.get, "/v1/users?q=b&active=false", token: admin).decode(List.self)
            var paged: [String] = []
            var cursor: String?
            repeat {
                let page = try await app.send(.get, "/v1/users?q=ova&limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: admin)
                    .decode(List.self)
                paged += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil

            #expect(all.items.count > 2)
            #expect(all.items.map(\.lastName).contains("Nováková"))
            #expect(led.items.map(\.lastName) == ["Novák", "Svobodová"])
            #expect(inTeam.items.map(\.lastName) == ["Novák", "Svobodová"])
            #expect(inactive.items.map(\.lastName) == ["Bývalý"])
            #expect(paged == all.items.map(\.id))
        }
    }

    @Test func filtersByActiveAndTeam() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let inactive = try await app.send(.get, "/v1/users?active=false", token: token).decode(List.self)
            let mobile = try await app.send(.get, "/v1/users?teamId=\(Demo.mobileTeam.uuidString)", token: token).decode(List.self)

            #expect(inactive.items.map(\.lastName) == ["Bývalý"])
            #expect(mobile.items.map(\.lastName) == ["Černý", "Dvořák", "Fiala", "Novák", "Růžička", "Svobodová"])
        }
    }

    @Test func aTeamLeaderSeesOnlyTheMembersOfTheTeamsTheyLead() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("lead.mobile@staffbook.example")

            let list = try await app.send(.get, "/v1/users", token: token).decode(List.self)

            #expect(list.items.map(\.lastName) == ["Černý", "Dvořák", "Fiala", "Novák", "Růžička", "Svobodová"])
        }
    }

    @Test func aWorkerCannotListPeople() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let response = try await app.send(.get, "/v1/users", token: token)

            #expect(response.status == .notFound)
        }
    }

    @Test func cursorPagingWalksEveryoneOnceWithLinkHeaders() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            var seen: [String] = []
            var uri: String? = "/v1/users?limit=7&active=true"
            var pages = 0

            while let next = uri {
                let response = try await app.send(.get, next, token: token)
                let page = try response.decode(List.self)
                seen += page.items.map(\.id)
                pages += 1
                if let cursor = page.nextCursor {
                    let link = try #require(response.headers[HTTPField.Name("Link")!])
                    #expect(link.hasPrefix("</v1/users?limit=7&active=true&cursor="))
                    #expect(link.hasSuffix(#">; rel="next""#))
                    #expect(link.contains(cursor))
                    uri = String(link.dropFirst().prefix { $0 != ">" })
                } else {
                    #expect(response.headers[HTTPField.Name("Link")!] == nil)
                    uri = nil
                }
            }

            #expect(pages == 5)
            #expect(seen.count == 29)
            #expect(Set(seen).count == 29)
        }
    }

    @Test func offsetPagingIsAcceptedToo() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let all = try await app.send(.get, "/v1/users?limit=30", token: token).decode(List.self)
            let page = try await app.send(.get, "/v1/users?limit=5&offset=10", token: token).decode(List.self)

            #expect(page.items.map(\.id) == Array(all.items[10..<15]).map(\.id))
        }
    }

    @Test(arguments: ["limit=0", "limit=101", "limit=abc", "cursor=garbage", "offset=-1", "cursor=eyJ4IjoxfQ", "active=maybe"])
    func invalidPagingAnswers400(query: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(.get, "/v1/users?\(query)", token: token, headers: [.acceptLanguage: "cs"])

            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }
}
