import Foundation
import HTTPTypes
import HummingbirdTesting
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Hourly rates")
struct RateTests {
    private struct History: Decodable {
        struct Item: Decodable {
            struct Increase: Decodable { var absolute: String; var percent: String }
            var id: String; var amount: String; var effectiveFrom: String; var increase: Increase?
        }
        var items: [Item]
        var nextCursor: String?
    }

    @Test func historyIsNewestFirstWithEachIncreaseRoundedHalfUp() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")

            let history = try await app.send(.get, "/v1/users/\(Demo.janNovak)/rates", token: token).decode(History.self)

            #expect(history.items.map(\.effectiveFrom) == ["2027-01-01", "2026-01-01", "2025-07-01", "2025-01-01", "2024-07-01", "2024-01-01", "2023-02-01"])
            // 850 → 900: +50, 5.882352…% → 5.88; 550 → 570: +20, 3.636…% → 3.64.
            #expect(history.items[0].increase?.absolute == "50.00")
            #expect(history.items[0].increase?.percent == "5.88")
            #expect(history.items[5].increase?.percent == "3.64")
            #expect(history.items.last?.increase == nil)
        }
    }

    @Test func historyPagesByCursor() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let first = try await app.send(.get, "/v1/users/\(Demo.janNovak)/rates?limit=4", token: token).decode(History.self)
            let second = try await app.send(
                .get, "/v1/users/\(Demo.janNovak)/rates?limit=4&cursor=\(try #require(first.nextCursor))", token: token
            ).decode(History.self)

            #expect(first.items.count == 4)
            #expect(second.items.map(\.effectiveFrom) == ["2024-07-01", "2024-01-01", "2023-02-01"])
            #expect(second.items.last?.increase == nil)
            #expect(second.nextCursor == nil)
        }
    }

    @Test func aSecondRateOnTheSameDateAnswers409() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let added = try await app.send(.post, "/v1/users/\(Demo.ondrejChalupa)/rates", token: token, json: #"{"amount":"999.99","effectiveFrom":"2027-02-01"}"#)
            let duplicate = try await app.send(.post, "/v1/users/\(Demo.ondrejChalupa)/rates", token: token, json: #"{"amount":"1000","effectiveFrom":"2027-02-01"}"#)

            #expect(added.status == .created)
            #expect(added.text.contains(#""amount":"999.99""#))
            #expect(duplicate.status == .conflict)
            #expect(duplicate.problem?.type == "urn:staffbook:problem:rate-date-taken")
        }
    }

    @Test func onlyARateNotYetInEffectCanBeDeleted() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            let history = try await app.send(.get, "/v1/users/\(Demo.janNovak)/rates", token: token).decode(History.self)

            let inEffect = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/rates/\(history.items[1].id)", token: token)
            let upcoming = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/rates/\(history.items[0].id)", token: token)
            let again = try await app.send(.delete, "/v1/users/\(Demo.janNovak)/rates/\(history.items[0].id)", token: token)

            #expect(inEffect.status == .conflict)
            #expect(inEffect.problem?.type == "urn:staffbook:problem:rate-in-effect")
            #expect(upcoming.status == .noContent)
            #expect(again.status == .notFound)
        }
    }

    @Test func theDatabaseForbidsRewritingARate() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()

            // The trigger raises integrity_constraint_violation without naming a constraint.
            await #expect(throws: StoreError.unexpectedConstraint(name: nil)) {
                try await app.withDatabase { pool in
                    try await pool.withConnection { connection in
                        try await connection.query("UPDATE hourly_rates SET amount = amount + 1", logger: TestDatabase.logger)
                    }
                }
            }
        }
    }

    @Test func theAverageIncreaseOfAMonthOnAWorkedExample() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            // Three rates take effect in 2027-03: 900 → 1000 (+100, 11.111…%),
            // 700 → 707 (+7, 1.00%), 400 → 401 (+1, 0.25%); one person's first rate does not count.
            try await app.withDatabase { pool in
                try await pool.withConnection { connection in
                    _ = try await connection.query(
                        """
                        INSERT INTO accounts (id, email, first_name, last_name, created_at, updated_at) VALUES
                            ('00000000-0000-4000-8000-000000000101', 'a@x.cz', 'A', 'A', now(), now()),
                            ('00000000-0000-4000-8000-000000000102', 'b@x.cz', 'B', 'B', now(), now()),
                            ('00000000-0000-4000-8000-000000000103', 'c@x.cz', 'C', 'C', now(), now()),
                            ('00000000-0000-4000-8000-000000000104', 'd@x.cz', 'D', 'D', now(), now())
                        """,
                        logger: TestDatabase.logger
                    )
                    _ = try await connection.query(
                        """
                        INSERT INTO hourly_rates (account_id, amount, effective_from, set_at) VALUES
                            ('00000000-0000-4000-8000-000000000101', 900, '2026-01-01', now()),
                            ('00000000-0000-4000-8000-000000000101', 1000, '2027-03-01', now()),
                            ('00000000-0000-4000-8000-000000000102', 700, '2026-01-01', now()),
                            ('00000000-0000-4000-8000-000000000102', 707, '2027-03-15', now()),
                            ('00000000-0000-4000-8000-000000000103', 400, '2026-01-01', now()),
                            ('00000000-0000-4000-8000-000000000103', 401, '2027-03-31', now()),
                            ('00000000-0000-4000-8000-000000000104', 500, '2027-03-01', now())
                        """,
                        logger: TestDatabase.logger
                    )
                }
            }

            let march = try await app.send(.get, "/v1/rates/increases/average?month=2027-03", token: token)
            let empty = try await app.send(.get, "/v1/rates/increases/average?month=2027-04", token: token)
            let invalid = try await app.send(.get, "/v1/rates/increases/average?month=2027-13", token: token)

            // Absolute: (100 + 7 + 1) / 3 = 36.00; percent: (11.1111 + 1 + 0.25) / 3 = 4.1204 → 4.12.
            #expect(try march.decode([String: AnyCodableValue].self) == [
                "averageAbsolute": .string("36.00"), "averagePercent": .string("4.12"), "count": .int(3), "month": .string("2027-03"),
            ])
            #expect(try empty.decode([String: AnyCodableValue].self) == ["count": .int(0), "month": .string("2027-04")])
            #expect(invalid.status == .badRequest)
            #expect(invalid.problem?.errors?.first?.field == "query.month")
        }
    }

    @Test func increasesPerPersonInARangeInCzechOrder() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            struct List: Decodable {
                struct Item: Decodable {
                    struct Person: Decodable { var lastName: String }
                    struct Increase: Decodable { var effectiveFrom: String; var amount: String; var previousAmount: String; var absolute: String }
                    var person: Person; var increases: [Increase]
                }
                var items: [Item]
            }

            let list = try await app.send(.get, "/v1/rates/increases?from=2026-01&to=2026-01&limit=100", token: token).decode(List.self)
            let reversed = try await app.send(.get, "/v1/rates/increases?from=2026-02&to=2026-01", token: token)

            let names = list.items.map(\.person.lastName)
            #expect(names.firstIndex(of: "Horáková")! < names.firstIndex(of: "Chalupa")!)
            let jan = try #require(list.items.first { $0.person.lastName == "Novák" })
            #expect(jan.increases.map(\.effectiveFrom) == ["2026-01-01"])
            #expect(jan.increases.first?.previousAmount == "750.00")
            #expect(jan.increases.first?.absolute == "100.00")
            #expect(reversed.status == .badRequest)
        }
    }

}

/// A JSON value, for comparing whole small bodies without caring about key order.
enum AnyCodableValue: Decodable, Equatable {
    case string(String), int(Int), bool(Bool)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) { self = .int(int) }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else { self = .string(try container.decode(String.self)) }
    }
}
