import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Sessions and sign-out")
struct SessionTests {
    private struct Sessions: Decodable {
        struct Item: Decodable { var id: String; var client: String; var current: Bool }
        var items: [Item]
    }

    @Test func logoutEndsTheSessionAtOnce() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")

            let logout = try await app.execute("/v1/auth/logout", method: .post, headers: [.authorization: "Bearer \(tokens.accessToken)"])

            #expect(logout.status == .noContent)
            #expect(try await app.refresh(tokens.refreshToken).status == .unauthorized)
            #expect(try await app.get("/v1/me", token: tokens.accessToken).status == .unauthorized)
        }
    }

    @Test func logoutWithoutATokenAnswers401() async throws {
        try await TestApp.test { app in
            let response = try await app.execute("/v1/auth/logout", method: .post)

            #expect(response.status == .unauthorized)
        }
    }

    @Test func theSessionListShowsEveryActiveDeviceAndWhichIsCurrent() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            _ = try await app.execute(
                "/v1/auth/password", method: .post, headers: [.userAgent: "Staffbook/1.4 (Pixel 8)"],
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)"}"#
            )
            app.clock.advance(by: 60)
            let phone = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"jana@staffbook.test","password":"\#(TestContext.password)","client":"iPhone 15"}"#
            ).decode(TestContext.Tokens.self)

            let sessions = try await app.get("/v1/me/sessions", token: phone.accessToken).decode(Sessions.self)

            #expect(sessions.items.map(\.client) == ["iPhone 15", "Staffbook/1.4 (Pixel 8)"])
            #expect(sessions.items.map(\.current) == [true, false])
        }
    }

    @Test func endingOneOfMySessionsStopsItsRefreshToken() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let laptop = try await app.signIn("jana@staffbook.test")
            let phone = try await app.signIn("jana@staffbook.test")
            let laptopSession = try await app.get("/v1/me/sessions", token: phone.accessToken)
                .decode(Sessions.self).items.first { !$0.current }!

            let response = try await app.execute(
                "/v1/me/sessions/\(laptopSession.id)", method: .delete, headers: [.authorization: "Bearer \(phone.accessToken)"]
            )

            #expect(response.status == .noContent)
            #expect(try await app.refresh(laptop.refreshToken).status == .unauthorized)
            #expect(try await app.refresh(phone.refreshToken).status == .ok)
        }
    }

    @Test func anotherPersonsSessionAnswers404AndStaysActive() async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            try await app.createAccount(email: "petr@staffbook.test", firstName: "Petr", lastName: "Svoboda", roles: [.admin])
            let jana = try await app.signIn("jana@staffbook.test")
            let petr = try await app.signIn("petr@staffbook.test")
            let janasSession = try await app.get("/v1/me/sessions", token: jana.accessToken).decode(Sessions.self).items[0]

            let response = try await app.execute(
                "/v1/me/sessions/\(janasSession.id)", method: .delete, headers: [.authorization: "Bearer \(petr.accessToken)"]
            )

            #expect(response.status == .notFound)
            #expect(response.problem?.type == "urn:staffbook:problem:not-found")
            #expect(try await app.refresh(jana.refreshToken).status == .ok)
        }
    }

    @Test(arguments: ["not-a-uuid", "00000000-0000-0000-0000-000000000000"])
    func anUnknownSessionIdAnswers404(id: String) async throws {
        try await TestApp.test { app in
            try await app.createAccount(email: "jana@staffbook.test")
            let tokens = try await app.signIn("jana@staffbook.test")

            let response = try await app.execute("/v1/me/sessions/\(id)", method: .delete, headers: [.authorization: "Bearer \(tokens.accessToken)"])

            #expect(response.status == .notFound)
        }
    }
}
