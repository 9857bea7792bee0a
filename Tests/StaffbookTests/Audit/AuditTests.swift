import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP

@Suite("The audit log")
struct AuditTests {
    struct Entry: Decodable {
        struct Person: Decodable { var id: String; var name: String }
        struct Change: Decodable { var field: String; var from: String?; var to: String? }
        var id: String
        var kind: String
        var action: String
        var person: Person
        var actor: Person?
        var requestId: String?
        var changes: [Change]
    }

    struct List: Decodable {
        var items: [Entry]
        var nextCursor: String?
    }

    static let requestId = HTTPField.Name("X-Request-Id")!

    @Test func eachChangeIsOneRowWithItsActorRequestAndBeforeAfterAndOnlyAdminsReadIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let bearer: HTTPFields = [.authorization: "Bearer \(admin)"]
            let settings = try await app.execute(
                "/v1/settings/payments", method: .put, headers: bearer,
                json: #"{"name":"Staffbook s.r.o.","account":"2000100027/2010","format":"abo","unmatchedAfterDays":5}"#)
            let rate = try await app.execute(
                "/v1/users/\(Demo.janNovak)/rates", method: .post, headers: bearer,
                json: #"{"amount":"990.00","effectiveFrom":"2027-03-01","reason":"A new year"}"#)
            let jan = try await app.token("jan.novak@staffbook.example")
            let signedOut = try await app.execute("/v1/auth/logout", method: .post, headers: [.authorization: "Bearer \(jan)"])
            #expect(settings.status == .ok && rate.status == .created && signedOut.status == .noContent, "\(rate.text)")

            let all = try await app.get("/v1/audit?limit=100", token: admin).decode(List.self).items
            let setting = all.filter { $0.kind == "setting" }
            let rates = all.filter { $0.kind == "hourly_rate" && $0.person.id == Demo.janNovak.uuidString.lowercased() }
            let sessions = all.filter { $0.kind == "session" }
            #expect(setting.count == 1 && setting.first?.action == "payments" && setting.first?.requestId == settings.headers[Self.requestId])
            #expect(setting.first?.changes.contains { $0.field == "account" && $0.from == nil && $0.to?.contains("2000100027") == true } == true)
            #expect(rates.count == 1 && rates.first?.actor?.name == "Alena Dvořáková" && rates.first?.requestId == rate.headers[Self.requestId])
            #expect(sessions.count == 1 && sessions.first?.action == "logout" && sessions.first?.person.name == "Jan Novák")

            let onlyJan = try await app.get("/v1/audit?personId=\(Demo.janNovak)&kind=session&kind=hourly_rate", token: admin)
                .decode(List.self).items
            #expect(onlyJan.map(\.kind).sorted() == ["hourly_rate", "session"])
            let later = try await app.get("/v1/audit?from=2099-01-01T00:00:00Z", token: admin).decode(List.self).items
            #expect(later.isEmpty)
            let first = try await app.get("/v1/audit?limit=1", token: admin).decode(List.self)
            let second = try await app.get("/v1/audit?limit=1&cursor=\(first.nextCursor ?? "")", token: admin).decode(List.self)
            #expect(first.items.first?.id == all.first?.id && second.items.first?.id == all.dropFirst().first?.id, "pages follow the log")

            let csv = try await app.get("/v1/audit/export?kind=setting", token: admin)
            #expect(csv.status == .ok && csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.text.contains("id,at,kind,entity_id,action,person_id,person,actor_id,actor,request_id,field,from,to"))
            #expect(csv.text.contains(",setting,") && csv.text.contains(",account,,") && !csv.text.contains(",session,"))

            let bad = try await app.get("/v1/audit?personId=nobody&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", token: admin)
            #expect(bad.status == .badRequest && bad.text.contains("query.personId") && bad.text.contains("query.to"))
            for email in ["jan.novak@staffbook.example", "lead.mobile@staffbook.example"] {
                let token = try await app.token(email)
                #expect(try await app.get("/v1/audit", token: token).status == .notFound)
                #expect(try await app.get("/v1/audit/export", token: token).status == .notFound)
            }
        }
    }

