import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

/// The desk's people pages through real HTTP: who sees whom as the API shows them, a rate added
/// through the form, and a refused one shown again with what was typed.
@Suite("Desk: people")
struct DeskPeopleTests {
    @Test func anAdminFindsAPersonSeesTheirContractsRatesAndBillingAndAddsARate() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn("admin@staffbook.example")
            let person = "/desk/people/\(Demo.janNovak.lowercasedString)"

            let list = try await browser.get("/desk/people?q=novak&active=1")
            let page = try await browser.get(person)
            let refused = try await browser.post(
                person + "/rates", ["csrf": browser.token(of: page), "amount": "-5", "effectiveFrom": "2027-02-15", "reason": "<b>navýšení</b>"])
            let api = try await app.send(
                .post, "/v1/users/\(Demo.janNovak.lowercasedString)/rates", token: try await app.token("admin@staffbook.example"),
                json: #"{"amount":"-5","effectiveFrom":"2027-02-15"}"#)
            let added = try await browser.post(
                person + "/rates", ["csrf": browser.token(of: page), "amount": "1650.50", "effectiveFrom": "2027-02-15", "reason": "Roční navýšení"])
            let after = try await browser.get(added.headers[.location] ?? "")

            #expect(list.status == .ok && list.text.contains(">Jan Novák</a>") && !list.text.contains("Svobodová"))
            #expect(page.status == .ok && page.text.contains("ICO:") && page.text.contains("Hourly rates") && page.text.contains("Billing details"))
            #expect(refused.status.code == api.status.code && refused.status == .badRequest)
            let message = try #require(api.problem?.errors?.first?.message)
            #expect(
                refused.text.contains(message.replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "\"", with: "&quot;")),
                "\(message)")
            #expect(
                refused.text.contains("value=\"-5\"") && refused.text.contains("value=\"&lt;b&gt;navýšení&lt;/b&gt;\""),
                "what was typed is kept, as text")
            #expect(added.status == .seeOther)
            #expect(after.text.contains("CZK\u{00A0}1,650.50") && after.text.contains("Roční navýšení"))
            #expect(
                try await app.sql("SELECT amount::text FROM hourly_rates WHERE account_id = '\(Demo.janNovak)' AND effective_from = '2027-02-15'")
                    == ["1650.50"])
        }
    }

    @Test func aLeaderSeesTheirMembersOnlyAndNobodyButAnAdminAddsARate() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let leader = DeskBrowser(app)
            try await leader.signIn("lead.mobile@staffbook.example")
            let worker = DeskBrowser(app)
            try await worker.signIn("petra.svobodova@staffbook.example")
            let member = "/desk/people/\(Demo.janNovak.lowercasedString)"
            let stranger = "/desk/people/\(Demo.ondrejChalupa.lowercasedString)"

            let list = try await leader.get("/desk/people")
            let own = try await leader.get(member)
            let other = try await leader.get(stranger)
            let rate = try await leader.post(member + "/rates", ["csrf": leader.token(of: own), "amount": "2000", "effectiveFrom": "2027-02-15"])
            let workerList = try await worker.get("/desk/people")
            let workerSelf = try await worker.get("/desk/people/\(Demo.petraSvobodova.lowercasedString)")
            let workerOther = try await worker.get(member)

            #expect(list.status == .ok && list.text.contains("Jan Novák") && !list.text.contains("Ondřej Chalupa"))
            #expect(own.status == .ok && !own.text.contains("Add a rate") && !own.text.contains("Billing details"))
            #expect(other.status == .notFound && rate.status == .notFound)
            #expect(workerList.status == .notFound && workerSelf.status == .ok && workerOther.status == .notFound)
            #expect(try await app.sql("SELECT count(*)::text FROM hourly_rates WHERE effective_from = '2027-02-15'") == ["0"])
        }
    }

    @Test func anAdminEditsAProfileThroughTheFormAndARefusedOrStaleOneComesBackWithWhatWasTyped() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            try await browser.signIn("admin@staffbook.example")
            let person = "/desk/people/\(Demo.janNovak.lowercasedString)"
            let form = try await browser.get(person + "/edit")
            let version = try #require(DeskBrowser.hidden("version", in: form.text))
            func fields(_ phone: String, version: String, position: String = "Vedoucí <script>alert(1)</script>") -> KeyValuePairs<String, String> {
                [
                    "csrf": browser.token(of: form), "version": version, "academicTitle": "Ing.", "firstName": "Jan", "lastName": "Novák",
                    "position": position, "capacityHoursPerWeek": "37,5", "phone": phone, "personalEmail": "",
                    "role.team_leader": "on", "language": "en",
                ]
            }

            let refused = try await browser.post(person + "/edit", fields("not a phone", version: version))
            let saved = try await browser.post(person + "/edit", fields("+420 603 123 456", version: version))
            let after = try await browser.get(saved.headers[.location] ?? "")
            let stale = try await browser.post(person + "/edit", fields("+420 777 000 000", version: version, position: "Later"))
            let api = try await app.send(
                .get, "/v1/users/\(Demo.janNovak.lowercasedString)", token: try await app.token("admin@staffbook.example"))
            struct Profile: Decodable {
                var position: String?
                var phone: String?
                var capacityHoursPerWeek: Double?
                var roles: [String]
                var language: String
            }
            let profile = try api.decode(Profile.self)

            #expect(form.status == .ok && form.text.contains("value=\"Jan\"") && form.text.contains("name=\"version\""))
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("Phone: "), "the refused field is named by its label")
            #expect(refused.text.contains("value=\"not a phone\"") && refused.text.contains("value=\"37,5\""))
            #expect(refused.text.contains("Vedoucí &lt;script&gt;alert(1)&lt;/script&gt;") && !refused.text.contains("<script>alert"))
            #expect(saved.status == .seeOther && after.text.contains("The profile was saved."), "the notice says what was done")
            #expect(after.text.contains("Vedoucí &lt;script&gt;alert(1)&lt;/script&gt;") && !after.text.contains("<script>alert"))
            #expect(profile.position == "Vedoucí <script>alert(1)</script>" && profile.phone == "+420 603 123 456")
            #expect(profile.capacityHoursPerWeek == 37.5 && profile.roles.sorted() == ["team_leader", "worker"] && profile.language == "en")
            #expect(stale.status == .preconditionFailed)
            #expect(stale.text.contains("Someone changed this profile meanwhile") && stale.text.contains("value=\"Later\""))
            #expect(stale.text.contains("value=\"+420 777 000 000\""))
        }
    }

    @Test func nobodyButAnAdminOpensOrSendsTheProfileForm() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            for email in ["lead.mobile@staffbook.example", "jan.novak@staffbook.example"] {
                let browser = DeskBrowser(app)
                try await browser.signIn(email)
                let home = try await browser.get("/desk")
                let edit = "/desk/people/\(Demo.janNovak.lowercasedString)/edit"

                let page = try await browser.get(edit)
                let sent = try await browser.post(edit, ["csrf": browser.token(of: home), "version": "1", "firstName": "Hacked"])
                let own = try await browser.get("/desk/people/\(Demo.janNovak.lowercasedString)")

                #expect(page.status == .notFound && sent.status == .notFound, "\(email)")
                #expect(!own.text.contains("Edit the profile"), "\(email)")
            }
            #expect(try await app.sql("SELECT first_name FROM accounts WHERE id = '\(Demo.janNovak)'") == ["Jan"])
        }
    }
}
