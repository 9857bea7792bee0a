import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Rate corrections")
struct RateCorrectionTests {
    struct Person: Decodable { var id: String; var firstName: String; var lastName: String }
    struct Superseded: Decodable { var id: String; var amount: String; var effectiveFrom: String; var reason: String?; var setBy: Person? }
    struct Item: Decodable {
        var id: String; var amount: String; var effectiveFrom: String; var reason: String?; var setBy: Person?
        var supersedes: [Superseded]?
    }
    struct History: Decodable { var items: [Item] }
    struct Affected: Decodable { var invoiceId: String; var period: String; var state: String; var outcome: String; var amount: String? }
    struct Corrected: Decodable { var rate: Item; var affectedStatements: [Affected] }

    static let katerina = Demo.id(18)

    func history(_ app: TestContext, _ person: UUID, token: String) async throws -> History {
        try await app.send(.get, "/v1/users/\(person)/rates", token: token).decode(History.self)
    }

    @Test func aRateInEffectIsCorrectedTheOldOneKeptAndItsStatementsRegeneratedOrListed() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Kateřina Nováková's rate from January 2026 should have been 495, not 490. Her statements
            // since: January–July paid, August and September approved, October submitted (120 h given).
            let before = try await history(app, Self.katerina, token: admin)
            let typo = try #require(before.items.first { $0.effectiveFrom == "2026-01-01" })

            let response = try await app.send(
                .post, "/v1/users/\(Self.katerina)/rates/\(typo.id)/corrections", token: admin,
                json: #"{"amount":"495","reason":"Překlep: dohodnuto 495 Kč"}"#
            )
            let after = try await history(app, Self.katerina, token: admin)
            let own = try await app.send(.get, "/v1/me/rate", token: try await app.token("katerina.novakova@staffbook.example"))
            let increases = try await app.send(.get, "/v1/rates/increases?from=2026-01&to=2026-01&limit=100", token: admin)