    /// One change of each kind through the API, each found once in `GET /v1/audit` with its actor,
    /// its request and before → after.
    @Test func aChangeOfEveryKindIsOneRowWithItsRequestAndBeforeAfter() async throws {
        try await TestApp.test { app in
            let (admin, payables) = try await app.payableSeptember(1)
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            var requests: [String: String] = [:]
            func change(_ kind: String, _ response: TestResponse, _ expected: HTTPResponse.Status, label: String? = nil) {
                #expect(response.status == expected, "\(kind): \(response.text)")
                requests[label ?? kind] = response.headers[Self.requestId]
            }
            change(
                "account", try await app.send(.patch, "/v1/users/\(Demo.ondrejChalupa)", token: admin, json: #"{"position":"Architekt"}"#,
                    headers: [.ifMatch: "*"]), .ok)
            change(
                "contract", try await app.send(.post, "/v1/users/\(Demo.ondrejChalupa)/contracts", token: admin,
                    json: #"{"type":"DPP","validFrom":"2020-01-01","validTo":"2020-02-01"}"#), .created)
            change(
                "hourly_rate", try await app.send(.post, "/v1/users/\(Demo.janNovak)/rates", token: admin,
                    json: #"{"amount":"990.00","effectiveFrom":"2027-03-01","reason":"A new year"}"#), .created)
            change(
                "team_membership", try await app.send(.put, "/v1/teams/\(Demo.webTeam)/members/\(Demo.janNovak)", token: admin,
                    json: #"{"leader":false}"#), .ok)
            change(
                "account", try await app.send(.put, "/v1/me/billing", token: petra,
                    json: #"{"ico":"12345679","bankAccount":"CZ6508000000192000145399"}"#), .ok, label: "account billing")
            change(
                "invoice", try await app.send(.post, "/v1/invoices/\(DeskTests.october)/actions/return", token: admin,
                    json: #"{"reason":"Chybí podpis"}"#, headers: [.ifMatch: "*"]), .ok)
            change("payment_run", try await app.createRun(admin, ids: [payables[0].invoiceId]), .created)
            change(
                "personal_access_token", try await app.send(.post, "/v1/me/tokens", token: jan, json: #"{"name":"Kostka","scopes":["timer"]}"#),
                .created)
            change("second_factor", try await app.send(.post, "/v1/me/second-factor", token: jan), .created)
            change("session", try await app.send(.post, "/v1/auth/logout", token: jan), .noContent)

            let all = try await app.get("/v1/audit?limit=100", token: admin).decode(List.self).items
            for (label, requestId) in requests.sorted(by: { $0.key < $1.key }) {
                let kind = String(label.prefix { $0 != " " })
                let rows = all.filter { $0.requestId == requestId && $0.kind == kind }
                #expect(rows.count == 1, "\(kind): one row for its request, found \(rows.count)")
                #expect(rows.first?.actor != nil && rows.first?.changes.isEmpty == false, "\(kind): who, and before → after")
            }
            let returned = all.first { $0.kind == "invoice" && $0.requestId == requests["invoice"] }
            #expect(returned?.changes.first { $0.field == "state" }.map { [$0.from, $0.to] } == ["submitted", "returned"])
            let position = all.first { $0.kind == "account" && $0.requestId == requests["account"] }
            #expect(position?.changes.contains { $0.field == "position" && $0.to == "Architekt" } == true)
            #expect(all.contains { $0.kind == "setting" && $0.action == "payments" }, "the payment settings saved first")
            let secrets = try await app.sql("SELECT count(*)::text FROM audit_log WHERE changes::text ~ 'sbp_|secret'")
            #expect(secrets == ["0"], "no token value or secret is ever written")
        }
    }

    @Test func theDeskShowsTheLogWithFiltersAndAPersonsPageTheirLatestChanges() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            _ = try await app.execute("/v1/auth/logout", method: .post, headers: [.authorization: "Bearer \(jan)"])
            let page = try await admin.get("/desk/audit?kind=session")
            #expect(page.status == .ok && page.text.contains("session: logout") && page.text.contains("Jan Novák"))
            #expect(page.text.contains("/v1/audit/export?kind=session"), "the CSV of what is shown")
            let person = try await admin.get("/desk/people/\(Demo.janNovak)")
            #expect(person.text.contains("<h2 id=\"history\">History</h2>") && person.text.contains("session: logout"))
            let wrong = try await admin.get("/desk/audit?from=yesterday")
            #expect(wrong.status == .badRequest && wrong.text.contains("A date as YYYY-MM-DD.") && wrong.text.contains("value=\"yesterday\""))

            let leader = DeskBrowser(app)
            try await leader.signIn("lead.mobile@staffbook.example")
            #expect(try await leader.get("/desk/audit").status == .notFound)
            let member = try await leader.get("/desk/people/\(Demo.janNovak)")
            #expect(member.status == .ok && !member.text.contains("id=\"history\""), "a leader sees the member, not their history")
        }
    }
}
