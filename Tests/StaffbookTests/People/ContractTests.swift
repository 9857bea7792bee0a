import Foundation
import HTTPTypes
import HummingbirdTesting
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Contracts")
struct ContractTests {
    @Test func anOverlappingContractAnswers409NamingTheContractItOverlaps() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(
                .post, "/v1/users/\(Demo.janNovak)/contracts", token: token, json: #"{"type":"DPP","validFrom":"2025-06-01","validTo":"2025-08-31"}"#
            )

            #expect(response.status == .conflict)
            #expect(response.problem?.type == "urn:staffbook:problem:contract-overlap")
            #expect(response.problem?.detail.contains("HPP contract 2023-02-01 – 2025-06-30") == true)
        }
    }

    @Test func theDatabaseRejectsAnOverlappingContractInsertedDirectly() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()

            await #expect(throws: StoreError.unexpectedConstraint(name: "contracts_no_overlap")) {
                try await app.withDatabase { pool in
                    try await pool.withConnection { connection in
                        try await connection.query(
                            """
                            INSERT INTO contracts (account_id, type, valid_from, valid_to, created_at)
                            VALUES (\(Demo.janNovak), 'ICO', '2025-12-01', NULL, now())
                            """,
                            logger: TestDatabase.logger
                        )
                    }
                }
            }
        }
    }

    @Test func endingAContractThenAddingTheNextOneWorks() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            let profile = try await app.send(.get, "/v1/users/\(Demo.petraSvobodova)", token: token).decode(ProfileTests.Profile.self)
            let contract = try #require(profile.contracts.last)

            let ended = try await app.send(
                .post, "/v1/users/\(Demo.petraSvobodova)/contracts/\(contract.id)/end", token: token, json: #"{"validTo":"2026-12-31"}"#
            )
            let next = try await app.send(
                .post, "/v1/users/\(Demo.petraSvobodova)/contracts", token: token, json: #"{"type":"HPP","validFrom":"2027-01-01"}"#
            )
            let tooEarly = try await app.send(
                .post, "/v1/users/\(Demo.petraSvobodova)/contracts/\(contract.id)/end", token: token, json: #"{"validTo":"2020-01-01"}"#
            )

            #expect(ended.status == .ok)
            #expect(ended.text.contains(#""validTo":"2026-12-31""#))
            #expect(next.status == .created)
            #expect(tooEarly.status == .badRequest)
        }
    }

    @Test(arguments: [
        #"{"type":"XYZ","validFrom":"2025-01-01"}"#, #"{"type":"ICO","validFrom":"2025-13-01"}"#,
        #"{"type":"ICO","validFrom":"2025-05-01","validTo":"2025-04-30"}"#, #"{"type":"ICO"}"#,
    ])
    func invalidContractsAnswer400(json: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/users/\(Demo.ondrejChalupa)/contracts", token: token, json: json)

            #expect(response.status == .badRequest)
        }
    }
}
