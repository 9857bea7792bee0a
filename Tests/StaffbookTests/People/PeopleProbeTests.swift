import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import JWTKit
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Findings of the outside probes about this area, one test (or more) each; each test is
/// tagged with the probe that found it. The timing and slow-client medians are in `make verify`.
@Suite("People and accounts: what the outside probes found")
struct PeopleProbeTests {
    private struct People: Decodable {
        struct Item: Decodable { var lastName: String }
        var items: [Item]
    }

    // 4. LIKE wildcards after unaccent.

    @Test(.tags(.secondProbe), arguments: ["%EF%BC%85", "%EF%BC%BF", "%25", "_"])
    func likeWildcards_aFullwidthOrPlainWildcardMatchesNobody(q: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let people = try await app.get("/v1/users?q=\(q)", token: admin)
            let invoices = try await app.get("/v1/invoices?q=\(q)", token: admin)

            #expect(people.status == .ok)
            #expect(try people.decode(People.self).items.isEmpty)
            #expect(invoices.text.contains(#""items":[]"#), "\(invoices.text.prefix(200))")
        }
    }

    // 14. Demo accounts in a deployment.

    @Test(.tags(.secondProbe)) func demoAccounts_theyAreFoundWhileTheyKeepTheDemoPasswordAndOnlyOnAReachableServer() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            try await app.createAccount(email: "real@company.test")
            _ = try await app.sql(
                "UPDATE accounts SET password_hash = '\(Bcrypt.hash("a real password now", cost: 4))' WHERE email = 'jan.novak@staffbook.example'"
            )

            let (found, others) = try await app.withDatabase { pool in
                let accounts = PostgresAccountRepository(database: pool, logger: TestDatabase.logger)
                return (
                    try await DemoAccounts.usingDemoPassword(accounts: accounts, hasher: PasswordHasher(cost: 4)),
                    try await accounts.countAccounts(outsideEmailDomain: DemoAccounts.emailDomain)
                )
            }

            #expect(found.contains("admin@staffbook.example"))
            #expect(!found.contains("jan.novak@staffbook.example"))
            #expect(!found.contains("karel.byvaly@staffbook.example"))
            #expect(others == 1)
            #expect(DemoAccounts.isLoopback("127.0.0.1") && DemoAccounts.isLoopback("::1"))
            #expect(!DemoAccounts.isLoopback("0.0.0.0"))
        }
    }
}