            #expect(response.status == .created, "\(response.text)")
            let corrected = try response.decode(Corrected.self)
            #expect(corrected.rate.amount == "495.00" && corrected.rate.effectiveFrom == "2026-01-01")
            #expect(corrected.rate.reason == "Překlep: dohodnuto 495 Kč")
            #expect(corrected.rate.setBy?.id == Demo.admin.uuidString.lowercased())
            #expect(corrected.rate.supersedes?.map(\.amount) == ["490.00"])
            #expect(corrected.rate.supersedes?.first?.reason == "Pololetní hodnocení / half-year review")
            // Approved and paid months are named and left alone; the submitted one is written again.
            let leftAlone = corrected.affectedStatements.filter { $0.outcome == "left_alone" }
            #expect(leftAlone.map(\.period) == ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09"])
            #expect(leftAlone.map(\.state) == ["paid", "paid", "paid", "paid", "paid", "paid", "paid", "approved", "approved"])
            let regenerated = corrected.affectedStatements.filter { $0.outcome == "regenerated" }
            #expect(regenerated.map(\.period) == ["2026-10"])
            #expect(regenerated.first?.amount == "59400.00")
            // The history shows the correction in the old one's place, the old one beneath it.
            #expect(after.items.map(\.effectiveFrom) == before.items.map(\.effectiveFrom))
            #expect(after.items.first { $0.effectiveFrom == "2026-01-01" }?.supersedes?.first?.id == typo.id)
            #expect(own.text.contains(#""amount":"495.00""#))
            struct Increases: Decodable {
                struct Row: Decodable {
                    struct Step: Decodable { var amount: String; var previousAmount: String; var reason: String? }
                    var person: Person; var increases: [Step]
                }
                var items: [Row]
            }
            let hers = try increases.decode(Increases.self).items.first { $0.person.id == Self.katerina.uuidString.lowercased() }
            #expect(hers?.increases.map(\.amount) == ["495.00"])
            #expect(hers?.increases.first?.previousAmount == "710.00")
            #expect(hers?.increases.first?.reason == "Překlep: dohodnuto 495 Kč")
            // Stored: the old row kept and pointing at its correction; October's amount and a new file version.
            let rows = try await app.sql(
                "SELECT amount::text || ' ' || (superseded_by IS NULL)::text FROM hourly_rates WHERE account_id = '\(Self.katerina)' AND effective_from = '2026-01-01' ORDER BY set_at"
            )
            #expect(rows == ["490.00 false", "495.00 true"])
            let october = try await app.sql(
                "SELECT amount::text || ' ' || (SELECT count(*) FROM invoice_files f WHERE f.invoice_id = i.id)::text FROM invoices i WHERE account_id = '\(Self.katerina)' AND period >= '2026-08-01' ORDER BY period"
            )
            #expect(october == ["58800.00 1", "58800.00 1", "59400.00 2"])
            let audit = try await app.sql(
                "SELECT action || ' ' || (changes->'reason'->>'to') FROM audit_log WHERE entity = 'hourly_rate' AND entity_id = '\(typo.id)' AND action = 'supersede'"
            )
            #expect(audit == ["supersede Překlep: dohodnuto 495 Kč"])
            let told = try await app.sql(
                "SELECT payload->>'amount' || ' ' || (payload->>'reason') FROM notifications WHERE account_id = '\(Self.katerina)' AND kind = 'rate_announced'"
            )
            #expect(told == ["495.00 Překlep: dohodnuto 495 Kč"])
        }
    }

    @Test func aCorrectedDateMovesTheRateAndADateAnotherRateHasAnswers409() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Ondřej Chalupa's July 2025 rate started in August in fact.
            let before = try await history(app, Demo.ondrejChalupa, token: admin)
            let july = try #require(before.items.first { $0.effectiveFrom == "2025-07-01" })

            let taken = try await app.send(
                .post, "/v1/users/\(Demo.ondrejChalupa)/rates/\(july.id)/corrections", token: admin,
                json: #"{"effectiveFrom":"2026-01-01","reason":"Posun"}"#
            )
            let moved = try await app.send(
                .post, "/v1/users/\(Demo.ondrejChalupa)/rates/\(july.id)/corrections", token: admin,
                json: #"{"effectiveFrom":"2025-08-01","reason":"Nastoupil na nový projekt až v srpnu"}"#
            )
            let july2025 = try await app.send(.get, "/v1/rates/increases?from=2025-07&to=2025-07&limit=100", token: admin)
            let august2025 = try await app.send(.get, "/v1/rates/increases?from=2025-08&to=2025-08&limit=100", token: admin)

            #expect(taken.status == .conflict)
            #expect(taken.problem?.type == "urn:staffbook:problem:rate-date-taken")
            #expect(moved.status == .created, "\(moved.text)")
            #expect(try moved.decode(Corrected.self).rate.effectiveFrom == "2025-08-01")
            #expect(try moved.decode(Corrected.self).affectedStatements.isEmpty)
            #expect(!july2025.text.contains(Demo.ondrejChalupa.uuidString.lowercased()))
            #expect(august2025.text.contains(Demo.ondrejChalupa.uuidString.lowercased()))
            let after = try await history(app, Demo.ondrejChalupa, token: admin)
            #expect(after.items.map(\.effectiveFrom).contains("2025-08-01"))
            #expect(!after.items.map(\.effectiveFrom).contains("2025-07-01"))
        }
    }

    @Test func correctionsThatCannotBeMadeAnswerWhyAndChangeNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let rate = try #require(try await history(app, Demo.ondrejChalupa, token: admin).items.first)
            let path = "/v1/users/\(Demo.ondrejChalupa)/rates/\(rate.id)/corrections"
            let english: HTTPFields = [.acceptLanguage: "en"]

            let noReason = try await app.send(.post, path, token: admin, json: #"{"amount":"801"}"#, headers: english)
            let blankReason = try await app.send(.post, path, token: admin, json: #"{"amount":"801","reason":"  "}"#, headers: english)
            let nothing = try await app.send(.post, path, token: admin, json: #"{"reason":"?"}"#, headers: english)
            let same = try await app.send(.post, path, token: admin, json: #"{"amount":"\#(rate.amount)","reason":"?"}"#, headers: english)
            let badAmount = try await app.send(.post, path, token: admin, json: #"{"amount":"-5","reason":"?"}"#, headers: english)
            let elsewhere = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/rates/\(rate.id)/corrections", token: admin, json: #"{"amount":"801","reason":"?"}"#
            )
            let first = try await app.send(.post, path, token: admin, json: #"{"amount":"801","reason":"Překlep"}"#)
            let twice = try await app.send(.post, path, token: admin, json: #"{"amount":"802","reason":"Překlep"}"#, headers: english)

            #expect(noReason.status == .badRequest)
            #expect(blankReason.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(nothing.problem?.errors?.map(\.code) == ["one_of"])
            #expect(same.status == .badRequest)
            #expect(same.problem?.errors?.map(\.code) == ["unchanged"])
            #expect(badAmount.problem?.errors?.map(\.field) == ["body.amount"])
            #expect(elsewhere.status == .notFound)
            #expect(first.status == .created)
            #expect(twice.status == .conflict)
            #expect(twice.problem?.type == "urn:staffbook:problem:rate-superseded")
            #expect(twice.problem?.detail.contains(try first.decode(Corrected.self).rate.id) == true)
            let rows = try await app.sql("SELECT count(*)::text FROM hourly_rates WHERE account_id = '\(Demo.ondrejChalupa)' AND amount IN (801, 802)")
            #expect(rows == ["1"])
        }
    }

    @Test func deletingAnUpcomingCorrectedRateTakesTheRateItCorrectedWithIt() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let upcoming = try #require(try await history(app, Demo.janNovak, token: admin).items.first)

            let corrected = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/rates/\(upcoming.id)/corrections", token: admin,
                json: #"{"amount":"950","reason":"Vyjednáno výš"}"#
            ).decode(Corrected.self)
            let oldOne = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/rates/\(upcoming.id)", token: admin)
            let deleted = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/rates/\(corrected.rate.id)", token: admin)

            #expect(upcoming.effectiveFrom == "2027-01-01")
            #expect(oldOne.problem?.type == "urn:staffbook:problem:rate-superseded")
            #expect(deleted.status == .noContent)
            let left = try await app.sql("SELECT count(*)::text FROM hourly_rates WHERE account_id = '\(Demo.janNovak)' AND effective_from = '2027-01-01'")
            #expect(left == ["0"])
        }
    }
}
