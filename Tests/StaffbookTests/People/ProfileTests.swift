import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Profiles and their changes")
struct ProfileTests {
    struct Profile: Decodable {
        struct Rate: Decodable { var amount: String; var effectiveFrom: String }
        struct Contract: Decodable { var id: String; var type: String; var validFrom: String; var validTo: String? }
        var id: String
        var firstName: String
        var lastName: String
        var academicTitle: String?
        var phone: String?
        var capacityHoursPerWeek: Double?
        var roles: [String]
        var active: Bool
        var contracts: [Contract]
        var currentRate: Rate?
        var upcomingRate: Rate?
    }

    @Test func everyoneReadsTheirOwnProfileFromMeWithoutKnowingTheirId() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            struct Me: Decodable {
                var id: String; var email: String; var firstName: String; var lastName: String; var academicTitle: String?
                var position: String?; var capacityHoursPerWeek: Double?; var phone: String?; var personalEmail: String?
                var language: String; var roles: [String]
            }
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.send(
                .patch, "/v1/users/\(Demo.janNovak)", token: admin,
                json: #"{"academicTitle":"Ing.","personalEmail":"jan@example.org"}"#, headers: [.ifMatch: "*"]
            )
            _ = try await app.send(.put, "/v1/me/notification-preferences", token: token, json: #"{"language":"en","channels":{}}"#)

            let me = try await app.send(.get, "/v1/me", token: token)

            #expect(me.status == .ok, "\(me.text)")
            let body = try me.decode(Me.self)
            #expect(body.id == Demo.janNovak.uuidString.lowercased())
            #expect(body.email == "jan.novak@staffbook.example")
            #expect(body.phone == "+420 601 000 004")
            #expect(body.position == "iOS developer")
            #expect(body.capacityHoursPerWeek == 40)
            #expect(body.academicTitle == "Ing.")
            #expect(body.personalEmail == "jan@example.org")
            #expect(body.language == "en")
            #expect(body.roles == ["worker"])
            #expect(!me.text.contains("password"))
        }
    }

    /// 2026-11-18 in the test clock: rates of 2026-01-01 are current, 2027-01-01 upcoming.
    @Test func aTeamLeaderSeesAMembersProfileWithTheCurrentRate() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("lead.mobile@staffbook.example")

            let response = try await app.send(.get, "/v1/users/\(Demo.janNovak)", token: token)

            #expect(response.status == .ok)
            #expect(response.headers[.eTag]?.hasPrefix("\"v") == true)
            let profile = try response.decode(Profile.self)
            #expect(profile.lastName == "Novák")
            #expect(profile.currentRate?.amount == "850.00")
            #expect(profile.currentRate?.effectiveFrom == "2026-01-01")
            #expect(profile.upcomingRate?.amount == "900.00")
            #expect(profile.contracts.map(\.type) == ["HPP", "ICO"])
        }
    }

    @Test(arguments: [
        ("jan.novak@staffbook.example", Demo.janNovak, HTTPResponse.Status.ok),
        ("jan.novak@staffbook.example", Demo.petraSvobodova, .notFound),
        ("lead.mobile@staffbook.example", Demo.ondrejChalupa, .notFound),
        ("lead.mobile@staffbook.example", Demo.mobileLead, .ok),
        ("lead.web@staffbook.example", Demo.janNovak, .ok),
        ("admin@staffbook.example", Demo.formerEmployee, .ok),
        ("admin@staffbook.example", UUID(), .notFound),
    ])
    func whoSeesWhichProfile(email: String, target: UUID, expected: HTTPResponse.Status) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token(email)

            let profile = try await app.send(.get, "/v1/users/\(target)", token: token)
            let rates = try await app.send(.get, "/v1/users/\(target)/rates", token: token)

            #expect(profile.status == expected)
            #expect(rates.status == expected)
            if expected == .notFound {
                #expect(!profile.text.contains("@staffbook.example"))
                #expect(!rates.text.contains("amount"))
                #expect(profile.problem?.type == "urn:staffbook:problem:not-found")
            }
        }
    }

    @Test func myRateShowsTheCurrentAndTheUpcomingRate() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let response = try await app.send(.get, "/v1/me/rate", token: token)

            #expect(response.status == .ok)
            let body = try response.decode([String: Profile.Rate].self)
            #expect(body["current"]?.amount == "850.00")
            #expect(body["upcoming"]?.effectiveFrom == "2027-01-01")
        }
    }

    @Test func anAdminCreatesAPersonWithContractRateRolesAndTeams() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users", token: token, json: """
                {"email":"nova.kolegyne@staffbook.example","firstName":"Ivana","lastName":"Nová","academicTitle":"Ing.",
                 "position":"Tester","capacityHoursPerWeek":37.5,"phone":"+420 777 123 456","roles":["team_leader"],
                 "teamIds":["\(Demo.webTeam)"],"contract":{"type":"ICO","validFrom":"2026-12-01"},
                 "rate":{"amount":"700.5","effectiveFrom":"2026-12-01"}}
                """)

            #expect(response.status == .created, "\(response.text)")
            let profile = try response.decode(Profile.self)
            #expect(response.headers[.location] == "/v1/users/\(profile.id)")
            #expect(response.headers[.eTag] == "\"v1\"")
            #expect(profile.roles == ["worker", "team_leader"])
            #expect(profile.capacityHoursPerWeek == 37.5)
            #expect(profile.upcomingRate?.amount == "700.50")
            #expect(profile.contracts.first?.type == "ICO")
            let signIn = try await app.send(.get, "/v1/users?q=nova&teamId=\(Demo.webTeam)", token: token)
            #expect(signIn.text.contains("Ivana"))
        }
    }

    @Test(arguments: [
        (#""email":"x","firstName":"A","lastName":"B""#, "body.email"),
        (#""email":"a@b.cz","firstName":" ","lastName":"B""#, "body.firstName"),
        (#""email":"a@b.cz","firstName":"A","lastName":"B","phone":"call me""#, "body.phone"),
        (#""email":"a@b.cz","firstName":"A","lastName":"B","capacityHoursPerWeek":81"#, "body.capacityHoursPerWeek"),
        (#""email":"a@b.cz","firstName":"A","lastName":"B","personalEmail":"nope""#, "body.personalEmail"),
    ])
    func invalidProfileFieldsAnswer400NamingTheField(fields: String, field: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users", token: token, json: """
                {\(fields),"contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"700","effectiveFrom":"2026-12-01"}}
                """)

            #expect(response.status == .badRequest)
            #expect(response.problem?.errors?.map(\.field) == [field])
        }
    }

    @Test(arguments: [
        (#"{"amount":"700.123","effectiveFrom":"2026-12-01"}"#, "body.rate.amount"),
        (#"{"amount":"-5","effectiveFrom":"2026-12-01"}"#, "body.rate.amount"),
        (#"{"amount":"0","effectiveFrom":"2026-12-01"}"#, "body.rate.amount"),
        (#"{"amount":"700","effectiveFrom":"2026-02-30"}"#, "body.rate.effectiveFrom"),
    ])
    func invalidRatesAnswer400(rate: String, field: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users", token: token, json: """
                {"email":"a@b.cz","firstName":"A","lastName":"B","contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":\(rate)}
                """)

            #expect(response.status == .badRequest)
            #expect(response.problem?.errors?.map(\.field) == [field])
        }
    }

    @Test func aTakenEmailAnswers409AndCreatesNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users", token: token, json: """
                {"email":"JAN.NOVAK@staffbook.example","firstName":"A","lastName":"B",
                 "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"700","effectiveFrom":"2026-12-01"}}
                """)

            #expect(response.status == .conflict)
            #expect(response.problem?.type == "urn:staffbook:problem:email-taken")
            let accounts = try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    try await connection.query("SELECT count(*) FROM accounts", logger: TestDatabase.logger).collect().first!.decode(Int.self)
                }
            }
            #expect(accounts == 30)
        }
    }

    @Test func patchNeedsIfMatchAndRefusesAStaleOne() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            let read = try await app.send(.get, "/v1/users/\(Demo.janNovak)", token: token)
            let etag = try #require(read.headers[.eTag])

            let missing = try await app.send(.patch, "/v1/users/\(Demo.janNovak)", token: token, json: #"{"position":"Lead iOS developer"}"#)
            let first = try await app.send(
                .patch, "/v1/users/\(Demo.janNovak)", token: token, json: #"{"position":"Lead iOS developer","academicTitle":""}"#,
                headers: [.ifMatch: etag]
            )
            let stale = try await app.send(
                .patch, "/v1/users/\(Demo.janNovak)", token: token, json: #"{"position":"Overwritten"}"#, headers: [.ifMatch: etag]
            )

            #expect(missing.status.code == 428)
            #expect(missing.problem?.type == "urn:staffbook:problem:precondition-required")
            #expect(first.status == .ok)
            #expect(first.headers[.eTag] != etag)
            #expect(stale.status == .preconditionFailed)
            #expect(stale.problem?.type == "urn:staffbook:problem:precondition-failed")
            let profile = try await app.send(.get, "/v1/users/\(Demo.janNovak)", token: token).decode(Profile.self)
            #expect(profile.academicTitle == nil)
            let audit = try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    try await connection.query(
                        "SELECT changed_by, changes::text FROM audit_log WHERE subject_id = \(Demo.janNovak) AND action = 'update'",
                        logger: TestDatabase.logger
                    ).collect().map { try $0.decode((UUID, String).self) }
                }
            }
            #expect(audit.count == 1)
            #expect(audit.first?.0 == Demo.admin)
            #expect(audit.first?.1.contains(#""position": {"to": "Lead iOS developer", "from": "iOS developer"}"#) == true)
        }
    }

    @Test func anAdminCannotDeactivateThemselvesButCanDeactivateAndReactivateOthers() async throws {
        try await TestApp.test(configure: { $0.auth.sessionStatusCacheTTL = .zero }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.signIn("jan.novak@staffbook.example", password: Demo.password)

            let selfDeactivation = try await app.send(.post, "/v1/users/\(Demo.admin)/deactivate", token: admin)
            let deactivated = try await app.send(.post, "/v1/users/\(Demo.janNovak)/deactivate", token: admin)
            let janAfter = try await app.send(.get, "/v1/me", token: jan.accessToken)
            let refreshAfter = try await app.refresh(jan.refreshToken)
            let reactivated = try await app.send(.post, "/v1/users/\(Demo.janNovak)/reactivate", token: admin)

            #expect(selfDeactivation.status == .conflict)
            #expect(selfDeactivation.problem?.type == "urn:staffbook:problem:cannot-deactivate-self")
            #expect(try deactivated.decode(Profile.self).active == false)
            #expect(janAfter.status == .unauthorized)
            #expect(refreshAfter.status == .unauthorized)
            #expect(try reactivated.decode(Profile.self).active == true)
            #expect(try await app.signIn("jan.novak@staffbook.example", password: Demo.password).accessToken.isEmpty == false)
        }
    }
}

