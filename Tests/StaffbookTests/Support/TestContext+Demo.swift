import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import Staffbook

/// The demo company from `seeds/`, for tests that need believable data.
enum Demo {
    static let password = "staffbook-demo"
    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))! }

    static let admin = id(1)            // Alena Dvořáková, admin
    static let mobileLead = id(2)       // Tomáš Černý, leads Mobile
    static let webLead = id(3)          // Zuzana Horáková, leads Web, admin, member of Backend
    static let janNovak = id(4)         // worker in Mobile; HPP then ICO
    static let petraSvobodova = id(5)   // worker in Mobile
    static let ondrejChalupa = id(6)    // worker in Web
    static let formerEmployee = id(10)  // deactivated
    static let backendLead = id(11)     // Lukáš Čermák, leads Backend
    static let mobileTeam = UUID(uuidString: "00000000-0000-4000-9000-000000000001")!
    static let webTeam = UUID(uuidString: "00000000-0000-4000-9000-000000000002")!
}

extension TestContext {
    func seedDemo() async throws {
        _ = try await withDatabase { pool in
            try await Seeder(config: config, logger: TestDatabase.logger).seed(pool)
        }
    }

    func token(_ email: String) async throws -> String {
        try await signIn(email, password: Demo.password).accessToken
    }

    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String?, json: String? = nil, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri, method: method, headers: headers, json: json)
    }
}
